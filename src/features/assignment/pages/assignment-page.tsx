import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { AssignmentForm } from '../components/assignment-form';
import { assignmentHolders } from '../assignment-slice';
import type { AssignmentDesk } from '../types';

const H = assignmentHolders;

/** /admin/assignment (administrators): each ticket desk's rule, and the agents' availability. */
export default function AssignmentPage() {
  const { t } = useTranslation('assignment');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/admin/assignment' },
  ]);
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => state.holders.assignmentSettings);
  const save = useAppSelector((state) => state.holders.saveAssignmentDesk);
  const [editing, setEditing] = useState<AssignmentDesk | null>(null);

  useEffect(() => {
    dispatch(H.assignmentSettings.actions.requested());
    return () => {
      dispatch(H.saveAssignmentDesk.actions.reset());
    };
  }, [dispatch]);
  // A save that went through closes the form (once per saved answer).
  const [closedFor, setClosedFor] = useState<AssignmentDesk | null>(null);
  if (save.data && save.data !== closedFor) {
    setClosedFor(save.data);
    setEditing(null);
  }

  if (settings.loading && !settings.data) return <Loading />;
  if (!settings.data) {
    return settings.error ? (
      <ErrorState
        message={t('loadError')}
        onRetry={() => dispatch(H.assignmentSettings.actions.requested())}
      />
    ) : null;
  }
  const { desks, agents } = settings.data;
  const awayText = (d: AssignmentDesk) =>
    d.away_hours === null
      ? t('desks.never')
      : t('desks.hours', { count: d.away_hours, action: t(`actions.${d.away_action}`) });

  return (
    <div>
      <p>{t('intro')}</p>
      {editing && (
        <AssignmentForm
          key={editing.id}
          desk={editing}
          saving={save.loading}
          error={save.error}
          onSave={(rule) =>
            dispatch(H.saveAssignmentDesk.actions.requested({ id: editing.id, rule }))
          }
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveAssignmentDesk.actions.reset());
          }}
        />
      )}
      <section aria-labelledby="assignment-desks-heading" className="mb-4">
        <h2 id="assignment-desks-heading" className="h5">
          {t('desks.heading')}
        </h2>
        {desks.length === 0 ? (
          <p className="text-body-secondary">{t('desks.empty')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table align-middle">
              <caption className="visually-hidden">{t('desks.heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('desks.columns.name')}</th>
                  <th scope="col">{t('desks.columns.mode')}</th>
                  <th scope="col">{t('desks.columns.away')}</th>
                  <th scope="col">{t('desks.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {desks.map((d) => (
                  <tr key={d.id}>
                    <td>
                      {d.parent_id === null ? d.name : `— ${d.name}`}
                      {d.restricted && (
                        <span className="text-body-secondary small ms-2">
                          ({t('desks.restricted')})
                        </span>
                      )}
                    </td>
                    <td>{t(`modes.${d.mode}`)}</td>
                    <td>{awayText(d)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        aria-label={t('desks.editNamed', { name: d.name })}
                        onClick={() => {
                          dispatch(H.saveAssignmentDesk.actions.reset());
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
        )}
      </section>
      <section aria-labelledby="assignment-agents-heading">
        <h2 id="assignment-agents-heading" className="h5">
          {t('agents.heading')}
        </h2>
        {agents.length === 0 ? (
          <p className="text-body-secondary">{t('agents.empty')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table align-middle">
              <caption className="visually-hidden">{t('agents.heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('agents.columns.name')}</th>
                  <th scope="col">{t('agents.columns.state')}</th>
                  <th scope="col">{t('agents.columns.since')}</th>
                </tr>
              </thead>
              <tbody>
                {agents.map((a) => (
                  <tr key={a.id}>
                    <td>{a.fullname}</td>
                    <td>
                      {a.away ? (
                        <span className="badge text-bg-warning">{t('agents.away')}</span>
                      ) : (
                        <span className="badge text-bg-success">{t('agents.available')}</span>
                      )}
                    </td>
                    <td>{formatDateTimeLocal(a.changed_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
