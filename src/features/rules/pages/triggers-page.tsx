import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { TriggerEditor } from '../components/trigger-editor';
import { TriggerTest } from '../components/trigger-test';
import { toWrite, withActive } from '../rule-model';
import { rulesHolders } from '../rules-slice';
import type { Trigger } from '../types';
import { useLookups } from '../use-lookups';

const H = rulesHolders;

/** /triggers (administrators): the triggers in the order they run, their switches and editor. */
export default function TriggersPage() {
  const { t } = useTranslation('rules');
  usePageTitle(t('triggers.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('triggers.title'), path: '/triggers' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.holders.triggers);
  const save = useAppSelector((s) => s.holders.saveTrigger);
  const removal = useAppSelector((s) => s.holders.deleteTrigger);
  const busy = useAppSelector(
    (s) => s.holders.orderTriggers.loading || s.holders.toggleTrigger.loading,
  );
  const { lookups, fields } = useLookups();
  const [editing, setEditing] = useState<Trigger | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Trigger | null>(null);

  useEffect(() => {
    dispatch(H.triggers.actions.requested());
    return () => {
      dispatch(H.saveTrigger.actions.reset());
      dispatch(H.deleteTrigger.actions.reset());
    };
  }, [dispatch]);
  // A save keeps the editor open on the saved trigger (to test it); a deletion closes its dialog.
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
  const open = (target: Trigger | 'new') => {
    dispatch(H.saveTrigger.actions.reset());
    setEditing(target);
  };

  const triggers = list.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = triggers.map((x) => x.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    dispatch(H.orderTriggers.actions.requested(ids));
  };

  let body: React.ReactNode;
  if (list.loading && !list.data) body = <Loading />;
  else if (list.error && !list.data)
    body = (
      <ErrorState
        message={t('triggers.loadError')}
        onRetry={() => dispatch(H.triggers.actions.requested())}
      />
    );
  else if (triggers.length === 0)
    body = <p className="text-body-secondary">{t('triggers.empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('triggers.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('triggers.columns.order')}</th>
              <th scope="col">{t('triggers.columns.name')}</th>
              <th scope="col">{t('triggers.columns.event')}</th>
              <th scope="col">{t('triggers.columns.active')}</th>
              <th scope="col">{t('triggers.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {triggers.map((x, i) => (
              <tr key={x.id}>
                <td>{i + 1}</td>
                <td>
                  {x.name}
                  {x.stop && (
                    <span className="badge text-bg-secondary ms-2">{t('triggers.stops')}</span>
                  )}
                </td>
                <td>{t(`events.${x.event}`)}</td>
                <td>
                  <div className="form-check form-switch">
                    <input
                      id={`trigger-active-${x.id}`}
                      type="checkbox"
                      role="switch"
                      className="form-check-input"
                      checked={x.active}
                      disabled={busy}
                      aria-label={t('triggers.activeNamed', { name: x.name })}
                      onChange={(e) =>
                        dispatch(
                          H.toggleTrigger.actions.requested({
                            id: x.id,
                            body: withActive(x, e.target.checked),
                          }),
                        )
                      }
                    />
                  </div>
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
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
                      disabled={i === triggers.length - 1 || busy}
                      aria-label={t('triggers.downNamed', { name: x.name })}
                      onClick={() => move(i, 1)}
                    >
                      <span aria-hidden="true">↓</span> {t('triggers.down')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      aria-label={t('triggers.editNamed', { name: x.name })}
                      onClick={() => open(x)}
                    >
                      {t('triggers.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('triggers.deleteNamed', { name: x.name })}
                      onClick={() => {
                        dispatch(H.deleteTrigger.actions.reset());
                        setDeleting(x);
                      }}
                    >
                      {t('triggers.delete')}
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
      <p>{t('triggers.intro')}</p>
      {editing === null ? (
        <button type="button" className="btn btn-primary mb-3" onClick={() => open('new')}>
          {t('triggers.add')}
        </button>
      ) : (
        <>
          <TriggerEditor
            key={editing === 'new' ? 'new' : `${editing.id}-${editing.updated_at}`}
            trigger={editing === 'new' ? null : editing}
            lookups={lookups}
            fields={fields}
            saving={save.loading}
            error={save.error}
            onSave={(values) =>
              dispatch(
                H.saveTrigger.actions.requested({
                  id: editing === 'new' ? undefined : editing.id,
                  body: toWrite(values, fields),
                }),
              )
            }
            onCancel={() => {
              setEditing(null);
              dispatch(H.saveTrigger.actions.reset());
            }}
          />
          {editing !== 'new' && <TriggerTest triggerId={editing.id} />}
        </>
      )}
      {body}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('triggers.confirmDelete.title')}
        text={deleting ? t('triggers.confirmDelete.text', { name: deleting.name }) : undefined}
        confirmLabel={t('triggers.confirmDelete.confirm')}
        cancelLabel={t('triggers.confirmDelete.cancel')}
        danger
        busy={removal.loading}
        onConfirm={() => {
          if (deleting)
            dispatch(H.deleteTrigger.actions.requested({ id: deleting.id, name: deleting.name }));
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
