import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

/** SLA policies (docs/api-sla.md); `hours` has 7 entries, Sunday first, null = not a working day. */
export type SlaPolicy = components['schemas']['SlaPolicy'];

export type DayHours = NonNullable<SlaPolicy['hours'][number]>;

/** What POST sla/policies/ takes (PUT takes it with the `version` it is based on). */
export type SlaPolicyWrite = ApiBody<'/api/sla/policies/', 'post'>;

/** The policies' new order (PUT sla/policies/order/): their ids, in that order. */
export type SlaPolicyOrder = ApiBody<'/api/sla/policies/order/', 'put'>;

/** A save: a new policy (no id) or an edit at `version`. */
export interface SlaPolicySave {
  id?: number;
  version?: number;
  policy: SlaPolicyWrite;
}
