import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { suggestionsHolders } from '../suggestions-slice';

/**
 * "Help centre: 12 views, 3 helpful, 1 not helpful": a content item's help centre counts, all
 * days (agents only). Asked again when the record changes (`version`), e.g. made public.
 */
export function HelpCentreTotals({ contentId, version }: { contentId: number; version: number }) {
  const { t } = useTranslation('suggestions');
  const dispatch = useAppDispatch();
  const totals = useAppSelector((state) => state.holders.articleTotals);
  // Another item's counts never show while this one's load.
  useEffect(() => {
    dispatch(suggestionsHolders.articleTotals.actions.reset());
  }, [dispatch, contentId]);
  useEffect(() => {
    dispatch(suggestionsHolders.articleTotals.actions.requested(contentId));
  }, [dispatch, contentId, version]);
  const data = totals.data;
  if (totals.error) {
    return (
      <p className="small mb-2 text-danger" data-testid="help-centre-totals">
        {t('totals.failed')}
      </p>
    );
  }
  if (!data) return null;
  return (
    <p className="small mb-2" data-testid="help-centre-totals">
      <strong>{t('totals.title')}:</strong>{' '}
      {t('totals.line', { views: data.views, helpful: data.helpful, unhelpful: data.unhelpful })}
    </p>
  );
}
