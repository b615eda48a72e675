/** Records (docs/api-records.md): a ticket ('T') or a content item ('C'). */
export type ObjectType = 'T' | 'C';

/** The caller's role for a record (docs/api-working.md). */
export type Access = 'owner' | 'shared' | 'agent' | 'reader';

interface RecordBase {
  id: number;
  /** Read-only, per caller (docs/api-working.md); absent in older answers. */
  access?: Access;
  shared_with_me?: boolean;
  following?: boolean;
  hd_id: number;
  hd_name: string;
  status_id: number;
  status_name: string;
  is_draft: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface Ticket extends RecordBase {
  object_type: 'T';
  subject: string;
  description?: string;
  priority_id: number | null;
  priority_name: string | null;
  company_id: number | null;
  company_name: string | null;
  requester_id: number;
  requester_name: string;
  assignee_id: number | null;
  assignee_name: string | null;
}

export interface ContentItem extends RecordBase {
  object_type: 'C';
  title: string;
  body?: string;
  content_type_id: number | null;
  content_type_name: string | null;
  author_id: number;
  author_name: string;
  searchable: boolean;
  /** Content carries its assignee once one is set (agent action "Assign"). */
  assignee_id?: number | null;
  assignee_name?: string | null;
}

export type HdRecord = Ticket | ContentItem;

export interface HelpdeskNode {
  hd_id: number;
  hd_name: string;
  is_default: boolean;
  children: HelpdeskNode[];
}

export interface Status {
  status_id: number;
  status_name: string;
  is_closed: boolean;
}

export interface Priority {
  priority_id: number;
  priority_name: string;
}

export interface Company {
  company_id: number;
  company_name: string;
}

export interface ContentType {
  content_type_id: number;
  content_type_name: string;
}

export interface ListFilters {
  status_id?: number;
  priority_id?: number;
  company_id?: number;
  hd_id?: number;
  content_type_id?: number;
  is_draft?: boolean;
  requester_id?: number;
  author_id?: number;
  created_from?: string;
  created_to?: string;
  text?: string;
  /** My lists: the records shared with the caller instead of their own. */
  shared_with_me?: boolean;
  /** The dashboard's links (docs/api-overview.md). */
  status_group?: 'open' | 'closed';
  assignee_id?: number | 'none';
  waiting_for_me?: boolean;
  overdue?: boolean;
}

export interface ListQuery {
  page: number;
  page_size: number;
  sort: string;
  filters: ListFilters;
}

export interface ListData<T = HdRecord> {
  items: T[];
  total: number;
  total_is_capped?: boolean;
  page: number;
  page_size: number;
}

/** The body of POST ticket/ / content/ and PUT ticket/{id}/ / content/{id}/. */
export type RecordWrite = Record<string, string | number | boolean | null | undefined>;

/** The 409 body's `current`. */
export interface ConflictBody {
  current?: HdRecord;
}
