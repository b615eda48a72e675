import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { workHolders } from '../../records/work-slice';
import { DeskSurveys } from '../../ratings/components/desk-surveys';
import { DeskAccessForm } from '../components/desk-access-form';
import { adminHolders } from '../admin-slice';
import type { AdminHelpdesk } from '../types';

const H = adminHolders;

/** /admin/helpdesks (administrators): every desk, open to all agents or restricted to members. */
export default function HelpDesksPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('desks.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('desks.title'), path: '/admin/helpdesks' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.adminDesks);
  const save = useAppSelector((state) => state.holders.saveAdminDesk);
  const agents = useAppSelector((state) => state.holders.agents);
  const [editing, setEditing] = useState<AdminHelpdesk | null>(null);

  useEffect(() => {
    dispatch(H.adminDesks.actions.requested());
    dispatch(workHolders.agents.actions.requested());
    return () => {
      dispatch(H.saveAdminDesk.actions.reset());
    };
  }, [dispatch]);
  // A save that went through closes the form (once per saved answer).
  const [closedFor, setClosedFor] = useState<AdminHelpdesk | null>(null);
  if (save.data && save.data !== closedFor) {
    setClosedFor(save.data);
    setEditing(null);
  }

  const desks = list.data?.items ?? [];
  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = (
      <ErrorState
        message={t('desks.loadError')}
        onRetry={() => dispatch(H.adminDesks.actions.requested())}
      />
    );
  else if (desks.length === 0) body = <p className="text-body-secondary">{t('desks.empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('desks.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('desks.columns.name')}</th>
              <th scope="col">{t('desks.columns.kind')}</th>
              <th scope="col">{t('desks.columns.access')}</th>
              <th scope="col">{t('desks.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {desks.map((d) => (
              <tr key={d.id}>
                <td>{d.parent_id === null ? d.name : `— ${d.name}`}</td>
                <td>{d.object_type === 'T' ? t('desks.tickets') : t('desks.content')}</td>
                <td>
                  {d.restricted ? (
                    <>
                      <span className="badge text-bg-warning me-2">{t('desks.restricted')}</span>
                      {d.members.map((m) => m.fullname).join(', ')}
                    </>
                  ) : (
                    t('desks.open')
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    aria-label={t('desks.editNamed', { name: d.name })}
                    onClick={() => {
                      dispatch(H.saveAdminDesk.actions.reset());
                      setEditing(d);
                    }}
                  >
                    {t('desks.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div>
      <p>{t('desks.intro')}</p>
      {editing && (
        <DeskAccessForm
          key={editing.id}
          desk={editing}
          agents={agents.data ?? []}
          saving={save.loading}
          error={save.error}
          onSave={(access) =>
            dispatch(H.saveAdminDesk.actions.requested({ id: editing.id, access }))
          }
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveAdminDesk.actions.reset());
          }}
        />
      )}
      {body}
      <DeskSurveys />
    </div>
  );
}
