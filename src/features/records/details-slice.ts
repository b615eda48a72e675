import type { ApiQuery } from '../../lib/api-client';
import { createRequestHolder } from '../../lib/request-holder';
import type { RecordRef } from './records-slice';
import type { FieldChanges, Macro, MacroWrite, RecordView } from './details-types';

/** An older page of the timeline: the details call's `before` cursor. */
export type OlderRequest = RecordRef & Required<ApiQuery<'/api/ticket/{id}/details/', 'get'>>;

/** Field changes on a record, in one step (a macro, or its undo). */
export interface FieldsRequest extends RecordRef {
  changes: FieldChanges;
}

/** The record view (issue 9): its timeline and files, and macros. One line per holder. */
export const detailsHolders = {
  // Filled with the record by the details call (detailData's saga); `requested` loads an older page.
  recordView: createRequestHolder<RecordView, OlderRequest>('recordView'),
  applyFields: createRequestHolder<FieldChanges, FieldsRequest>('applyFields'),
  macroList: createRequestHolder<Macro[]>('macroList'),
  saveMacro: createRequestHolder<Macro, { id?: number; values: MacroWrite }>('saveMacro'),
  removeMacro: createRequestHolder<{ id: number }, { id: number }>('removeMacro'),
};
