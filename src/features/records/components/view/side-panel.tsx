import type { ComponentProps } from 'react';
import { SlaSection } from '../sla-section';
import { PropertiesPanel } from './properties-panel';

/**
 * A record's side panel: a ticket's service level, then its properties, classification, sharing,
 * relations, following and files. A chunk of its own (record-details-page.tsx loads it).
 */
export default function SidePanel(props: ComponentProps<typeof PropertiesPanel>) {
  const { record } = props;
  return (
    <>
      {record.object_type === 'T' && (
        <div className="row mb-3">
          <SlaSection ticket={record} />
        </div>
      )}
      <PropertiesPanel {...props} />
    </>
  );
}
