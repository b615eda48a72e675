import '../i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { HolderView } from '../../records/components/states';
import { helpdeskOptions, useDropdown } from '../../records/components/use-dropdown';
import { PolicyForm } from '../components/policy-form';
import { slaHolders } from '../sla-slice';
import type { SlaPolicy } from '../types';

const H = slaHolders;

/** /sla-policies (agents): the policies in the order they are tried, with their form. */
export default function SlaPoliciesPage() {
  const { t } = useTranslation('sla');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/sla-policies' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.slaPolicies);
  const save = useAppSelector((state) => state.holders.saveSlaPolicy);
  // A move is computed from the order on screen, so the next waits for the last one's answer.
  const reordering = useAppSelector((state) => state.holders.reorderSlaPolicies.loading);
  const priorities = useDropdown('priority');
  const companies = useDropdown('company');
  const helpdesks = useDropdown('ticketHelpDesk');
  const [editing, setEditing] = useState<SlaPolicy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SlaPolicy | null>(null);

  useEffect(() => {
    dispatch(H.slaPolicies.actions.requested());
    return () => {
      dispatch(H.saveSlaPolicy.actions.reset());
    };
  }, [dispatch]);
  // A save that went through closes the form (once per saved answer).
  const [closedFor, setClosedFor] = useState<SlaPolicy | null>(null);
  if (save.data && save.data !== closedFor) {
    setClosedFor(save.data);
    setEditing(null);
  }
  const open = (target: SlaPolicy | 'new') => {
    dispatch(H.saveSlaPolicy.actions.reset());
    setEditing(target);
  };

  const policies = list.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = policies.map((p) => p.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    dispatch(H.reorderSlaPolicies.actions.requested({ ids }));
  };
  const names = (ids: number[] | null, all: { id: number; name: string }[]) =>
    (ids ?? []).map((id) => all.find((x) => x.id === id)?.name ?? `#${id}`).join(', ');
  const applies = (p: SlaPolicy) => {
    const parts = [
      p.priority_ids &&
        t('priorities', {
          list: names(
            p.priority_ids,
            (priorities.data ?? []).map((x) => ({ id: x.priority_id, name: x.priority_name })),
          ),
        }),
      p.hd_ids &&
        t('helpdesks', {
          list: names(
            p.hd_ids,
            helpdeskOptions(helpdesks.data).map((o) => ({
              id: Number(o.value),
              name: o.label.replace(/^[\s\u00a0—-]+/, ''),
            })),
          ),
        }),
      p.company_ids &&
        t('companies', {
          list: names(
            p.company_ids,
            (companies.data ?? []).map((x) => ({ id: x.company_id, name: x.company_name })),
          ),
        }),
    ].filter(Boolean);
    return parts.length ? parts.join('; ') : t('any');
  };
  const minutes = (m: number | null) =>
    m === null ? t('noTarget') : t('minutesShort', { count: m });

  const body = (
    <HolderView
      holder={list}
      loadError={t('loadError')}
      onRetry={() => dispatch(H.slaPolicies.actions.requested())}
      empty={t('empty')}
    >
      {(policies) => (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.order')}</th>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.applies')}</th>
                <th scope="col">{t('columns.targets')}</th>
                <th scope="col">{t('columns.calendar')}</th>
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {policies.map((p, i) => (
                <tr key={p.id}>
                  <td>{i + 1}</td>
                  <td>{p.name}</td>
                  <td>{applies(p)}</td>
                  <td>
                    {t('targetLine', {
                      first: minutes(p.first_response_minutes),
                      next: minutes(p.next_response_minutes),
                      resolution: minutes(p.resolution_minutes),
                    })}
                  </td>
                  <td>{p.time_zone}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={i === 0 || reordering}
                        aria-label={t('upNamed', { name: p.name })}
                        onClick={() => move(i, -1)}
                      >
                        <span aria-hidden="true">↑</span> {t('up')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={i === policies.length - 1 || reordering}
                        aria-label={t('downNamed', { name: p.name })}
                        onClick={() => move(i, 1)}
                      >
                        <span aria-hidden="true">↓</span> {t('down')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        aria-label={t('editNamed', { name: p.name })}
                        onClick={() => open(p)}
                      >
                        {t('edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={t('deleteNamed', { name: p.name })}
                        onClick={() => setDeleting(p)}
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
      )}
    </HolderView>
  );

  return (
    <div>
      <p>{t('intro')}</p>
      {editing === null ? (
        <button type="button" className="btn btn-primary mb-3" onClick={() => open('new')}>
          {t('add')}
        </button>
      ) : (
        <PolicyForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          policy={editing === 'new' ? null : editing}
          saving={save.loading}
          error={save.error}
          onSave={(policy) =>
            dispatch(
              H.saveSlaPolicy.actions.requested(
                editing === 'new'
                  ? { policy }
                  : { id: editing.id, version: editing.version, policy },
              ),
            )
          }
          onCancel={() => {
            setEditing(null);
            dispatch(H.saveSlaPolicy.actions.reset());
          }}
        />
      )}
      {body}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('confirmDelete.title')}
        text={deleting ? t('confirmDelete.text', { name: deleting.name }) : undefined}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('confirmDelete.cancel')}
        danger
        onConfirm={() => {
          if (deleting) dispatch(H.deleteSlaPolicy.actions.requested({ id: deleting.id }));
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
