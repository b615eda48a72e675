import type { components } from '../../api/schema';
import type { ApiBody, ApiData } from '../../lib/api-client';

/** A help desk as administrators see it (docs/api-admin.md): restricted or open, its members. */
export type AdminHelpdesk = components['schemas']['AdminHelpdesk'];
/** A user with their roles and whether they are active. */
export type AdminUser = components['schemas']['AdminUser'];

export interface AdminUserPage {
  items: AdminUser[];
  total: number;
  page: number;
  page_size: number;
}

export type DeskAccess = ApiBody<'/api/admin/helpdesks/{id}/', 'put'>;
/** A content desk's named reviewers (none: every agent reviews; docs/knowledge-review.md). */
export type DeskReviewers = ApiData<'/api/admin/helpdesks/{id}/reviewers', 'get'>;
export interface DeskReviewersSave {
  id: number;
  user_ids: number[];
}
export type Invitation = ApiBody<'/api/admin/users/', 'post'>;
export type UserChange = ApiBody<'/api/admin/users/{id}/', 'put'>;

/** A user's custom field values (GET/PUT users/{id}/fields). */
export type UserFields = ApiData<'/api/users/{id}/fields', 'get'>;
export interface UserFieldsSave {
  id: number;
  body: ApiBody<'/api/users/{id}/fields', 'put'>;
}

/** The administrators' sign-in settings (two-step sign-in required for agents and admins). */
export type SignInSettings = ApiData<'/api/admin/sign-in-settings', 'get'>;
export type AdminApiToken = ApiData<'/api/admin/tokens', 'get'>[number];
