import { CollisionIndicator } from './collision-indicator';
import { useLiveRecord } from './use-live-record';

/**
 * The open record, live: reloads it when someone else changes it (not while `editing`) and
 * shows who else is viewing it or replying. One element, placed in the details page header.
 */
export function LiveRecord({
  record,
  editing,
  onReload,
}: {
  record: { object_type: 'T' | 'C'; id: number };
  editing: boolean;
  onReload: () => void;
}) {
  useLiveRecord({ type: record.object_type, id: record.id }, editing, onReload);
  return <CollisionIndicator recordId={record.id} />;
}
