import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

/** An organization (docs/api-working.md "Organizations"): a ticket's company. */
export type Organization = components['schemas']['Organization'];
/** One organization's page: its fields, members and newest tickets. */
export type OrganizationDetails = components['schemas']['OrganizationDetails'];
export type OrganizationMember = components['schemas']['OrganizationMember'];

/** What POST organizations takes (PUT organizations/{id} takes the same). */
export type OrganizationWrite = ApiBody<'/api/organizations', 'post'>;

/** A save: a new organization (no id) or an edit. */
export interface OrganizationSave {
  id?: number;
  values: OrganizationWrite;
}

/** A save of an organization's custom field values (PUT organizations/{id}/fields). */
export interface OrganizationFieldsSave {
  id: number;
  body: ApiBody<'/api/organizations/{id}/fields', 'put'>;
}

/** Add a member (or make it their primary organization), or remove one. */
export interface MemberChange {
  id: number;
  user_id: number;
  is_primary?: boolean;
}

/** The open-ticket count as shown: the server counts to the lists' cap, then says "10000+". */
export const openCount = (o: Organization): string =>
  o.open_ticket_count_is_capped ? `${o.open_ticket_count}+` : String(o.open_ticket_count);
