import { createRequestHolder } from '../../lib/request-holder';
import type {
  AdminHelpdesk,
  AdminUser,
  AdminUserPage,
  DeskAccess,
  Invitation,
  SignInSettings,
  UserChange,
} from './types';

/** The administrators' pages' response holders: one line each. */
export const adminHolders = {
  adminDesks: createRequestHolder<{ items: AdminHelpdesk[] }>('adminDesks'),
  saveAdminDesk: createRequestHolder<AdminHelpdesk, { id: number; access: DeskAccess }>(
    'saveAdminDesk',
  ),
  adminUsers: createRequestHolder<AdminUserPage, { page: number; text?: string }>('adminUsers'),
  inviteUser: createRequestHolder<AdminUser, Invitation>('inviteUser'),
  changeAdminUser: createRequestHolder<AdminUser, { id: number; change: UserChange }>(
    'changeAdminUser',
  ),
  signInSettings: createRequestHolder<SignInSettings>('signInSettings'),
  saveSignInSettings: createRequestHolder<SignInSettings, SignInSettings>('saveSignInSettings'),
};
