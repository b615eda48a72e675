import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

/** A ticket desk's assignment rule and away setting (docs/assignment.md). */
export type AssignmentDesk = components['schemas']['AssignmentDesk'];
/** An agent's availability: away or not, and since when. */
export type AgentAvailability = components['schemas']['AgentAvailability'];

export interface AssignmentSettings {
  desks: AssignmentDesk[];
  agents: AgentAvailability[];
}

export type DeskRule = ApiBody<'/api/admin/assignment/{id}/', 'put'>;
