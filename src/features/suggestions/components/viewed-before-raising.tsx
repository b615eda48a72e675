import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { suggestionsHolders } from '../suggestions-slice';

/**
 * "Viewed before raising: …": the articles the requester opened among the suggestions before
 * raising the ticket (agents only; nothing when there are none).
 */
export function ViewedBeforeRaising({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('suggestions');
  const dispatch = useAppDispatch();
  const viewed = useAppSelector((state) => state.holders.viewedBeforeRaising);
  useEffect(() => {
    dispatch(suggestionsHolders.viewedBeforeRaising.actions.reset());
    dispatch(suggestionsHolders.viewedBeforeRaising.actions.requested(ticketId));
  }, [dispatch, ticketId]);
  const items = viewed.data ?? [];
  if (!items.length) return null;
  return (
    <p className="small mb-2" data-testid="viewed-before-raising">
      {t('viewedBeforeRaising', { titles: items.map((a) => a.title).join(', ') })}
    </p>
  );
}
