import '../../i18n';
import './i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../../app/hooks';
import { recordsHolders } from '../../records-slice';
import type { HdRecord } from '../../types';
import { workHolders } from '../../work-slice';
import { ConfirmDialog } from '../../../../lib/confirm-dialog';
import { helpdeskOptions, useDropdown } from '../use-dropdown';
import { WorkDialog } from './work-dialog';
import { useAssignableAgents } from './use-assignable-agents';
import { MergeIntoDialog } from '../../../merge/components/merge-dialogs';
import '../../../merge/i18n';

const W = workHolders;
type Open = null | 'assign' | 'move' | 'duplicate' | 'delete' | 'searchable' | 'public' | 'merge';

const assigneeOf = (record: HdRecord) =>
  (record as { assignee_id?: number | null }).assignee_id ?? null;

function AssignDialog({ record, onClose }: { record: HdRecord; onClose: () => void }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const agents = useAssignableAgents(record.hd_id);
  const [value, setValue] = useState(String(assigneeOf(record) ?? ''));
  return (
    <WorkDialog
      isOpen
      title={t('working:actions.assignTitle')}
      confirmLabel={t('working:actions.assign')}
      cancelLabel={t('working:actions.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        dispatch(
          W.assignTo.actions.requested({
            type: record.object_type,
            id: record.id,
            assignee_id: value ? Number(value) : null,
            version: record.version,
          }),
        );
        onClose();
      }}
    >
      <label htmlFor="assign-assignee" className="form-label">
        {t('working:actions.assignee')}
      </label>
      <select
        id="assign-assignee"
        className="form-select"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      >
        <option value="">{t('working:actions.unassigned')}</option>
        {agents.map((agent) => (
          <option key={agent.id} value={String(agent.id)}>
            {agent.fullname}
          </option>
        ))}
      </select>
    </WorkDialog>
  );
}

function MoveDialog({ record, onClose }: { record: HdRecord; onClose: () => void }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const helpdesks = useDropdown(record.object_type === 'T' ? 'ticketHelpDesk' : 'contentHelpDesk');
  const [value, setValue] = useState(String(record.hd_id));
  return (
    <WorkDialog
      isOpen
      title={t('working:actions.moveTitle')}
      confirmLabel={t('working:actions.move')}
      cancelLabel={t('working:actions.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        dispatch(
          W.moveRecord.actions.requested({
            type: record.object_type,
            id: record.id,
            hd_id: Number(value),
            version: record.version,
          }),
        );
        onClose();
      }}
    >
      <label htmlFor="move-helpdesk" className="form-label">
        {t('working:actions.helpDesk')}
      </label>
      <select
        id="move-helpdesk"
        className="form-select"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      >
        {helpdeskOptions(helpdesks.data).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </WorkDialog>
  );
}

/** The agents' actions on a record, each behind a confirmation (docs/api-working.md). */
export function AgentActions({ record }: { record: HdRecord }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const ref = { type: record.object_type, id: record.id };
  const searchable = record.object_type === 'C' ? record.searchable : null;
  const isPublic = record.object_type === 'C' ? record.is_public : null;
  const button = (name: Exclude<Open, null>, label: string, danger = false) => (
    <button
      type="button"
      className={`btn btn-sm ${danger ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
      onClick={() => setOpen(name)}
    >
      {label}
    </button>
  );
  return (
    <>
      <div role="group" aria-label={t('working:actions.label')} className="btn-group flex-wrap">
        {button('assign', t('working:actions.assign'))}
        {button('move', t('working:actions.move'))}
        {button('duplicate', t('working:actions.duplicate'))}
        {record.object_type === 'T' && button('merge', t('merge:mergeInto'))}
        {searchable !== null &&
          button(
            'searchable',
            searchable
              ? t('working:actions.makeNotSearchable')
              : t('working:actions.makeSearchable'),
          )}
        {isPublic !== null &&
          button(
            'public',
            isPublic ? t('working:actions.makeNotPublic') : t('working:actions.makePublic'),
          )}
        {button('delete', t('working:actions.delete'), true)}
      </div>
      {open === 'assign' && <AssignDialog record={record} onClose={close} />}
      {open === 'move' && <MoveDialog record={record} onClose={close} />}
      {open === 'merge' && record.object_type === 'T' && (
        <MergeIntoDialog ticket={record} onClose={close} />
      )}
      <ConfirmDialog
        isOpen={open === 'duplicate'}
        title={t('working:actions.duplicateTitle')}
        confirmLabel={t('working:actions.duplicate')}
        cancelLabel={t('working:actions.cancel')}
        onCancel={close}
        onConfirm={() => {
          close();
          dispatch(W.duplicateRecord.actions.requested(ref));
        }}
      />
      <ConfirmDialog
        isOpen={open === 'delete'}
        title={t('working:actions.deleteTitle')}
        text={t('working:actions.deleteText', {
          title: record.object_type === 'T' ? record.subject : record.title,
          id: record.id,
        })}
        confirmLabel={t('working:actions.delete')}
        cancelLabel={t('working:actions.cancel')}
        danger
        onCancel={close}
        onConfirm={() => {
          close();
          dispatch(recordsHolders.deleteRecord.actions.requested({ ...ref, agent: true }));
        }}
      />
      <ConfirmDialog
        isOpen={open === 'searchable'}
        title={
          searchable
            ? t('working:actions.notSearchableTitle')
            : t('working:actions.searchableTitle')
        }
        confirmLabel={t('working:actions.confirm')}
        cancelLabel={t('working:actions.cancel')}
        onCancel={close}
        onConfirm={() => {
          close();
          dispatch(
            W.searchableUpdate.actions.requested({
              ...ref,
              searchable: !searchable,
              version: record.version,
            }),
          );
        }}
      />
      <ConfirmDialog
        isOpen={open === 'public'}
        title={isPublic ? t('working:actions.notPublicTitle') : t('working:actions.publicTitle')}
        text={isPublic ? undefined : t('working:actions.publicText')}
        confirmLabel={t('working:actions.confirm')}
        cancelLabel={t('working:actions.cancel')}
        onCancel={close}
        onConfirm={() => {
          close();
          dispatch(
            W.publicUpdate.actions.requested({
              ...ref,
              is_public: !isPublic,
              version: record.version,
            }),
          );
        }}
      />
    </>
  );
}
