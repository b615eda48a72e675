import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { suggestionsHolders } from '../suggestions-slice';

/** Loads the articles sent in record `recordId`'s messages (agents only: the call is theirs). */
export function useSentArticles(recordId: number, agent: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (agent) dispatch(suggestionsHolders.sentArticles.actions.requested(recordId));
  }, [dispatch, agent, recordId]);
}

/** "Article sent: <title>" under a message that sent an article (agents; sentArticles holder). */
export function SentArticleNote({ messageId }: { messageId: number }) {
  const { t } = useTranslation('suggestions');
  const sent = useAppSelector((state) =>
    state.holders.sentArticles.data?.find((s) => s.message_id === messageId),
  );
  if (!sent) return null;
  return (
    <div className="small text-body-secondary mt-1">{t('articleSent', { title: sent.title })}</div>
  );
}
