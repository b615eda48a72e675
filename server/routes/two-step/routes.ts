// Two-step sign-in (TOTP): the profile's setup, recovery codes and turning it off; the sign-in's
// code step; the admin's "require two-step for agents and admins"; and the user's signed-in
// sessions. Flows, throttling and settings: docs/sign-in.md.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { auditRefusal, auditRequest, type AuditReason } from '../../audit/write.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { hashOneTimeToken } from '../../lib/one-time-token.js';
import {
  M,
  authenticated,
  errors,
  messageData,
  ok,
  success,
  userSchema,
} from '../../lib/schemas.js';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp.js';
import { routesWith } from '../../lib/typed-routes.js';
import { secretBox } from '../../mail/secret.js';
import { twoStepMail } from '../../mail/two-step-mails.js';
import { currentUser, type AuthUser } from '../../plugins/auth.js';
import { publicUser } from '../users/public-user.js';
import { ACCOUNT_DEACTIVATED, MESSAGES } from '../auth/messages.js';
import { passwordHashOf } from '../users/sql.js';
import * as authSql from '../auth/sql.js';
import { describeAgent, startSession } from '../auth/start-session.js';
import { countAttempt, forgetKeys, loginKeys, retryAfter } from '../auth/throttle.js';
import * as sql from './sql.js';

export const TWO_STEP_MESSAGES = {
  challengeExpired: 'This sign-in has expired. Sign in again.',
  codeOrRecovery: 'Enter the code from your authenticator app or a recovery code.',
  badCode: 'This code is not valid, or it has been used already.',
  badRecoveryCode: 'This recovery code is not valid, or it has been used already.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  noSetup: 'Start the setup again: it has not been started or is already finished.',
  turnedOff: 'Two-step sign-in is off.',
  requiredForRole: 'Two-step sign-in is required for your account and cannot be turned off.',
  wrongPassword: 'The password is not correct.',
  passwordRequired: 'Password is required.',
  sessionEnded: 'The session has ended.',
  sessionNotFound: 'Session not found.',
} as const;

const ISSUER = 'Helpdesk';
const CHALLENGE_TTL_SECONDS = 5 * 60;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const codeField = {
  type: 'string',
  pattern: '^\\s*\\d{3}\\s?\\d{3}\\s*$',
  maxLength: 20,
  [M]: 'The code is the 6 digits your authenticator app shows.',
} as const;
const recoveryCodeField = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  [M]: 'Enter a recovery code.',
} as const;
/** A TOTP code or a recovery code, where either will do. */
const anyCodeField = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  [M]: 'Enter the code from your authenticator app or a recovery code.',
} as const;
const recoveryCodesData = {
  type: 'object',
  required: ['recovery_codes'],
  properties: { recovery_codes: { type: 'array', items: { type: 'string' } } },
} as const;

