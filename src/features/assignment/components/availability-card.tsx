import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { Loading } from '../../records/components/states';
import { assignmentHolders } from '../assignment-slice';

const H = assignmentHolders;

/** An agent's away / back control (their profile): automatic assignment skips away agents. */
export function AvailabilityCard() {
  const { t } = useTranslation('assignment');
  const dispatch = useAppDispatch();
  const mine = useAppSelector((state) => state.holders.myAvailability);
  const setting = useAppSelector((state) => state.holders.setMyAvailability);
  useEffect(() => {
    dispatch(H.myAvailability.actions.requested());
  }, [dispatch]);

  let body: React.ReactNode;
  if (!mine.data) {
    body = mine.error ? (
      <p className="text-danger mb-0">{t('availability.loadError')}</p>
    ) : (
      <Loading />
    );
  } else {
    const { away, changed_at: since } = mine.data;
    body = (
      <>
        <p className="mb-1" role="status">
          {away ? t('availability.away') : t('availability.available')}
        </p>
        {since && (
          <p className="text-body-secondary small">
            {t('availability.since', { time: formatDateTimeLocal(since) })}
          </p>
        )}
        <button
          type="button"
          className={away ? 'btn btn-primary' : 'btn btn-outline-secondary'}
          disabled={setting.loading}
          aria-busy={setting.loading || undefined}
          onClick={() => dispatch(H.setMyAvailability.actions.requested({ away: !away }))}
        >
          {away ? t('availability.comeBack') : t('availability.goAway')}
        </button>
      </>
    );
  }
  return (
    <section className="card mt-4" aria-labelledby="availability-heading">
      <div className="card-body">
        <h2 id="availability-heading" className="h5 mb-3">
          {t('availability.heading')}
        </h2>
        {body}
      </div>
    </section>
  );
}
