import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { AutomationEditor } from '../components/automation-editor';
import { toAutomationWrite, withAutomationActive, withPosition } from '../rule-model';
import { rulesHolders } from '../rules-slice';
import type { Automation } from '../types';
import { useLookups } from '../use-lookups';

const H = rulesHolders;

/**
 * /automations: the time-based rules in the order they are checked. Administrators switch, move,
 * run, edit and delete them; helpdesk agents read them and their matching tickets.
 */
export default function AutomationsPage() {
  const { t } = useTranslation('rules');
  usePageTitle(t('automations.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('automations.title'), path: '/automations' },
  ]);
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((s) => s.auth.user?.user_is_admin === true);
  const list = useAppSelector((s) => s.holders.automations);
  const save = useAppSelector((s) => s.holders.saveAutomation);
  const removal = useAppSelector((s) => s.holders.deleteAutomation);
  const run = useAppSelector((s) => s.holders.runAutomation);
  const busy = useAppSelector(
    (s) => s.holders.orderAutomations.loading || s.holders.toggleAutomation.loading,
  );
  const { lookups, fields } = useLookups();
  const [editing, setEditing] = useState<Automation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Automation | null>(null);

  useEffect(() => {
    dispatch(H.automations.actions.requested());
    return () => {
      dispatch(H.saveAutomation.actions.reset());
      dispatch(H.deleteAutomation.actions.reset());
      dispatch(H.runAutomation.actions.reset());
    };
  }, [dispatch]);
  // A save keeps the editor open on the saved rule; a deletion closes its dialog.
  const [savedSeen, setSavedSeen] = useState<unknown>(null);
  const [deletedSeen, setDeletedSeen] = useState<unknown>(null);
  if (save.data && save.data !== savedSeen) {
    setSavedSeen(save.data);
    setEditing(save.data);
  }
  if (removal.data && removal.data !== deletedSeen) {
    setDeletedSeen(removal.data);
    if (editing !== null && editing !== 'new' && editing.id === removal.data.id) setEditing(null);
    setDeleting(null);
  }
  const open = (target: Automation | 'new') => {
    dispatch(H.saveAutomation.actions.reset());
    setEditing(target);
  };

  const automations = list.data ?? [];
  /** Swaps a rule's position with its neighbour's (two saves). */
  const move = (index: number, by: -1 | 1) => {
    const a = automations[index];
    const b = automations[index + by];
    const [pa, pb] =
      a.position === b.position ? [b.position + by, a.position] : [b.position, a.position];
    dispatch(
      H.orderAutomations.actions.requested([
        { id: a.id, body: withPosition(a, pa) },
        { id: b.id, body: withPosition(b, pb) },
      ]),
    );
  };

  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = (
      <ErrorState
        message={t('automations.loadError')}
        onRetry={() => dispatch(H.automations.actions.requested())}
      />
    );
  else if (automations.length === 0)
    body = <p className="text-body-secondary">{t('automations.empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('automations.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('triggers.columns.order')}</th>
              <th scope="col">{t('triggers.columns.name')}</th>
              <th scope="col">{t('automations.columns.when')}</th>
              <th scope="col">{t('triggers.columns.active')}</th>
              <th scope="col">{t('triggers.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {automations.map((x, i) => (
              <tr key={x.id}>
                <td>{i + 1}</td>
                <td>{x.name}</td>
                <td>
                  {x.time_conditions
                    .map((c) =>
                      t(`automations.time.summary.${c.field}`, {
                        count:
                          c.field === 'status_for'
                            ? c.hours
                            : c.field === 'no_requester_reply'
                              ? c.business_hours
                              : c.field === 'created_ago'
                                ? c.days
                                : c.minutes,
                        status:
                          c.field === 'status_for'
                            ? (lookups.status.find((s) => s.value === String(c.status_id))?.label ??
                              `#${c.status_id}`)
                            : '',
                      }),
                    )
                    .join(t('automations.and'))}
                </td>
                <td>
                  {isAdmin ? (
                    <div className="form-check form-switch">
                      <input
                        id={`automation-active-${x.id}`}
                        type="checkbox"
                        role="switch"
                        className="form-check-input"
                        checked={x.active}
                        disabled={busy}
                        aria-label={t('triggers.activeNamed', { name: x.name })}
                        onChange={(e) =>
                          dispatch(
                            H.toggleAutomation.actions.requested({
                              id: x.id,
                              body: withAutomationActive(x, e.target.checked),
                            }),
                          )
                        }
                      />
                    </div>
                  ) : (
                    t(x.active ? 'automations.on' : 'automations.off')
                  )}
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    {isAdmin && (
                      <>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          disabled={i === 0 || busy}
                          aria-label={t('triggers.upNamed', { name: x.name })}
                          onClick={() => move(i, -1)}
                        >
                          <span aria-hidden="true">↑</span> {t('triggers.up')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          disabled={i === automations.length - 1 || busy}
                          aria-label={t('triggers.downNamed', { name: x.name })}
                          onClick={() => move(i, 1)}
                        >
                          <span aria-hidden="true">↓</span> {t('triggers.down')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          disabled={!x.active || run.loading}
                          aria-label={t('automations.runNamed', { name: x.name })}
                          onClick={() =>
                            dispatch(H.runAutomation.actions.requested({ id: x.id, name: x.name }))
                          }
                        >
                          {t('automations.run')}
                        </button>
                      </>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={t(isAdmin ? 'triggers.editNamed' : 'automations.viewNamed', {
                        name: x.name,
                      })}
                      onClick={() => open(x)}
                    >
                      {t(isAdmin ? 'triggers.edit' : 'automations.view')}
                    </button>
                    {isAdmin && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={t('triggers.deleteNamed', { name: x.name })}
                        onClick={() => {
                          dispatch(H.deleteAutomation.actions.reset());
                          setDeleting(x);
                        }}
                      >
                        {t('triggers.delete')}
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
      <p>{t('automations.intro')}</p>
      {!isAdmin && <p className="text-body-secondary">{t('automations.readOnly')}</p>}
      {editing === null ? (
        isAdmin && (
          <button type="button" className="btn btn-primary mb-3" onClick={() => open('new')}>
            {t('automations.add')}
          </button>
        )
      ) : (
        <AutomationEditor
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.updated_at}`}
          automation={editing === 'new' ? null : editing}
          readOnly={!isAdmin}
          lookups={lookups}
          fields={fields}
          saving={save.loading}
          error={save.error}
          onSave={(values) =>
            dispatch(
              H.saveAutomation.actions.requested({
                id: editing === 'new' ? undefined : editing.id,
                body: toAutomationWrite(values, fields),
              }),
            )
          }
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveAutomation.actions.reset());
          }}
        />
      )}
      {body}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('automations.confirmDelete.title')}
        text={deleting ? t('automations.confirmDelete.text', { name: deleting.name }) : undefined}
        confirmLabel={t('triggers.confirmDelete.confirm')}
        cancelLabel={t('triggers.confirmDelete.cancel')}
        danger
        busy={removal.loading}
        onConfirm={() => {
          if (deleting)
            dispatch(
              H.deleteAutomation.actions.requested({ id: deleting.id, name: deleting.name }),
            );
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
