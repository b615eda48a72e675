import { createRequestHolder } from '../../lib/request-holder';
import type { MessageData } from '../../lib/types';
import type { CustomFieldSet } from '../custom-fields/types';
import type {
  AdminApiToken,
  AdminHelpdesk,
  AdminUser,
  AdminUserPage,
  DeskAccess,
  DeskReviewers,
  DeskReviewersSave,
  Invitation,
  SignInSettings,
  UserChange,
  UserFields,
  UserFieldsSave,
} from './types';

/** The administrators' pages' response holders: one line each. */
export const adminHolders = {
  adminDesks: createRequestHolder<{ items: AdminHelpdesk[] }>('adminDesks'),
  saveAdminDesk: createRequestHolder<AdminHelpdesk, { id: number; access: DeskAccess }>(
    'saveAdminDesk',
  ),
  saveDeskReviewers: createRequestHolder<DeskReviewers, DeskReviewersSave>('saveDeskReviewers'),
  adminUsers: createRequestHolder<AdminUserPage, { page: number; text?: string }>('adminUsers'),
  inviteUser: createRequestHolder<AdminUser, Invitation>('inviteUser'),
  changeAdminUser: createRequestHolder<AdminUser, { id: number; change: UserChange }>(
    'changeAdminUser',
  ),
  // A user's custom fields: the definitions, one user's values, and their save.
  userFieldSet: createRequestHolder<CustomFieldSet>('userFieldSet'),
  userFields: createRequestHolder<UserFields, { id: number }>('userFields'),
  saveUserFields: createRequestHolder<UserFields, UserFieldsSave>('saveUserFields'),
  signInSettings: createRequestHolder<SignInSettings>('signInSettings'),
  saveSignInSettings: createRequestHolder<SignInSettings, SignInSettings>('saveSignInSettings'),
  adminApiTokens: createRequestHolder<AdminApiToken[]>('adminApiTokens'),
  revokeAdminApiToken: createRequestHolder<MessageData, { id: number }>('revokeAdminApiToken'),
};
