import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { formatDateTimeLocal } from '../../../lib/dates';
import { HolderView } from '../../records/components/states';
import { adminHolders } from '../admin-slice';
import type { AdminApiToken } from '../types';

const H = adminHolders;

/** Every user's API tokens with their owner; an administrator revokes any of them. */
export function ApiTokensAdmin() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.adminApiTokens);
  const revoking = useAppSelector((state) => state.holders.revokeAdminApiToken.loading);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    dispatch(H.adminApiTokens.actions.requested());
  }, [dispatch]);

  const revoke = (token: AdminApiToken) =>
    ask({
      title: t('tokens.confirm.title'),
      text: t('tokens.confirm.text', { name: token.name, owner: token.owner.fullname }),
      confirmLabel: t('tokens.revoke'),
      cancelLabel: t('common:confirm.cancel'),
      danger: true,
      onConfirm: () => dispatch(H.revokeAdminApiToken.actions.requested({ id: token.id })),
    });

  const body = (
    <HolderView
      holder={list}
      loadError={t('tokens.loadError')}
      onRetry={() => dispatch(H.adminApiTokens.actions.requested())}
      empty={t('tokens.empty')}
    >
      {(items) => (
        <ul className="list-group" aria-label={t('tokens.heading')}>
          {items.map((token) => (
            <li
              key={token.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <div>
                <div className="fw-semibold">{token.name}</div>
                <div className="small">
                  {t('tokens.owner', { name: token.owner.fullname, email: token.owner.email })}
                </div>
                <div className="small text-body-secondary">
                  {t('tokens.details', {
                    scopes: token.scopes.join(', '),
                    expires: formatDateTimeLocal(token.expires),
                    used: token.last_used
                      ? t('tokens.lastUsed', {
                          date: formatDateTimeLocal(token.last_used),
                          ip: token.last_ip ?? '—',
                        })
                      : t('tokens.neverUsed'),
                  })}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={revoking}
                onClick={() => revoke(token)}
                aria-label={t('tokens.revokeLabel', {
                  name: token.name,
                  owner: token.owner.fullname,
                })}
              >
                {t('tokens.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </HolderView>
  );
  return (
    <section className="card mb-4" aria-labelledby="admin-tokens-heading">
      <div className="card-body">
        <h2 id="admin-tokens-heading" className="h5 mb-2">
          {t('tokens.heading')}
        </h2>
        <p className="text-body-secondary">{t('tokens.intro')}</p>
        {body}
        {dialog}
      </div>
    </section>
  );
}
