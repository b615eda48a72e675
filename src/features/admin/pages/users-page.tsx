import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { EmptyState, ErrorState, Loading } from '../../records/components/states';
import { InviteForm } from '../components/invite-form';
import { UserFieldsPanel } from '../components/user-fields-panel';
import { ApiTokensAdmin } from '../components/api-tokens';
import { SignInSettings } from '../components/sign-in-settings';
import { adminHolders } from '../admin-slice';
import type { AdminUser, UserChange } from '../types';

const H = adminHolders;

/** /admin/users (administrators): users with their roles; invite, change roles, deactivate. */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('users.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('users.title'), path: '/admin/users' },
  ]);
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.auth.user);
  const list = useAppSelector((state) => state.holders.adminUsers);
  const invite = useAppSelector((state) => state.holders.inviteUser);
  const changing = useAppSelector((state) => state.holders.changeAdminUser.loading);
  const [inviting, setInviting] = useState(false);
  const [text, setText] = useState('');
  const [fieldsOf, setFieldsOf] = useState<AdminUser | null>(null);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    dispatch(H.adminUsers.actions.requested({ page: 1 }));
    return () => {
      dispatch(H.inviteUser.actions.reset());
    };
  }, [dispatch]);
  // An invitation that went through closes the form (once per answer).
  const [closedFor, setClosedFor] = useState<AdminUser | null>(null);
  if (invite.data && invite.data !== closedFor) {
    setClosedFor(invite.data);
    setInviting(false);
  }

  const change = (u: AdminUser, c: UserChange) =>
    dispatch(H.changeAdminUser.actions.requested({ id: u.id, change: c }));
  const confirmThen = (u: AdminUser, what: 'deactivate' | 'removeAdmin', c: UserChange) =>
    ask({
      title: t(`users.confirm.${what}.title`),
      text: t(`users.confirm.${what}.text`, { name: u.fullname }),
      confirmLabel: t(`users.confirm.${what}.confirm`),
      cancelLabel: t('cancel'),
      danger: true,
      onConfirm: () => change(u, c),
    });
  const roleOf = (u: AdminUser) =>
    u.user_is_admin
      ? t('users.roles.admin')
      : u.user_is_hde
        ? t('users.roles.agent')
        : t('users.roles.user');

  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.page_size)) : 1;
  const load = (p: number) =>
    dispatch(H.adminUsers.actions.requested({ page: p, text: text.trim() || undefined }));

  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = <ErrorState message={t('users.loadError')} onRetry={() => load(1)} />;
  else if (!page || page.items.length === 0) body = <EmptyState text={t('users.empty')} />;
  else
    body = (
      <>
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">{t('users.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.columns.name')}</th>
                <th scope="col">{t('users.columns.email')}</th>
                <th scope="col">{t('users.columns.role')}</th>
                <th scope="col">{t('users.columns.state')}</th>
                <th scope="col">{t('users.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((u) => {
                const self = u.id === me?.id;
                return (
                  <tr key={u.id}>
                    <td>{u.fullname}</td>
                    <td>{u.email}</td>
                    <td>
                      {roleOf(u)}
                      {u.user_is_admin && (
                        <span className="badge text-bg-primary ms-2">{t('users.adminBadge')}</span>
                      )}
                    </td>
                    <td>
                      {!u.active
                        ? t('users.state.deactivated')
                        : u.confirmed
                          ? t('users.state.active')
                          : t('users.state.invited')}
                    </td>
                    <td>
                      <div className="d-flex flex-wrap gap-1">
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          aria-label={t('users.fields.openNamed', { name: u.fullname })}
                          aria-expanded={fieldsOf?.id === u.id}
                          onClick={() => setFieldsOf(fieldsOf?.id === u.id ? null : u)}
                        >
                          {t('users.fields.open')}
                        </button>
                        {u.user_is_admin ? (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-secondary"
                            disabled={self || changing}
                            aria-label={t('users.removeAdminNamed', { name: u.fullname })}
                            onClick={() => confirmThen(u, 'removeAdmin', { user_is_admin: false })}
                          >
                            {t('users.removeAdmin')}
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary"
                            disabled={changing}
                            aria-label={t('users.makeAdminNamed', { name: u.fullname })}
                            onClick={() => change(u, { user_is_admin: true })}
                          >
                            {t('users.makeAdmin')}
                          </button>
                        )}
                        {!u.user_is_admin && (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-secondary"
                            disabled={changing}
                            aria-label={t(
                              u.user_is_hde ? 'users.makeUserNamed' : 'users.makeAgentNamed',
                              {
                                name: u.fullname,
                              },
                            )}
                            onClick={() => change(u, { user_is_hde: !u.user_is_hde })}
                          >
                            {u.user_is_hde ? t('users.makeUser') : t('users.makeAgent')}
                          </button>
                        )}
                        {u.active ? (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            disabled={self || changing}
                            aria-label={t('users.deactivateNamed', { name: u.fullname })}
                            onClick={() => confirmThen(u, 'deactivate', { active: false })}
                          >
                            {t('users.deactivate')}
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-success"
                            disabled={changing}
                            aria-label={t('users.reactivateNamed', { name: u.fullname })}
                            onClick={() => change(u, { active: true })}
                          >
                            {t('users.reactivate')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {pages > 1 && (
          <nav aria-label={t('users.pages')} className="d-flex gap-2 align-items-center">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={page.page <= 1}
              onClick={() => load(page.page - 1)}
            >
              {t('users.previous')}
            </button>
            <span>{t('users.pageOf', { page: page.page, pages })}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={page.page >= pages}
              onClick={() => load(page.page + 1)}
            >
              {t('users.next')}
            </button>
          </nav>
        )}
      </>
    );

  return (
    <div>
      <p>{t('users.intro')}</p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {!inviting && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              dispatch(H.inviteUser.actions.reset());
              setInviting(true);
            }}
          >
            {t('users.invite')}
          </button>
        )}
        <form
          role="search"
          className="d-flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            load(1);
          }}
        >
          <label htmlFor="admin-users-text" className="visually-hidden">
            {t('users.searchLabel')}
          </label>
          <input
            id="admin-users-text"
            type="search"
            className="form-control"
            maxLength={100}
            placeholder={t('users.searchLabel')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-outline-secondary">
            {t('users.search')}
          </button>
        </form>
      </div>
      {inviting && (
        <InviteForm
          language={me?.language ?? 'en'}
          saving={invite.loading}
          error={invite.error}
          onInvite={(invitation) => dispatch(H.inviteUser.actions.requested(invitation))}
          onCancel={() => {
            setInviting(false);
            dispatch(H.inviteUser.actions.reset());
          }}
        />
      )}
      {fieldsOf && <UserFieldsPanel user={fieldsOf} onClose={() => setFieldsOf(null)} />}
      {body}
      {dialog}
      <SignInSettings />
      <ApiTokensAdmin />
    </div>
  );
}
