// Two-step sign-in, the sign-in's code step, the administrators' requirement and the session
// list, answering as server/routes/two-step/routes.ts does (texts included).
import QRCode from 'qrcode';
import { base32Encode, totpStep, verifyTotp } from '../lib/totp';
import { db, findUserByEmail, publicUser, startSession, type MockTwoStep } from './db';
import { authed, bodyOf, fail, http, ok, sessionOf } from './http';
import { deactivatedMessage } from './admin-handlers';
import { hasPasskey } from './passkey-handlers';

const M = {
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
  sessionEnded: 'The session has ended.',
  sessionNotFound: 'Session not found.',
} as const;

const CHALLENGE_TTL_MS = 5 * 60_000;
const SIX_DIGITS = /^\s*\d{3}\s?\d{3}\s*$/;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const normal = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

type User = (typeof db.users)[number];

function requiredFor(user: User): boolean {
  return db.requireTwoStepStaff && (user.user_is_hde || user.user_is_admin);
}

/** The login's answer after a right password (server: afterPassword). */
export function afterPassword(user: User, request: Request) {
  if (db.twoStep.get(user.id)?.enabled) {
    const challenge = crypto.randomUUID();
    db.challenges.set(challenge, { userId: user.id, expires: Date.now() + CHALLENGE_TTL_MS });
    // A passkey may answer this step instead of a code (passkey-handlers.ts).
    return {
      two_step: 'code' as const,
      challenge,
      ...(hasPasskey(user.id) ? { passkey: true as const } : {}),
    };
  }
  const setup = requiredFor(user);
  const token = startSession(user.id, undefined, {
    userAgent: request.headers.get('user-agent') ?? '',
    twoStepSetupRequired: setup,
  });
  return {
    token,
    user: publicUser(user),
    ...(setup ? { two_step_setup_required: true as const } : {}),
  };
}

/** A TOTP code (once per step) or, given `recovery`, a recovery code (once). */
async function accepts(row: MockTwoStep | undefined, given: { code?: string; recovery?: string }) {
  if (!row) return false;
  if (given.code !== undefined && SIX_DIGITS.test(given.code)) {
    const step = await verifyTotp(row.secret, given.code, Date.now(), row.lastStep);
    if (step === undefined) return false;
    row.lastStep = step;
    return true;
  }
  if (row.enabled && given.recovery !== undefined && row.recovery.has(normal(given.recovery))) {
    row.recovery.delete(normal(given.recovery));
    return true;
  }
  return false;
}

const either = (value: string) => (SIX_DIGITS.test(value) ? { code: value } : { recovery: value });

function badCode(field: string, recovery: boolean) {
  const message = recovery ? M.badRecoveryCode : M.badCode;
  return fail(400, 'Bad Request', message, { [field]: message });
}

function describeAgent(ua: string): { browser: string; os: string } {
  const browsers: [RegExp, string][] = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS/, 'Firefox'],
    [/Chrome\/|CriOS/, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/curl\//, 'curl'],
  ];
  const systems: [RegExp, string][] = [
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPad|iOS/, 'iOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  return {
    browser: browsers.find(([p]) => p.test(ua))?.[1] ?? '',
    os: systems.find(([p]) => p.test(ua))?.[1] ?? '',
  };
}

