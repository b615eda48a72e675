import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createRequestHolder } from '../../lib/request-holder';
import type { CustomFieldSet } from '../custom-fields/types';
import type {
  Company,
  ContentType,
  HdRecord,
  HelpdeskNode,
  ListData,
  ListQuery,
  ObjectType,
  Priority,
  RecordWrite,
  Status,
} from './types';

export interface RecordRef {
  type: ObjectType;
  id: number;
}

/** A form save: create (no id) or update a draft (id + version in `values`). */
export interface SaveRequest {
  id?: number;
  values: RecordWrite;
}

/** Discarding a draft (owner), or an agent's delete of any record (`agent: true`). */
export interface DeleteRequest extends RecordRef {
  agent?: boolean;
}

/** What the raise form needs beside the desks, from the same call (GET helpdesk/?object_type=). */
export interface FormLookups {
  custom_fields: CustomFieldSet;
  /** The caller's primary organization: a new ticket's company (tickets only). */
  company_id: number | null;
}

export interface UpdateRequest extends RecordRef {
  /** Includes `version`, the version the edit was based on. */
  values: RecordWrite;
}

/** The response holders of tickets and content: one line each (seed section 3). */
export const recordsHolders = {
  // The four lists, keyed by the seed's list context names.
  MYTICKET: createRequestHolder<ListData, ListQuery>('MYTICKET'),
  MYCONTENT: createRequestHolder<ListData, ListQuery>('MYCONTENT'),
  HDTICKET: createRequestHolder<ListData, ListQuery>('HDTICKET'),
  HDCONTENT: createRequestHolder<ListData, ListQuery>('HDCONTENT'),
  // Dropdowns and filters.
  ticketHelpDesk: createRequestHolder<HelpdeskNode[]>('ticketHelpDesk'),
  contentHelpDesk: createRequestHolder<HelpdeskNode[]>('contentHelpDesk'),
  // Filled by the help desks' call (no request of their own): reload a desk list to renew them.
  ticketFormLookups: createRequestHolder<FormLookups>('ticketFormLookups'),
  contentFormLookups: createRequestHolder<FormLookups>('contentFormLookups'),
  ticketStatus: createRequestHolder<Status[]>('ticketStatus'),
  contentStatus: createRequestHolder<Status[]>('contentStatus'),
  priority: createRequestHolder<Priority[]>('priority'),
  company: createRequestHolder<Company[]>('company'),
  contentType: createRequestHolder<ContentType[]>('contentType'),
  // One record, its saves, its information update and the discard of a draft.
  detailData: createRequestHolder<HdRecord, RecordRef>('detailData'),
  saveTicketInput: createRequestHolder<HdRecord, SaveRequest>('saveTicketInput'),
  saveContentInput: createRequestHolder<HdRecord, SaveRequest>('saveContentInput'),
  informationUpdate: createRequestHolder<HdRecord, UpdateRequest>('informationUpdate'),
  deleteRecord: createRequestHolder<{ id: number }, DeleteRequest>('deleteRecord'),
};

export type ListKey = 'MYTICKET' | 'MYCONTENT' | 'HDTICKET' | 'HDCONTENT';
export type DropdownKey =
  | 'ticketHelpDesk'
  | 'contentHelpDesk'
  | 'ticketStatus'
  | 'contentStatus'
  | 'priority'
  | 'company'
  | 'contentType';

/** The seed's isFormLoading flag: set while a form loads the record it edits. */
const recordsSlice = createSlice({
  name: 'records',
  initialState: { isFormLoading: false },
  reducers: {
    formLoadingSet: (state, action: PayloadAction<boolean>) => {
      state.isFormLoading = action.payload;
    },
  },
});

export const { formLoadingSet } = recordsSlice.actions;
export const recordsReducer = recordsSlice.reducer;
