import '../../workspace-i18n';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { formatDateTimeLocal } from '../../../../lib/dates';
import '../../i18n';
import { AttachmentsPanel } from '../../../attachments/components/attachments-panel';
import { FollowButton } from '../../../threads/components/follow-button';
import { MailLogPanel } from '../../../threads/components/mail-log-panel';
import '../../../threads/i18n';
import type { Kind } from '../../kinds';
import { recordsHolders } from '../../records-slice';
import type { HdRecord } from '../../types';
import { workHolders } from '../../work-slice';
import type { RecordPermissions } from '../../details-types';
import { useStatusOptions } from '../status-options';
import { helpdeskOptions, useDropdown, type Option } from '../use-dropdown';
import { ClassificationSection } from '../work/classification-section';
import { RecordTagsSection } from '../../../tags/components/record-tags-section';
import { HistorySection } from '../work/history-section';
import { RelatedSection } from '../work/related-section';
import { SharedWithSection } from '../work/shared-with-section';
import { useAssignableAgents } from '../work/use-assignable-agents';
import { ASSIGNEE_CONTROL_ID, STATUS_CONTROL_ID } from './control-ids';
import { SolveChildrenDialog } from '../../../merge/components/solve-children-dialog';
import { CustomFieldsSection } from './custom-fields-section';

const num = (record: HdRecord, name: string) =>
  (record as unknown as Record<string, number | null | undefined>)[name] ?? null;

function Row({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <div className="mb-2">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="form-label small text-body-secondary mb-1">
          {label}
        </label>
      ) : (
        <div className="small text-body-secondary mb-1">{label}</div>
      )}
      {children}
    </div>
  );
}

