import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { formatDateTimeLocal } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { DeliveryLog } from '../components/delivery-log';
import { EndpointForm, toBody } from '../components/endpoint-form';
import { SecretPanel } from '../components/secret-panel';
import type { WebhookEndpoint } from '../types';
import { webhooksHolders } from '../webhooks-slice';

const H = webhooksHolders;

/** /webhooks (administrators; the route's adminOnly): the endpoints, their secrets and delivery logs. */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/webhooks' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.webhooks);
  const save = useAppSelector((state) => state.holders.saveWebhook);
  const removal = useAppSelector((state) => state.holders.deleteWebhook);
  const secret = useAppSelector((state) => state.holders.webhookSecret);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [regenerating, setRegenerating] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);

  useEffect(() => {
    dispatch(H.webhooks.actions.requested());
    return () => {
      dispatch(H.saveWebhook.actions.reset());
      dispatch(H.deleteWebhook.actions.reset());
      dispatch(H.webhookSecret.actions.reset());
    };
  }, [dispatch]);
  // A save that went through closes the form; a deletion or a new secret closes its dialog.
  const [savedSeen, setSavedSeen] = useState<unknown>(null);
  const [deletedSeen, setDeletedSeen] = useState<unknown>(null);
  const [secretSeen, setSecretSeen] = useState<unknown>(null);
  if (save.data && save.data !== savedSeen) {
    setSavedSeen(save.data);
    setEditing(null);
  }
  if (removal.data && removal.data !== deletedSeen) {
    setDeletedSeen(removal.data);
    if (logOf === removal.data.id) setLogOf(null);
    setDeleting(null);
  }
  if (secret.data && secret.data !== secretSeen) {
    setSecretSeen(secret.data);
    setRegenerating(null);
  }
  const open = (target: WebhookEndpoint | 'new') => {
    dispatch(H.saveWebhook.actions.reset());
    setEditing(target);
  };

  const endpoints = list.data ?? [];
  const logged = endpoints.find((e) => e.id === logOf) ?? null;
  const stateOf = (e: WebhookEndpoint) => {
    if (e.disabled_at)
      return t('state.disabled', { date: formatDateTimeLocal(e.failing_since ?? e.disabled_at) });
    if (!e.active) return t('state.off');
    if (e.failing_since) return t('state.failing', { date: formatDateTimeLocal(e.failing_since) });
    return t('state.active');
  };

  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = (
      <ErrorState
        message={t('loadError')}
        onRetry={() => dispatch(H.webhooks.actions.requested())}
      />
    );
  else if (endpoints.length === 0) body = <p className="text-body-secondary">{t('empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.url')}</th>
              <th scope="col">{t('columns.events')}</th>
              <th scope="col">{t('columns.state')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((e) => (
              <tr key={e.id}>
                <td className="text-break">
                  <code>{e.url}</code>
                </td>
                <td>{e.events.map((ev) => t(`events.${ev}`)).join(', ')}</td>
                <td>{stateOf(e)}</td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={t('logNamed', { url: e.url })}
                      aria-pressed={logOf === e.id}
                      onClick={() => setLogOf(logOf === e.id ? null : e.id)}
                    >
                      {t('log')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={t('editNamed', { url: e.url })}
                      onClick={() => open(e)}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={t('regenerateNamed', { url: e.url })}
                      onClick={() => setRegenerating(e)}
                    >
                      {t('regenerate')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('deleteNamed', { url: e.url })}
                      onClick={() => {
                        dispatch(H.deleteWebhook.actions.reset());
                        setDeleting(e);
                      }}
                    >
                      {t('delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div>
      <p>{t('intro')}</p>
      {secret.data && (
        <SecretPanel
          secret={secret.data.secret}
          onDone={() => dispatch(H.webhookSecret.actions.reset())}
        />
      )}
      {editing === null ? (
        <button type="button" className="btn btn-primary mb-3" onClick={() => open('new')}>
          {t('add')}
        </button>
      ) : (
        <EndpointForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.updated_at}`}
          endpoint={editing === 'new' ? null : editing}
          saving={save.loading}
          error={save.error}
          onSave={(values) =>
            dispatch(
              H.saveWebhook.actions.requested(
                editing === 'new'
                  ? { body: toBody(values) }
                  : { id: editing.id, body: toBody(values) },
              ),
            )
          }
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveWebhook.actions.reset());
          }}
        />
      )}
      {body}
      {logged && <DeliveryLog endpoint={logged} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('confirmDelete.title')}
        text={deleting ? t('confirmDelete.text', { url: deleting.url }) : undefined}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('confirmDelete.cancel')}
        danger
        busy={removal.loading}
        onConfirm={() => {
          if (deleting) dispatch(H.deleteWebhook.actions.requested(deleting.id));
        }}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        isOpen={regenerating !== null}
        title={t('confirmRegenerate.title')}
        text={regenerating ? t('confirmRegenerate.text', { url: regenerating.url }) : undefined}
        confirmLabel={t('confirmRegenerate.confirm')}
        cancelLabel={t('confirmRegenerate.cancel')}
        busy={secret.loading}
        onConfirm={() => {
          if (regenerating) dispatch(H.webhookSecret.actions.requested(regenerating.id));
        }}
        onCancel={() => setRegenerating(null)}
      />
    </div>
  );
}
