import '../i18n';
import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { HolderView } from '../../records/components/states';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../types';
import { webhooksHolders } from '../webhooks-slice';

const H = webhooksHolders;

const STATE_TONE: Record<WebhookDelivery['state'], string> = {
  queued: 'text-bg-secondary',
  retrying: 'text-bg-warning',
  delivered: 'text-bg-success',
  failed: 'text-bg-danger',
};

function AttemptRow({ a }: { a: WebhookAttempt }) {
  const { t } = useTranslation('webhooks');
  return (
    <li className="mb-2">
      <div>
        {formatDateTimeLocal(a.attempted_at)} · {a.response_code ?? t('deliveries.noAnswer')} ·{' '}
        {t('deliveries.ms', { ms: a.duration_ms })}
        {a.manual && <> · {t('deliveries.manual')}</>}
      </div>
      {a.error && <div className="text-danger small">{a.error}</div>}
      {a.response_body && (
        <details>
          <summary className="small">{t('deliveries.body')}</summary>
          <pre className="small bg-body-tertiary p-2 mb-0 text-wrap">{a.response_body}</pre>
        </details>
      )}
    </li>
  );
}

/** One endpoint's newest deliveries, each with its attempts and "Send again". */
export function DeliveryLog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const log = useAppSelector((state) => state.holders.webhookDeliveries);
  const sending = useAppSelector((state) => state.holders.sendWebhookAgain);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    dispatch(H.webhookDeliveries.actions.requested(endpoint.id));
    return () => {
      dispatch(H.webhookDeliveries.actions.reset());
    };
  }, [dispatch, endpoint.id]);

  const body = (
    <HolderView
      holder={log}
      loadError={t('loadError')}
      onRetry={() => dispatch(H.webhookDeliveries.actions.requested(endpoint.id))}
      empty={t('deliveries.empty')}
    >
      {(deliveries) => (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">
              {t('deliveries.title', { url: endpoint.url })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('deliveries.time')}</th>
                <th scope="col">{t('deliveries.event')}</th>
                <th scope="col">{t('deliveries.state')}</th>
                <th scope="col">{t('deliveries.attempts')}</th>
                <th scope="col">{t('deliveries.code')}</th>
                <th scope="col">{t('deliveries.duration')}</th>
                <th scope="col">{t('deliveries.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => {
                const last = d.attempts[0];
                const short = d.id.slice(0, 8);
                const shown = open === d.id;
                return (
                  <Fragment key={d.id}>
                    <tr>
                      <td>{formatDateTimeLocal(d.created_at)}</td>
                      <td>{t(`events.${d.event}`, { defaultValue: d.event })}</td>
                      <td>
                        <span className={`badge ${STATE_TONE[d.state]}`}>
                          {t(`deliveries.states.${d.state}`)}
                        </span>
                        {d.next_attempt_at && (
                          <div className="small text-body-secondary">
                            {t('deliveries.nextAttempt', {
                              date: formatDateTimeLocal(d.next_attempt_at),
                            })}
                          </div>
                        )}
                      </td>
                      <td>{d.attempts.length}</td>
                      <td>{last ? (last.response_code ?? t('deliveries.noAnswer')) : ''}</td>
                      <td>{last ? t('deliveries.ms', { ms: last.duration_ms }) : ''}</td>
                      <td>
                        <div className="d-flex flex-wrap gap-1">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-secondary"
                            aria-expanded={shown}
                            aria-controls={`${headingId}-${d.id}`}
                            aria-label={t('deliveries.showNamed', { id: short })}
                            disabled={d.attempts.length === 0}
                            onClick={() => setOpen(shown ? null : d.id)}
                          >
                            {t('deliveries.show')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary"
                            aria-label={t('deliveries.sendAgainNamed', { id: short })}
                            disabled={sending.loading}
                            onClick={() =>
                              dispatch(
                                H.sendWebhookAgain.actions.requested({
                                  endpointId: endpoint.id,
                                  deliveryId: d.id,
                                }),
                              )
                            }
                          >
                            {t('deliveries.sendAgain')}
                          </button>
                        </div>
                      </td>
                    </tr>
                    {shown && (
                      <tr id={`${headingId}-${d.id}`}>
                        <td colSpan={7}>
                          <ul className="list-unstyled mb-0">
                            {d.attempts.map((a, i) => (
                              <AttemptRow key={i} a={a} />
                            ))}
                          </ul>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </HolderView>
  );

  return (
    <section className="card card-body mb-4" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto text-break" id={headingId}>
          {t('deliveries.title', { url: endpoint.url })}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={log.loading}
          onClick={() => dispatch(H.webhookDeliveries.actions.requested(endpoint.id))}
        >
          {t('deliveries.refresh')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
          {t('deliveries.close')}
        </button>
      </div>
      {body}
    </section>
  );
}