function Select({
  id,
  value,
  options,
  empty,
  disabled,
  onChange,
}: {
  id: string;
  value: number | null;
  options: Option[];
  empty?: string;
  disabled?: boolean;
  onChange: (value: number | null) => void;
}) {
  return (
    <select
      id={id}
      className="form-select form-select-sm"
      value={value === null ? '' : String(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    >
      {(empty !== undefined || value === null) && <option value="">{empty ?? ''}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The side panel: the record's properties, each editable in place through the agent-action and
 * information-update sagas, then classification, sharing, related records, following and files.
 */
export function PropertiesPanel({
  kind,
  record,
  permissions,
}: {
  kind: Kind;
  record: HdRecord;
  permissions: RecordPermissions;
}) {
  const { t } = useTranslation('workspace');
  const { t: tr } = useTranslation('records');
  const { t: tt } = useTranslation('threads');
  const [mailLogOpen, setMailLogOpen] = useState(false);
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.user?.id ?? null);
  const busy = useAppSelector(
    (state) =>
      state.holders.informationUpdate.loading ||
      state.holders.assignTo.loading ||
      state.holders.moveRecord.loading ||
      state.holders.applyFields.loading,
  );
  const agents = useAssignableAgents(record.hd_id, permissions.assign);
  const ticket = kind.type === 'T';
  const { options: statusOptions } = useStatusOptions(kind, record);
  const priorities = useDropdown('priority');
  const companies = useDropdown('company');
  const desks = useDropdown(ticket ? 'ticketHelpDesk' : 'contentHelpDesk');

  const ref = { type: record.object_type, id: record.id };
  const update = (values: Record<string, number | null>) =>
    dispatch(
      recordsHolders.informationUpdate.actions.requested({
        ...ref,
        values: { ...values, version: record.version },
      }),
    );
  // Solving a parent with open children asks first (docs/api-working.md "Relations").
  const statuses = useDropdown(ticket ? 'ticketStatus' : 'contentStatus');
  const related = useAppSelector((state) => state.holders.relatedData.data);
  const openChildren = (related ?? []).filter((r) => r.link === 'parent_of' && !r.status_closed);
  const [solving, setSolving] = useState<number | null>(null);
  const changeStatus = (statusId: number) => {
    const closing = (statuses.data ?? []).some((s) => s.status_id === statusId && s.is_closed);
    if (ticket && closing && openChildren.length > 0) setSolving(statusId);
    else update({ status_id: statusId });
  };
  const solve = (statusId: number, solveChildren: boolean) =>
    dispatch(
      recordsHolders.informationUpdate.actions.requested({
        ...ref,
        values: { status_id: statusId, version: record.version, solve_children: solveChildren },
      }),
    );
  const access = record.access;
  const owner = ticket
    ? (record as { requester_name?: string }).requester_name
    : (record as { author_name?: string }).author_name;

  return (
    <div>
      {solving !== null && (
        <SolveChildrenDialog
          count={openChildren.length}
          onCancel={() => setSolving(null)}
          onAnswer={(solveChildren) => {
            solve(solving, solveChildren);
            setSolving(null);
          }}
        />
      )}
      <section aria-labelledby="properties-heading" className="card mb-3">
        <div className="card-body">
          <h2 id="properties-heading" className="h6 mb-3">
            {t('properties.heading')}
          </h2>
          <Row label={t('properties.status')} htmlFor={STATUS_CONTROL_ID}>
            {statusOptions && permissions.change_status ? (
              <Select
                id={STATUS_CONTROL_ID}
                value={record.status_id}
                options={statusOptions}
                disabled={busy}
                onChange={(v) => v !== null && changeStatus(v)}
              />
            ) : (
              <div id={STATUS_CONTROL_ID}>{record.status_name}</div>
            )}
          </Row>
          {ticket && (
            <>
              <Row label={t('properties.priority')} htmlFor="record-priority">
                {permissions.edit ? (
                  <Select
                    id="record-priority"
                    value={num(record, 'priority_id')}
                    options={(priorities.data ?? []).map((p) => ({
                      value: String(p.priority_id),
                      label: p.priority_name,
                    }))}
                    disabled={busy}
                    onChange={(v) => v !== null && update({ priority_id: v })}
                  />
                ) : (
                  <div id="record-priority">
                    {(record as { priority_name?: string | null }).priority_name ?? '—'}
                  </div>
                )}
              </Row>
              <Row label={t('properties.company')} htmlFor="record-company">
                {permissions.edit ? (
                  <Select
                    id="record-company"
                    value={num(record, 'company_id')}
                    options={(companies.data ?? []).map((c) => ({
                      value: String(c.company_id),
                      label: c.company_name,
                    }))}
                    empty={t('properties.none')}
                    disabled={busy}
                    onChange={(v) => update({ company_id: v })}
                  />
                ) : (
                  <div id="record-company">
                    {(record as { company_name?: string | null }).company_name ?? '—'}
                  </div>
                )}
              </Row>
            </>
          )}
          <Row label={t('properties.helpDesk')} htmlFor="record-helpdesk">
            {permissions.move ? (
              <Select
                id="record-helpdesk"
                value={record.hd_id}
                options={helpdeskOptions(desks.data)}
                disabled={busy}
                onChange={(v) =>
                  v !== null &&
                  dispatch(
                    workHolders.moveRecord.actions.requested({
                      ...ref,
                      hd_id: v,
                      version: record.version,
                    }),
                  )
                }
              />
            ) : (
              <div id="record-helpdesk">{record.hd_name}</div>
            )}
          </Row>
          <Row label={t('properties.assignee')} htmlFor={ASSIGNEE_CONTROL_ID}>
            {permissions.assign ? (
              <Select
                id={ASSIGNEE_CONTROL_ID}
                value={num(record, 'assignee_id')}
                options={agents.map((a) => ({
                  value: String(a.id),
                  label: a.fullname,
                }))}
                empty={t('properties.unassigned')}
                disabled={busy}
                onChange={(v) =>
                  dispatch(
                    workHolders.assignTo.actions.requested({
                      ...ref,
                      assignee_id: v,
                      version: record.version,
                    }),
                  )
                }
              />
            ) : (
              <div id={ASSIGNEE_CONTROL_ID}>
                {(record as { assignee_name?: string | null }).assignee_name ??
                  t('properties.unassigned')}
              </div>
            )}
          </Row>
          <Row label={ticket ? t('properties.requester') : t('properties.author')}>
            <div>{owner ?? '—'}</div>
          </Row>
          <div className="mt-3">
            <FollowButton record={ref} following={record.following} />
          </div>
        </div>
      </section>
      <CustomFieldsSection
        record={record}
        agent={access === 'agent'}
        canChange={access === 'agent' ? permissions.edit : access === 'owner'}
      />
      <section aria-labelledby="facts-heading" className="card mb-3">
        <div className="card-body py-2">
          <h2 id="facts-heading" className="h6 mb-2">
            {tr('details.heading')}
          </h2>
          <dl className="mb-0 small">
            {[
              [tr('channel.label'), tr(`channel.${record.channel ?? 'web'}`)],
              [tr('fields.created'), formatDateTimeLocal(record.created_at)],
              [tr('fields.updated'), formatDateTimeLocal(record.updated_at)],
              [tr('fields.version'), String(record.version)],
              ...(record.object_type === 'C'
                ? [
                    [
                      tr('fields.searchable'),
                      record.searchable ? tr('details.yes') : tr('details.no'),
                    ],
                  ]
                : []),
            ].map(([label, value]) => (
              <div key={label} className="d-flex gap-2">
                <dt className="fw-semibold">{label}</dt>
                <dd className="mb-0 ms-auto">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <div className="mb-3">
        <ClassificationSection record={record} canClassify={permissions.classify} />
      </div>
      <div className="mb-3">
        {/* Tags: the owner and agents, like the classification. */}
        <RecordTagsSection record={record} canTag={permissions.classify} />
      </div>
      {access !== 'reader' && (
        <div className="mb-3">
          <SharedWithSection record={record} canShare={permissions.share} />
        </div>
      )}
      <div className="mb-3">
        <RelatedSection
          record={record}
          access={
            access === 'owner' || access === 'shared' || access === 'agent'
              ? access
              : access === 'organization'
                ? 'shared'
                : 'reader'
          }
          canRelate={permissions.relate}
        />
      </div>
      {access !== 'reader' && (
        <div className="mb-3">
          <HistorySection type={record.object_type} />
        </div>
      )}
      {access !== 'reader' && (
        <div className="mb-3">
          <AttachmentsPanel record={ref} userId={userId} isAgent={access === 'agent'} />
        </div>
      )}
      {access === 'agent' && (
        <div className="mb-3">
          {/* Loaded when asked for: opening a record stays one details call. */}
          {mailLogOpen ? (
            <MailLogPanel record={ref} />
          ) : (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm w-100"
              onClick={() => setMailLogOpen(true)}
            >
              {tt('mailLog.heading')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
