import type { HdRecord } from '../../records/types';

/** The record's access, as the details answer gives it (docs/api-working.md). */
export type RecordAccess = 'owner' | 'shared' | 'agent' | 'reader';

export function recordAccess(record: HdRecord): RecordAccess {
  const access = (record as { access?: unknown }).access;
  return access === 'owner' || access === 'shared' || access === 'agent' ? access : 'reader';
}

/** Attachments, conversation, follow, work log and communication log of one record. */
export function RecordWorkPanels({ record }: { record: HdRecord }) {
  const access = recordAccess(record);
  if (access === 'reader') return null;
  return <div className="record-work-panels" data-record-id={record.id} />;
}
