// The account calls' texts (server/locales/es.json holds their Spanish).

/** A deactivated account's answer to its right password (docs/api-admin.md). */
export const ACCOUNT_DEACTIVATED =
  'This account has been deactivated. Ask an administrator to reactivate it.';

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unconfirmed: 'Please confirm your email address before logging in.',
  tooManyAttempts: 'Too many failed login attempts. Try again later.',
  tooManyRequests: 'Too many requests. Try again later.',
  loggedOut: 'Logged out',
  registered: 'Registration successful. Check your email for a confirmation link.',
  confirmed: 'Your account is confirmed. You can log in now.',
  resetSent: "We've sent you a link to reset password to your registered email.",
  resetDone: 'Your password has been reset. You can log in now.',
  badLink: 'This link is invalid or has expired.',
} as const;
