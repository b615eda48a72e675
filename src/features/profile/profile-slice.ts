import { createRequestHolder } from '../../lib/request-holder';
import type { MessageData, User } from '../../lib/types';
import type { PasswordChange, ProfileUpdate } from './api';

/** The profile's response holders: one line each. */
export const profileHolders = {
  profileSave: createRequestHolder<User, ProfileUpdate>('profileSave'),
  passwordChange: createRequestHolder<MessageData, PasswordChange>('passwordChange'),
};