/** Ten codes like `k7m2p-x9qrt`: about 49 bits each, so their sha256 is safe to store. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
function hashRecoveryCode(code: string): string {
  return hashOneTimeToken(code.toLowerCase().replace(/[\s-]/g, ''));
}
const hashRecoveryCodes = (codes: string[]) => codes.map(hashRecoveryCode);

export function twoStepRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  const { db, config, mailer } = ctx;
  // The TOTP secret is sealed at rest like mailbox passwords (mail/secret.ts): it must be read
  // to compute codes, so it cannot be hashed.
  const secrets = secretBox(db, config.mailSecretKey);
  const tags = ['two-step'];

  async function throttle(email: string, ip: string) {
    const keys = loginKeys(config, email, ip);
    const wait = await retryAfter(db, keys);
    if (wait > 0) {
      throw new HttpError(429, MESSAGES.tooManyAttempts, undefined, {
        'retry-after': String(wait),
      });
    }
    return keys;
  }

  /**
   * Accepts a TOTP code (once: its step is spent) or, when `recovery` allows, a recovery code
   * (once). Counts a failure against the sign-in throttle.
   */
  async function checkCode(
    user: { id: string | number; email: string },
    request: FastifyRequest,
    given: { code?: string; recovery?: string },
    field: string,
    auditKind: string,
  ): Promise<'code' | 'recovery'> {
    const refused = (reason: AuditReason) =>
      auditRefusal(db, request, { kind: auditKind, actorId: user.id, reason });
    const keys = await throttle(user.email, request.ip).catch(async (err: unknown) => {
      await refused('throttled');
      throw err;
    });
    const row = await sql.twoStepOf(db, user.id);
    let used: 'code' | 'recovery' | undefined;
    let reason: AuditReason = given.code === undefined ? 'wrong_recovery_code' : 'wrong_code';
    if (row && given.code !== undefined && /^\s*\d{3}\s?\d{3}\s*$/.test(given.code)) {
      const last = row.last_step === null ? null : Number(row.last_step);
      const secret = await secrets.open(row.secret);
      const step = verifyTotp(secret, given.code, Date.now(), last);
      if (step !== undefined && (await sql.spendStep(db, user.id, step))) used = 'code';
      else if (step === undefined && verifyTotp(secret, given.code, Date.now(), null) !== undefined)
        reason = 'reused_code';
    } else if (row?.enabled_at && given.recovery !== undefined) {
      if (await sql.spendRecoveryCode(db, user.id, hashRecoveryCode(given.recovery)))
        used = 'recovery';
    }
    if (!used) {
      await countAttempt(db, config, keys);
      await refused(reason);
      const message =
        field === 'recovery_code' ? TWO_STEP_MESSAGES.badRecoveryCode : TWO_STEP_MESSAGES.badCode;
      throw new HttpError(400, message, { [field]: message });
    }
    return used;
  }

  /** A code field that may hold a TOTP code or a recovery code. */
  const either = (value: string) =>
    /^\s*\d{3}\s?\d{3}\s*$/.test(value) ? { code: value } : { recovery: value };

  async function mailOwner(user: AuthUser, kind: 'on' | 'off' | 'recovery', left = 0) {
    await mailer.send(user.email, twoStepMail(user.language, user.fullname, kind, left));
  }

  app.post(
    '/login/two-step',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Second sign-in step: the challenge the login answered and a code from the ' +
          'authenticator app or a recovery code; answers a JWT and the user',
        body: {
          type: 'object',
          required: ['challenge'],
          properties: {
            challenge: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              [M]: 'Challenge is required.',
            },
            code: codeField,
            recovery_code: recoveryCodeField,
          },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['token', 'user'],
            properties: { token: { type: 'string' }, user: userSchema },
          }),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const { challenge, code, recovery_code } = request.body;
      if ((code === undefined) === (recovery_code === undefined)) {
        throw new HttpError(400, TWO_STEP_MESSAGES.codeOrRecovery, {
          code: TWO_STEP_MESSAGES.codeOrRecovery,
        });
      }
      const challengeHash = hashOneTimeToken(challenge);
      const owner = await sql.challengeUser(db, challengeHash);
      // Turned off since the password step: that sign-in starts over.
      if (!owner || !(await sql.isTwoStepOn(db, owner.user_id))) {
        await auditRefusal(db, request, {
          kind: 'sign_in.code',
          actorId: owner?.user_id ?? null,
          reason: 'challenge_expired',
        });
        throw new HttpError(401, TWO_STEP_MESSAGES.challengeExpired);
      }
      const used = await checkCode(
        { id: owner.user_id, email: owner.email },
        request,
        { code, recovery: recovery_code },
        code === undefined ? 'recovery_code' : 'code',
        'sign_in.code',
      );
      // Spent only now: a mistyped code may be tried again with the same challenge.
      if (!(await sql.spendChallenge(db, challengeHash)))
        throw new HttpError(401, TWO_STEP_MESSAGES.challengeExpired);
      const user = await authSql.findUserByEmail(db, owner.email);
      if (!user || user.id !== owner.user_id)
        throw new HttpError(401, TWO_STEP_MESSAGES.challengeExpired);
      if (user.deactivated_at) throw new HttpError(403, ACCOUNT_DEACTIVATED);
      await forgetKeys(db, loginKeys(config, user.email, request.ip).slice(0, 1));
      const token = await startSession(ctx, request, user.id);
      await auditRequest(db, request, {
        kind: 'sign_in.code',
        actorId: user.id,
        ...(used === 'recovery' ? { reason: 'recovery_code_used' } : {}),
      });
      if (used === 'recovery') {
        const left = await sql.recoveryCodesLeft(db, Number(user.id));
        await mailer.send(user.email, twoStepMail(user.language, user.fullname, 'recovery', left));
      }
      request.log.info({ user_id: user.id, second_step: used }, 'login');
      return success({ token, user: publicUser(user) });
    },
  );

  app.get(
    '/user/me/two-step',
    {
      config: { duringTwoStepSetup: true },
      schema: {
        tags,
        summary: "The signed-in user's two-step sign-in: on or off, recovery codes left, required",
        security: authenticated,
        response: {
          200: ok({
            type: 'object',
            required: ['enabled', 'recovery_codes_left', 'required'],
            properties: {
              enabled: { type: 'boolean' },
              recovery_codes_left: { type: 'integer' },
              required: { type: 'boolean' },
            },
          }),
          ...errors(401),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [enabled, left, required] = await Promise.all([
        sql.isTwoStepOn(db, user.id),
        sql.recoveryCodesLeft(db, user.id),
        requiredFor(user),
      ]);
      return success({ enabled, recovery_codes_left: enabled ? left : 0, required });
    },
  );

  async function requiredFor(user: AuthUser): Promise<boolean> {
    return (user.user_is_hde || user.user_is_admin) && (await sql.twoStepRequiredForStaff(db));
  }

  app.post(
    '/user/me/two-step/setup',
    {
      config: { duringTwoStepSetup: true },
      schema: {
        tags,
        summary:
          'Start setting up two-step sign-in: a new secret, its otpauth URI and QR code (SVG); ' +
          'confirm it with a first code',
        security: authenticated,
        response: {
          200: ok({
            type: 'object',
            required: ['secret', 'otpauth_uri', 'qr_svg'],
            properties: {
              secret: { type: 'string' },
              otpauth_uri: { type: 'string' },
              qr_svg: { type: 'string' },
            },
          }),
          ...errors(401, 409),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const secret = newTotpSecret();
      if (!(await sql.startSetup(db, user.id, await secrets.seal(secret))))
        throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
      const uri = otpauthUri(secret, user.email, ISSUER);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return success({ secret, otpauth_uri: uri, qr_svg: svg });
    },
  );

  app.post(
    '/user/me/two-step/confirm',
    {
      config: { duringTwoStepSetup: true },
      schema: {
        tags,
        summary:
          'Turn two-step sign-in on with a first code; answers ten recovery codes, shown this ' +
          'once; ends the other sessions',
        security: authenticated,
        body: { type: 'object', required: ['code'], properties: { code: codeField } },
        response: { 200: ok(recoveryCodesData), ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await sql.twoStepOf(db, user.id);
      if (row?.enabled_at) throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
      if (!row) throw new HttpError(400, TWO_STEP_MESSAGES.noSetup);
      await checkCode(user, request, { code: request.body.code }, 'code', 'two_step.on');
      const codes = newRecoveryCodes();
      if (!(await sql.enable(db, user.id, hashRecoveryCodes(codes), user.session_id)))
        throw new HttpError(409, TWO_STEP_MESSAGES.alreadyOn);
      await auditRequest(db, request, { kind: 'two_step.on' });
      ctx.sessions.forgetUser(user.id);
      await mailOwner(user, 'on');
      return success({ recovery_codes: codes });
    },
  );

  app.post(
    '/user/me/two-step/recovery-codes',
    {
      schema: {
        tags,
        summary:
          'New recovery codes (the old ones stop working), with a code from the authenticator ' +
          'app or a recovery code',
        security: authenticated,
        body: { type: 'object', required: ['code'], properties: { code: anyCodeField } },
        response: { 200: ok(recoveryCodesData), ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await sql.isTwoStepOn(db, user.id))) throw new HttpError(400, TWO_STEP_MESSAGES.notOn);
      const kind = 'two_step.recovery_regenerated';
      await checkCode(user, request, either(request.body.code), 'code', kind);
      const codes = newRecoveryCodes();
      await sql.replaceRecoveryCodes(db, user.id, hashRecoveryCodes(codes));
      await auditRequest(db, request, { kind });
      return success({ recovery_codes: codes });
    },
  );

  app.post(
    '/user/me/two-step/disable',
    {
      schema: {
        tags,
        summary:
          'Turn two-step sign-in off, with the password and a code from the authenticator app ' +
          'or a recovery code',
        security: authenticated,
        body: {
          type: 'object',
          required: ['password', 'code'],
          properties: {
            password: {
              type: 'string',
              minLength: 1,
              maxLength: 128,
              [M]: TWO_STEP_MESSAGES.passwordRequired,
            },
            code: anyCodeField,
          },
        },
        response: { 200: ok(messageData), ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await sql.isTwoStepOn(db, user.id))) throw new HttpError(400, TWO_STEP_MESSAGES.notOn);
      if (await requiredFor(user)) throw new HttpError(403, TWO_STEP_MESSAGES.requiredForRole);
      const keys = await throttle(user.email, request.ip);
      const stored = await passwordHashOf(db, user.id);
      if (!(await ctx.hasher.verify(stored, request.body.password))) {
        await countAttempt(db, config, keys);
        await auditRefusal(db, request, { kind: 'two_step.off', reason: 'wrong_password' });
        throw new HttpError(400, TWO_STEP_MESSAGES.wrongPassword, {
          password: TWO_STEP_MESSAGES.wrongPassword,
        });
      }
      await checkCode(user, request, either(request.body.code), 'code', 'two_step.off');
      await sql.disable(db, user.id);
      await auditRequest(db, request, { kind: 'two_step.off' });
      await mailOwner(user, 'off');
      return success({ message: TWO_STEP_MESSAGES.turnedOff });
    },
  );

  const settingsData = {
    type: 'object',
    required: ['require_two_step_staff'],
    properties: { require_two_step_staff: { type: 'boolean' } },
  } as const;

  app.get(
    '/admin/sign-in-settings',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Sign-in settings: whether agents and admins must use two-step sign-in',
        security: authenticated,
        response: { 200: ok(settingsData), ...errors(401, 403) },
      },
    },
    async () => success({ require_two_step_staff: await sql.twoStepRequiredForStaff(db) }),
  );

  app.put(
    '/admin/sign-in-settings',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Require two-step sign-in for agents and admins (those without it set it up at their ' +
          'next sign-in), or stop requiring it',
        security: authenticated,
        body: settingsData,
        response: { 200: ok(settingsData), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const before = await sql.twoStepRequiredForStaff(db);
      await sql.setTwoStepRequiredForStaff(db, request.body.require_two_step_staff);
      await auditRequest(db, request, {
        kind: 'sign_in_settings.changed',
        details: {
          before: { require_two_step_staff: before },
          after: { require_two_step_staff: request.body.require_two_step_staff },
        },
      });
      return success({ require_two_step_staff: request.body.require_two_step_staff });
    },
  );

  const sessionShape = {
    type: 'object',
    required: ['id', 'browser', 'os', 'ip', 'created', 'last_active', 'current'],
    properties: {
      id: { type: 'string' },
      browser: { type: 'string', description: "Browser name from the User-Agent ('' unknown)" },
      os: { type: 'string', description: "System name from the User-Agent ('' unknown)" },
      ip: { type: 'string' },
      created: { type: 'string', format: 'date-time' },
      last_active: { type: 'string', format: 'date-time' },
      current: { type: 'boolean' },
    },
  } as const;

  app.get(
    '/user/me/sessions',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's live sessions, most recently active first",
        security: authenticated,
        response: { 200: ok({ type: 'array', items: sessionShape }), ...errors(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await sql.liveSessions(db, user.id);
      return success(
        rows.map((r) => ({
          id: r.id,
          ...describeAgent(r.user_agent),
          ip: r.ip ?? '',
          created: r.created.toISOString(),
          last_active: r.last_active.toISOString(),
          current: r.id === user.session_id,
        })),
      );
    },
  );

  app.delete(
    '/user/me/sessions/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'End one of your sessions (its token is refused from now on)',
        security: authenticated,
        params: {
          type: 'object',
          required: ['id'],
          properties: {
            id: {
              type: 'string',
              maxLength: 36,
              pattern:
                '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
              [M]: TWO_STEP_MESSAGES.sessionNotFound,
            },
          },
        },
        response: { 200: ok(messageData), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id.toLowerCase();
      if (!(await sql.endSession(db, user.id, id)))
        throw new HttpError(404, TWO_STEP_MESSAGES.sessionNotFound);
      ctx.sessions.forgetSession(id);
      await auditRequest(db, request, { kind: 'session.revoked', target: { kind: 'session', id } });
      return success({ message: TWO_STEP_MESSAGES.sessionEnded });
    },
  );
}

/** What the login answers after a right password, by the account's two-step state. */
export async function afterPassword(
  ctx: AppContext,
  request: Parameters<typeof startSession>[1],
  user: authSql.UserRow,
): Promise<
  | { two_step: 'code'; challenge: string; passkey?: true }
  | { token: string; user: ReturnType<typeof publicUser>; two_step_setup_required?: true }
> {
  const { db, config } = ctx;
  const { rows } = await db.query<{ on: boolean; required: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM two_step WHERE user_id = $1 AND enabled_at IS NOT NULL) AS on,
            coalesce((SELECT value = 'true' FROM app_settings
                       WHERE key = 'require_two_step_staff'), false) AS required`,
    [user.id],
  );
  const { on, required } = rows[0];
  if (on) {
    // The password's failures are forgotten only when the code is right too.
    const challenge = randomBytes(32).toString('base64url');
    await sql.insertChallenge(db, hashOneTimeToken(challenge), user.id, CHALLENGE_TTL_SECONDS);
    // A passkey may answer this step instead of a code (routes/passkeys).
    const { rowCount } = await db.query('SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1', [
      user.id,
    ]);
    return { two_step: 'code', challenge, ...(rowCount ? { passkey: true as const } : {}) };
  }
  await forgetKeys(db, loginKeys(config, user.email, request.ip).slice(0, 1));
  const setup = required && (user.user_is_hde || user.user_is_admin);
  const token = await startSession(ctx, request, user.id, { twoStepSetupRequired: setup });
  return {
    token,
    user: publicUser(user),
    ...(setup ? { two_step_setup_required: true as const } : {}),
  };
}
