import '../i18n';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';

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
