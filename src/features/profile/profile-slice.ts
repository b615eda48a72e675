import { createRequestHolder } from '../../lib/request-holder';
import type { MessageData, User } from '../../lib/types';
import type {
  ApiToken,
  MadeApiToken,
  NewApiToken,
  Passkey,
  PasswordChange,
  ProfileUpdate,
  RecoveryCodes,
  SignedInSession,
  TwoStepDisable,
  TwoStepSetup,
  TwoStepStatus,
} from './api';

/** The profile's response holders: one line each. */
export const profileHolders = {
  profileSave: createRequestHolder<User, ProfileUpdate>('profileSave'),
  passwordChange: createRequestHolder<MessageData, PasswordChange>('passwordChange'),
  twoStepStatus: createRequestHolder<TwoStepStatus>('twoStepStatus'),
  twoStepSetup: createRequestHolder<TwoStepSetup>('twoStepSetup'),
  /** Confirming the setup and regenerating both answer recovery codes, shown once. */
  twoStepConfirm: createRequestHolder<RecoveryCodes, { code: string }>('twoStepConfirm'),
  recoveryCodes: createRequestHolder<RecoveryCodes, { code: string }>('recoveryCodes'),
  twoStepDisable: createRequestHolder<MessageData, TwoStepDisable>('twoStepDisable'),
  signedInSessions: createRequestHolder<SignedInSession[]>('signedInSessions'),
  endSession: createRequestHolder<MessageData, { id: string }>('endSession'),
  apiTokens: createRequestHolder<ApiToken[]>('apiTokens'),
  /** Holds the new token's secret, shown once, until the user is done with it (reset). */
  apiTokenMake: createRequestHolder<MadeApiToken, NewApiToken>('apiTokenMake'),
  apiTokenRevoke: createRequestHolder<MessageData, { id: number }>('apiTokenRevoke'),
  passkeys: createRequestHolder<Passkey[]>('passkeys'),
  /** Adding: the name; the saga runs the browser's ceremony between the two calls. */
  passkeyAdd: createRequestHolder<Passkey, { name: string }>('passkeyAdd'),
  passkeyRemove: createRequestHolder<MessageData, { id: number }>('passkeyRemove'),
};
