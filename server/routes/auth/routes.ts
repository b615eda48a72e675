// Accounts and sessions: login, logout, register, confirm, forget-password, reset-password.
import type { FastifyInstance } from 'fastify';
import { auditRefusal, auditRequest, type AuditReason } from '../../audit/write.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { hashOneTimeToken, newOneTimeToken } from '../../lib/one-time-token.js';
import {
  M,
  authenticated,
  emailField,
  errors,
  fullnameField,
  messageData,
  ok,
  passwordField,
  success,
  tokenField,
  userSchema,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { acceptedLanguage, fill } from '../../lib/i18n.js';
import { accountExistsMail, confirmMail, resetMail } from '../../mail/templates.js';
import { currentUser } from '../../plugins/auth.js';
import { afterPassword } from '../two-step/routes.js';
import { providerRequiredFor } from '../sso/routes.js';
import { ACCOUNT_DEACTIVATED, MESSAGES } from './messages.js';
import * as sql from './sql.js';
import {
  countAttempt,
  loginKeys,
  registerKeys,
  resetKeys,
  retryAfter,
  type ThrottleKey,
} from './throttle.js';

export { ACCOUNT_DEACTIVATED, MESSAGES };

const CONFIRM_TOKEN_TTL_MINUTES = 48 * 60;
const RESET_TOKEN_TTL_MINUTES = 60;

export function authRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  const { db, config, hasher, mailer } = ctx;

  /** 429 with Retry-After while any of the keys is waiting out its delay. */
  async function throttle(
    keys: ThrottleKey[],
    message: typeof MESSAGES.tooManyAttempts | typeof MESSAGES.tooManyRequests,
  ): Promise<void> {
    const wait = await retryAfter(db, keys);
    if (wait > 0) throw new HttpError(429, message, undefined, { 'retry-after': String(wait) });
  }

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Log in with email and password; answers a JWT and the user, or, for an account ' +
          'with two-step sign-in, a challenge for POST /login/two-step',
        body: {
          type: 'object',
          required: ['str_username', 'str_password'],
          properties: {
            str_username: { ...emailField, [M]: 'Email must be a valid email address.' },
            str_password: {
              type: 'string',
              minLength: 1,
              maxLength: 128,
              [M]: 'Password is required.',
            },
          },
        },
        response: {
          200: ok({
            anyOf: [
              {
                type: 'object',
                required: ['token', 'user'],
                properties: {
                  token: { type: 'string' },
                  user: userSchema,
                  two_step_setup_required: {
                    type: 'boolean',
                    enum: [true],
                    description:
                      'Two-step sign-in is required for this account and not set up: every ' +
                      'call but its setup answers 403 until it is',
                  },
                },
              },
              {
                type: 'object',
                required: ['two_step', 'challenge'],
                properties: {
                  two_step: { type: 'string', enum: ['code'] },
                  challenge: {
                    type: 'string',
                    description: 'Single-use, valid for 5 minutes; not a session',
                  },
                  passkey: {
                    type: 'boolean',
                    enum: [true],
                    description:
                      'The account has a passkey, which may answer this step instead of a code ' +
                      '(POST /login/two-step/passkey/options)',
                  },
                },
              },
            ],
          }),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const email = request.body.str_username.trim().toLowerCase();
      const password = request.body.str_password;
      const keys = loginKeys(config, email, request.ip);
      const refused = (reason: AuditReason, actorId?: number | string) =>
        auditRefusal(db, request, { kind: 'sign_in.password', actorId, actorLabel: email, reason });
      await throttle(keys, MESSAGES.tooManyAttempts).catch(async (err: unknown) => {
        await refused('throttled');
        throw err;
      });
      const user = await sql.findUserByEmail(db, email);
      // Unknown account: spend the same time as a real check, answer the same 401.
      const valid = user
        ? await hasher.verify(user.password_hash, password)
        : (await hasher.dummyVerify(password), false);
      if (!user || !valid) {
        await countAttempt(db, config, keys);
        await refused(user ? 'wrong_password' : 'unknown_account', user?.id);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      // Only said after the password matched, so it reveals nothing to a guesser.
      if (!user.confirmed_at) {
        await refused('unconfirmed', user.id);
        throw new HttpError(403, MESSAGES.unconfirmed);
      }
      // Also only after the password matched: a stranger cannot learn that the account exists.
      if (user.deactivated_at) {
        await refused('deactivated', user.id);
        throw new HttpError(403, ACCOUNT_DEACTIVATED);
      }
      // An agent of a domain whose provider agents must use (docs/sign-in.md, "Single sign-on").
      const ssoOnly = await providerRequiredFor(ctx, user);
      if (ssoOnly) {
        await refused('sso_required', user.id);
        throw new HttpError(
          403,
          fill('This account signs in with {{label}}: use that button on the sign-in page.', {
            label: ssoOnly.label,
          }),
        );
      }
      const answer = await afterPassword(ctx, request, user);
      await auditRequest(db, request, {
        kind: 'sign_in.password',
        actorId: user.id,
        details: { second_step: 'two_step' in answer },
      });
      request.log.info({ user_id: user.id, two_step: 'two_step' in answer }, 'login');
      return success(answer);
    },
  );

  app.post(
    '/logout',
    {
      config: { duringTwoStepSetup: true },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session (its token is refused from now on)',
        security: authenticated,
        response: { 200: ok(messageData), ...errors(401) },
      },
    },
    async (request) => {
      await sql.revokeSession(db, currentUser(request).session_id);
      ctx.sessions.forgetSession(currentUser(request).session_id);
      await auditRequest(db, request, { kind: 'sign_out' });
      return success({ message: MESSAGES.loggedOut });
    },
  );

  app.post(
    '/register/',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Create an unconfirmed account and mail a confirmation link (the same answer for a ' +
          'taken address, whose owner is mailed instead)',
        body: {
          type: 'object',
          required: ['fullname', 'email', 'password'],
          properties: { fullname: fullnameField, email: emailField, password: passwordField },
        },
        response: { 200: ok(messageData), ...errors(400, 429) },
      },
    },
    async (request) => {
      const keys = registerKeys(config, request.ip);
      await throttle(keys, MESSAGES.tooManyRequests);
      await countAttempt(db, config, keys);
      // Someone with no account yet: their browser's preference, for the account and the mail.
      const language = acceptedLanguage(request.headers['accept-language']);
      const email = request.body.email.trim().toLowerCase();
      // Hashed whether or not the address is taken, and either way one more statement and one
      // mail: the answer and its time are the same, so they never tell who has an account.
      const user = await sql.insertUser(db, {
        fullname: request.body.fullname.trim(),
        email,
        passwordHash: await hasher.hash(request.body.password),
        language,
      });
      if (!user) {
        const owner = await sql.findUserByEmail(db, email);
        // Gone since the insert found it (deleted in between): nobody to tell.
        if (owner) {
          await mailer.send(
            owner.email,
            accountExistsMail(owner.language, owner.fullname, {
              signIn: `${config.publicUrl}/auth/login`,
              reset: `${config.publicUrl}/auth/forget-password`,
            }),
          );
        }
        return success({ message: MESSAGES.registered });
      }
      const { token, hash } = newOneTimeToken();
      await sql.insertAccountToken(db, {
        hash,
        userId: user.id,
        purpose: 'confirm',
        ttlMinutes: CONFIRM_TOKEN_TTL_MINUTES,
      });
      const link = `${config.publicUrl}/auth/confirm?token=${token}`;
      await mailer.send(user.email, confirmMail(language, user.fullname, link));
      return success({ message: MESSAGES.registered });
    },
  );

  app.post(
    '/confirm/',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an account with the mailed token',
        body: { type: 'object', required: ['token'], properties: { token: tokenField } },
        response: { 200: ok(messageData), ...errors(400) },
      },
    },
    async (request) => {
      const confirmed = await sql.confirmWithToken(db, hashOneTimeToken(request.body.token));
      if (!confirmed) throw new HttpError(400, MESSAGES.badLink);
      return success({ message: MESSAGES.confirmed });
    },
  );

  app.post(
    '/forget-password/',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer for unknown emails)',
        body: { type: 'object', required: ['email'], properties: { email: emailField } },
        response: { 200: ok(messageData), ...errors(400, 429) },
      },
    },
    async (request) => {
      // Keyed on the address asked for, known or not: the answer reveals nothing either way.
      const keys = resetKeys(config, request.body.email.trim().toLowerCase(), request.ip);
      await throttle(keys, MESSAGES.tooManyRequests);
      await countAttempt(db, config, keys);
      const user = await sql.findUserByEmail(db, request.body.email.trim());
      if (user && !user.deactivated_at) {
        const { token, hash } = newOneTimeToken();
        await sql.insertAccountToken(db, {
          hash,
          userId: user.id,
          purpose: 'reset',
          ttlMinutes: RESET_TOKEN_TTL_MINUTES,
        });
        const link = `${config.publicUrl}/auth/reset-password?token=${token}`;
        // Not awaited: the answer must take the same time whether or not the account exists.
        mailer
          .send(user.email, resetMail(user.language, user.fullname, link))
          .catch((err: unknown) => request.log.error({ err }, 'reset mail failed'));
      }
      return success({ message: MESSAGES.resetSent });
    },
  );

  app.post(
    '/reset-password/',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed token; logs out every session of the account',
        body: {
          type: 'object',
          required: ['token', 'password'],
          properties: { token: tokenField, password: passwordField },
        },
        response: { 200: ok(messageData), ...errors(400) },
      },
    },
    async (request) => {
      const hash = hashOneTimeToken(request.body.token);
      if (!(await sql.isTokenUsable(db, hash, 'reset'))) throw new HttpError(400, MESSAGES.badLink);
      const passwordHash = await hasher.hash(request.body.password);
      // Checked again atomically: a concurrent use of the same token loses here.
      if (!(await sql.resetWithToken(db, hash, passwordHash)))
        throw new HttpError(400, MESSAGES.badLink);
      ctx.sessions.forgetAll(); // whose sessions the token revoked is not known here
      return success({ message: MESSAGES.resetDone });
    },
  );
}
