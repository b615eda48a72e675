import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { threadsHolders } from '../threads-slice';
import type { RecordKey } from '../types';

const H = threadsHolders;

/** Follow / Following (aria-pressed): whether the caller is mailed about changes. */
export function FollowButton({ record, following }: { record: RecordKey; following?: boolean }) {
  const { t } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.notificationUpdate);
  const { type, id } = record;
  const known = holder.data?.recordId === id ? holder.data.following : following;

  useEffect(() => {
    // Records carry `following`; an answer without it is read once.
    if (following === undefined)
      dispatch(H.notificationUpdate.actions.requested({ record: { type, id } }));
  }, [dispatch, type, id, following]);

  if (known === undefined) return null;
  return (
    <button
      type="button"
      className={`btn ${known ? 'btn-primary' : 'btn-outline-primary'}`}
      aria-pressed={known}
      disabled={holder.loading}
      onClick={() =>
        dispatch(
          H.notificationUpdate.actions.requested({ record: { type, id }, following: !known }),
        )
      }
    >
      {known ? t('follow.following') : t('follow.follow')}
    </button>
  );
}
