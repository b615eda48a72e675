// What the event stream carries (docs/api-live.md), as the API document names it.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** One event: its name (`ready`, `change`, `presence`, `resync`) and its data. */
export type LiveEvent = Schemas['LiveEvent'];

/** `change`: a row of a record (or of what hangs off it) was inserted, updated or deleted. */
export type LiveChange = Schemas['LiveChange'];

/** `change` for a statement that touched many rows at once (agents only). */
export type LiveManyChanges = Schemas['LiveManyChanges'];

/** `presence`: everyone on a record now, and those of them typing a reply. */
export type LivePresence = Schemas['LivePresence'];

export type PresencePerson = LivePresence['viewing'][number];
