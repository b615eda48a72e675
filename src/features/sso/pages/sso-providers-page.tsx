import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { ProviderForm, toBody } from '../provider-form';
import { ssoHolders } from '../sso-slice';
import type { SsoProvider } from '../types';

const H = ssoHolders;

/** /sso-providers (administrators; the route's adminOnly): single sign-on providers. */
export default function SsoProvidersPage() {
  const { t } = useTranslation('sso');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/sso-providers' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.ssoProviders);
  const save = useAppSelector((state) => state.holders.saveSsoProvider);
  const removal = useAppSelector((state) => state.holders.deleteSsoProvider);
  const [editing, setEditing] = useState<SsoProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SsoProvider | null>(null);

  useEffect(() => {
    dispatch(H.ssoProviders.actions.requested());
    return () => {
      dispatch(H.saveSsoProvider.actions.reset());
      dispatch(H.deleteSsoProvider.actions.reset());
      dispatch(H.ssoDiscovery.actions.reset());
    };
  }, [dispatch]);
  const [savedSeen, setSavedSeen] = useState<unknown>(null);
  const [deletedSeen, setDeletedSeen] = useState<unknown>(null);
  if (save.data && save.data !== savedSeen) {
    setSavedSeen(save.data);
    setEditing(null);
  }
  if (removal.data && removal.data !== deletedSeen) {
    setDeletedSeen(removal.data);
    setDeleting(null);
  }
  const open = (target: SsoProvider | 'new') => {
    dispatch(H.saveSsoProvider.actions.reset());
    dispatch(H.ssoDiscovery.actions.reset());
    setEditing(target);
  };

  const providers = list.data ?? [];
  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = (
      <ErrorState
        message={t('loadError')}
        onRetry={() => dispatch(H.ssoProviders.actions.requested())}
      />
    );
  else if (providers.length === 0) body = <p className="text-body-secondary">{t('empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.label')}</th>
              <th scope="col">{t('columns.issuer')}</th>
              <th scope="col">{t('columns.domains')}</th>
              <th scope="col">{t('columns.state')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {providers.map((p) => (
              <tr key={p.id}>
                <td>{p.label}</td>
                <td className="text-break">
                  <code>{p.issuer}</code>
                </td>
                <td>{p.domains.join(', ') || t('noDomains')}</td>
                <td>{p.active ? t('state.active') : t('state.off')}</td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={t('editNamed', { label: p.label })}
                      onClick={() => open(p)}
                    >
                      {t('edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('deleteNamed', { label: p.label })}
                      onClick={() => {
                        dispatch(H.deleteSsoProvider.actions.reset());
                        setDeleting(p);
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
      {editing === null ? (
        <button type="button" className="btn btn-primary mb-3" onClick={() => open('new')}>
          {t('add')}
        </button>
      ) : (
        <ProviderForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.updated_at}`}
          provider={editing === 'new' ? null : editing}
          saving={save.loading}
          error={save.error}
          onSave={(values) =>
            dispatch(
              H.saveSsoProvider.actions.requested(
                editing === 'new'
                  ? { body: toBody(values) }
                  : { id: editing.id, body: toBody(values) },
              ),
            )
          }
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveSsoProvider.actions.reset());
          }}
        />
      )}
      {body}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('confirmDelete.title')}
        text={deleting ? t('confirmDelete.text', { label: deleting.label }) : undefined}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('confirmDelete.cancel')}
        danger
        busy={removal.loading}
        onConfirm={() => {
          if (deleting) dispatch(H.deleteSsoProvider.actions.requested(deleting.id));
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
