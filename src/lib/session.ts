import { createAction } from '@reduxjs/toolkit';
import type { User } from './types';

/** Shared session events: any feature may dispatch them; the auth slice keeps the user in step. */
export const sessionExpired = createAction('session/expired');
export const userUpdated = createAction<User>('session/userUpdated');
/** Start the pre-login redirect (e.g. from the route guard); `from` is where the user was. */
export const preLoginRequested = createAction<{ from?: string } | undefined>(
  'session/preLoginRequested',
);
