import type { Kind } from '../../kinds';
import type { RecordPermissions } from '../../details-types';
import type { HdRecord } from '../../types';
import { SlaSection } from '../sla-section';
import { PropertiesPanel } from './properties-panel';

/**
 * A record's side panel: a ticket's service level, then its properties, classification, sharing,
 * relations, following and files. A chunk of its own (record-details-page.tsx loads it).
 */
export default function SidePanel({
  kind,
  record,
  permissions,
}: {
  kind: Kind;
  record: HdRecord;
  permissions: RecordPermissions;
}) {
  return (
    <>
      {record.object_type === 'T' && (
        <div className="row mb-3">
          <SlaSection ticket={record} />
        </div>
      )}
      <PropertiesPanel kind={kind} record={record} permissions={permissions} />
    </>
  );
}
