import type { components } from '../../api/schema';
import type { ApiBody, ApiData } from '../../lib/api-client';

type Schemas = components['schemas'];

/** The details call's answer (docs/api-records.md "Details"). */
export type RecordDetails =
  ApiData<'/api/ticket/{id}/details/', 'get'> | ApiData<'/api/content/{id}/details/', 'get'>;
export type TimelineEntry = Schemas['TimelineEntry'];
export type TimelinePage = Schemas['TimelinePage'];
export type DetailAttachment = Schemas['DetailAttachment'];
export type RecordPermissions = Schemas['RecordPermissions'];
export type Macro = Schemas['Macro'];
/** What POST macros takes (and PUT macros/{id}). */
export type MacroWrite = ApiBody<'/api/macros', 'post'>;

/** What the record view keeps besides the record itself (which is detailData's). */
export interface RecordView {
  recordId: number;
  timeline: TimelineEntry[];
  nextCursor: string | null;
  attachments: DetailAttachment[];
  permissions: RecordPermissions;
  /** A merged ticket: the ticket it went into (the page opens that one instead). */
  mergedInto?: number;
}

/** Field changes a macro makes (and its undo reverts); absent: unchanged. */
export interface FieldChanges {
  status_id?: number;
  priority_id?: number;
  assignee_id?: number | null;
  category_ids?: number[];
}