export function twoStepHandlers() {
  return [
    http.post('/api/login/two-step', async ({ request }) => {
      const body = await bodyOf(request);
      const code = typeof body.code === 'string' ? body.code : undefined;
      const recovery = typeof body.recovery_code === 'string' ? body.recovery_code : undefined;
      if ((code === undefined) === (recovery === undefined)) {
        return fail(400, 'Bad Request', M.codeOrRecovery, { code: M.codeOrRecovery });
      }
      const challenge = text(body.challenge);
      const found = db.challenges.get(challenge);
      if (!found || found.expires <= Date.now() || !db.twoStep.get(found.userId)?.enabled) {
        return fail(401, 'Unauthorized', M.challengeExpired);
      }
      if (!(await accepts(db.twoStep.get(found.userId), { code, recovery }))) {
        return badCode(code === undefined ? 'recovery_code' : 'code', code === undefined);
      }
      db.challenges.delete(challenge);
      const user = db.users.find((u) => u.id === found.userId);
      if (!user) return fail(401, 'Unauthorized', M.challengeExpired);
      const deactivated = deactivatedMessage(user.id);
      if (deactivated) return fail(403, 'Forbidden', deactivated);
      const token = startSession(user.id, undefined, {
        userAgent: request.headers.get('user-agent') ?? '',
      });
      return ok({ token, user: publicUser(user) });
    }),

    http.get(
      '/api/user/me/two-step',
      authed((user) => {
        const row = db.twoStep.get(user.id);
        const enabled = row?.enabled ?? false;
        return ok({
          enabled,
          recovery_codes_left: enabled ? (row?.recovery.size ?? 0) : 0,
          required: requiredFor(user),
        });
      }),
    ),

    http.post('/api/user/me/two-step/setup', async ({ request }) => {
      const session = sessionOf(request);
      if (!session) return fail(401, 'Unauthorized', 'Unauthorized');
      const { user } = session;
      if (db.twoStep.get(user.id)?.enabled) return fail(409, 'Conflict', M.alreadyOn);
      const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
      db.twoStep.set(user.id, { secret, enabled: false, lastStep: null, recovery: new Set() });
      const params = new URLSearchParams({
        secret,
        issuer: 'Helpdesk',
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      const uri = `otpauth://totp/Helpdesk:${encodeURIComponent(user.email)}?${params.toString()}`;
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return ok({ secret, otpauth_uri: uri, qr_svg: svg });
    }),

    http.post('/api/user/me/two-step/confirm', async ({ request }) => {
      const session = sessionOf(request);
      if (!session) return fail(401, 'Unauthorized', 'Unauthorized');
      const row = db.twoStep.get(session.user.id);
      if (row?.enabled) return fail(409, 'Conflict', M.alreadyOn);
      if (!row) return fail(400, 'Bad Request', M.noSetup);
      if (!(await accepts(row, { code: text((await bodyOf(request)).code) }))) {
        return badCode('code', false);
      }
      const codes = newRecoveryCodes();
      row.enabled = true;
      row.recovery = new Set(codes.map(normal));
      // Ends the other sessions; this one may go on.
      for (const [jti, owner] of db.sessions) {
        if (owner === session.user.id && jti !== session.jti) db.revoked.add(jti);
      }
      const info = db.sessionInfo.get(session.jti);
      if (info) info.two_step_setup_required = false;
      return ok({ recovery_codes: codes });
    }),

    http.post('/api/user/me/two-step/recovery-codes', async ({ request }) => {
      const session = sessionOf(request);
      if (!session) return fail(401, 'Unauthorized', 'Unauthorized');
      const row = db.twoStep.get(session.user.id);
      if (!row?.enabled) return fail(400, 'Bad Request', M.notOn);
      if (!(await accepts(row, either(text((await bodyOf(request)).code))))) {
        return badCode('code', false);
      }
      const codes = newRecoveryCodes();
      row.recovery = new Set(codes.map(normal));
      return ok({ recovery_codes: codes });
    }),

    http.post('/api/user/me/two-step/disable', async ({ request }) => {
      const session = sessionOf(request);
      if (!session) return fail(401, 'Unauthorized', 'Unauthorized');
      const { user } = session;
      const row = db.twoStep.get(user.id);
      if (!row?.enabled) return fail(400, 'Bad Request', M.notOn);
      if (requiredFor(user)) return fail(403, 'Forbidden', M.requiredForRole);
      const body = await bodyOf(request);
      if (text(body.password) !== findUserByEmail(user.email)?.password) {
        return fail(400, 'Bad Request', M.wrongPassword, { password: M.wrongPassword });
      }
      if (!(await accepts(row, either(text(body.code))))) return badCode('code', false);
      db.twoStep.delete(user.id);
      return ok({ message: M.turnedOff });
    }),

    http.get('/api/admin/sign-in-settings', () =>
      ok({ require_two_step_staff: db.requireTwoStepStaff }),
    ),

    http.put('/api/admin/sign-in-settings', async ({ request }) => {
      db.requireTwoStepStaff = (await bodyOf(request)).require_two_step_staff === true;
      return ok({ require_two_step_staff: db.requireTwoStepStaff });
    }),

    http.get(
      '/api/user/me/sessions',
      authed((user, { request }) => {
        const current = sessionOf(request)?.jti;
        const rows = [...db.sessions]
          .filter(([jti, owner]) => owner === user.id && !db.revoked.has(jti))
          .flatMap(([jti]) => {
            const info = db.sessionInfo.get(jti);
            if (!info) return [];
            return [
              {
                id: jti,
                ...describeAgent(info.user_agent),
                ip: '127.0.0.1',
                created: info.created,
                last_active: info.last_active,
                current: jti === current,
              },
            ];
          })
          .sort((a, b) => b.last_active.localeCompare(a.last_active));
        return ok(rows);
      }),
    ),

    http.delete(
      '/api/user/me/sessions/{id}',
      authed((user, { params }) => {
        const id = String(params.id).toLowerCase();
        if (db.sessions.get(id) !== user.id || db.revoked.has(id)) {
          return fail(404, 'Not Found', M.sessionNotFound);
        }
        db.revoked.add(id);
        return ok({ message: M.sessionEnded });
      }),
    ),
  ];
}

/** For tests: the step a code was last accepted for (so a test can wait for the next). */
export const currentStep = () => totpStep(Date.now());
