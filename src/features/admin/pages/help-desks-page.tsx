import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { workHolders } from '../../records/work-slice';
import { DeskSurveys } from '../../ratings/components/desk-surveys';
import { DeskAccessForm } from '../components/desk-access-form';
import { DeskReviewersForm } from '../components/desk-reviewers-form';
import { adminHolders } from '../admin-slice';
import type { AdminHelpdesk } from '../types';

const H = adminHolders;

/**
 * /admin/helpdesks (administrators): every desk, open to all agents or restricted to members;
 * a content desk's reviewers (any agent unless it names some).
 */
export default function HelpDesksPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('desks.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('desks.title'), path: '/admin/helpdesks' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.adminDesks);
  const save = useAppSelector((state) => state.holders.saveAdminDesk);
  const saveReviewers = useAppSelector((state) => state.holders.saveDeskReviewers);
  const agents = useAppSelector((state) => state.holders.agents);
  const [editing, setEditing] = useState<AdminHelpdesk | null>(null);
  const [reviewing, setReviewing] = useState<AdminHelpdesk | null>(null);

  useEffect(() => {
    dispatch(H.adminDesks.actions.requested());
    dispatch(workHolders.agents.actions.requested());
    return () => {
      dispatch(H.saveAdminDesk.actions.reset());
      dispatch(H.saveDeskReviewers.actions.reset());
    };
  }, [dispatch]);
  // A save that went through closes the form (once per saved answer).
  const [closedFor, setClosedFor] = useState<AdminHelpdesk | null>(null);
  if (save.data && save.data !== closedFor) {
    setClosedFor(save.data);
    setEditing(null);
  }
  const [reviewersClosedFor, setReviewersClosedFor] = useState<unknown>(null);
  if (saveReviewers.data && saveReviewers.data !== reviewersClosedFor) {
    setReviewersClosedFor(saveReviewers.data);
    setReviewing(null);
  }
  /** One form at a time: opening one closes the other. */
  const open = (desk: AdminHelpdesk, form: 'access' | 'reviewers') => {
    dispatch(H.saveAdminDesk.actions.reset());
    dispatch(H.saveDeskReviewers.actions.reset());
    setEditing(form === 'access' ? desk : null);
    setReviewing(form === 'reviewers' ? desk : null);
  };

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
              <th scope="col">{t('desks.columns.reviewers')}</th>
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
                  {d.object_type === 'T' ? (
                    <span className="text-body-secondary">
                      {t('desks.reviewers.notApplicable')}
                    </span>
                  ) : d.reviewers.length === 0 ? (
                    t('desks.reviewers.any')
                  ) : (
                    d.reviewers.map((r) => r.fullname).join(', ')
                  )}
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={t('desks.editNamed', { name: d.name })}
                      onClick={() => open(d, 'access')}
                    >
                      {t('desks.edit')}
                    </button>
                    {d.object_type === 'C' && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        aria-label={t('desks.reviewers.editNamed', { name: d.name })}
                        onClick={() => open(d, 'reviewers')}
                      >
                        {t('desks.reviewers.edit')}
                      </button>
                    )}
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
      {reviewing && (
        <DeskReviewersForm
          key={reviewing.id}
          desk={reviewing}
          agents={agents.data ?? []}
          saving={saveReviewers.loading}
          error={saveReviewers.error}
          onSave={(userIds) =>
            dispatch(H.saveDeskReviewers.actions.requested({ id: reviewing.id, user_ids: userIds }))
          }
          onCancel={() => {
            setReviewing(null);
            dispatch(H.saveDeskReviewers.actions.reset());
          }}
        />
      )}
      {body}
      <DeskSurveys />
    </div>
  );
}
