import type { components } from '../../api/schema';

/** SLA policies (docs/api-sla.md); `hours` has 7 entries, Sunday first, null = not a working day. */
export type SlaPolicy = components['schemas']['SlaPolicy'];

export type DayHours = NonNullable<SlaPolicy['hours'][number]>;

export type SlaPolicyWrite = Omit<
  SlaPolicy,
  'id' | 'sort_order' | 'version' | 'created_at' | 'updated_at'
>;

/** A save: a new policy (no id) or an edit at `version`. */
export interface SlaPolicySave {
  id?: number;
  version?: number;
  policy: SlaPolicyWrite;
}
