// Two-step sign-in: setup in the profile, the sign-in's code step, recovery codes, turning it
// off, the admin's requirement for agents and admins, and every refusal on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../lib/totp.js';
import {
  auth,
  createUser,
  login,
  parsedMailsTo,
  startTestEnv,
  tokenFor,
  type TestEnv,
} from '../helpers.js';
import { eventually } from './work-helpers.js';

let env: TestEnv;
beforeAll(async () => {
  // A long first delay: a slow machine never sees a delay run out between two calls of one test.
  env = await startTestEnv({ loginDelayBaseSeconds: 60, loginMaxFailuresPerIp: 1000 });
});
afterAll(() => env.close());

type User = Awaited<ReturnType<typeof createUser>>;

const post = (url: string, token: string | undefined, payload: object, address?: string) =>
  env.app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: auth(token) } : {}),
    ...(address ? { remoteAddress: address } : {}),
  });
const get = (url: string, token: string) =>
  env.app.inject({ method: 'GET', url, headers: auth(token) });

const now = () => Date.now();
/** The code of the step before / after the current one (one step of drift is accepted). */
const codeAt = (secret: string, steps: number) => totpCode(secret, now() + steps * 30_000);

/** Codes are accepted once per step; a test that needs another code lets the step be reused. */
async function forgetUsedStep(user: User): Promise<void> {
  await env.db.query('UPDATE two_step SET last_step = NULL WHERE user_id = $1', [user.id]);
}

async function turnOn(user: User, token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await post('/api/user/me/two-step/setup', token, {});
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const confirm = await post('/api/user/me/two-step/confirm', token, { code: codeAt(secret, 0) });
  expect(confirm.statusCode).toBe(200);
  await forgetUsedStep(user);
  return { secret, codes: confirm.json().data.recovery_codes as string[] };
}

async function challengeFor(user: User, address?: string): Promise<string> {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { str_username: user.email, str_password: user.password },
    ...(address ? { remoteAddress: address } : {}),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({ two_step: 'code', challenge: expect.any(String) });
  return res.json().data.challenge as string;
}

describe('setting up two-step sign-in', () => {
  it('gives a secret, its otpauth URI and an SVG QR code, and turns on with a first code', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const other = await tokenFor(env, user.email, user.password);

    expect((await get('/api/user/me/two-step', token)).json().data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: false,
    });
    const setup = await post('/api/user/me/two-step/setup', token, {});
    const data = setup.json().data as { secret: string; otpauth_uri: string; qr_svg: string };
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_uri).toContain(`secret=${data.secret}`);
    expect(data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // At rest the secret is sealed: a copy of the table gives no codes.
    const stored = await env.db.query<{ secret: string }>(
      'SELECT secret FROM two_step WHERE user_id = $1',
      [user.id],
    );
    expect(stored.rows[0].secret).toMatch(/^v1:/);
    expect(stored.rows[0].secret).not.toContain(data.secret);

    const wrong = await post('/api/user/me/two-step/confirm', token, {
      code: codeAt(data.secret, 5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toBe('This code is not valid, or it has been used already.');

    const confirm = await post('/api/user/me/two-step/confirm', token, {
      code: codeAt(data.secret, -1),
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed only.
    const { rows } = await env.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM two_step_recovery_codes WHERE user_id = $1',
      [user.id],
    );
    expect(rows.map((r) => r.code_hash)).not.toContain(codes[0]);

    expect((await get('/api/user/me/two-step', token)).json().data).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      required: false,
    });
    // Turning it on ends the other sessions, not this one.
    expect((await get('/api/user/me', other)).statusCode).toBe(401);
    expect((await get('/api/user/me', token)).statusCode).toBe(200);
    // A second setup is refused while it is on.
    expect((await post('/api/user/me/two-step/setup', token, {})).statusCode).toBe(409);

    const mails = await parsedMailsTo(env, user.email);
    expect(mails.map((m) => m.subject)).toContain(
      'Two-step sign-in is on for your Helpdesk account',
    );
  });
});

describe('signing in with two-step', () => {
  it('asks for a code after the password, then answers a session; a code works once', async () => {
    const user = await createUser(env);
    const { secret } = await turnOn(user, await tokenFor(env, user.email, user.password));

    const challenge = await challengeFor(user);
    const code = codeAt(secret, 0);
    const res = await post('/api/login/two-step', undefined, { challenge, code });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    expect(res.json().data.user.email).toBe(user.email);
    expect((await get('/api/user/me', token)).statusCode).toBe(200);

    // The challenge is spent, and the same code is refused with a new challenge.
    expect((await post('/api/login/two-step', undefined, { challenge, code })).statusCode).toBe(
      401,
    );
    const again = await post('/api/login/two-step', undefined, {
      challenge: await challengeFor(user),
      code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.code).toBe('This code is not valid, or it has been used already.');
    // A code of the step before (one step of drift) is spent too, being earlier.
    const earlier = await post('/api/login/two-step', undefined, {
      challenge: await challengeFor(user),
      code: codeAt(secret, -1),
    });
    expect(earlier.statusCode).toBe(400);
  });

  it('accepts a code one step ahead, and refuses one two steps away', async () => {
    const user = await createUser(env);
    const { secret } = await turnOn(user, await tokenFor(env, user.email, user.password));
    const challenge = await challengeFor(user);
    const far = await post('/api/login/two-step', undefined, {
      challenge,
      code: codeAt(secret, 3),
    });
    expect(far.statusCode).toBe(400);
    const ahead = await post('/api/login/two-step', undefined, {
      challenge,
      code: codeAt(secret, 1),
    });
    expect(ahead.statusCode).toBe(200);
  });

  it('refuses an unknown or expired challenge with 401, and never starts a session', async () => {
    const user = await createUser(env);
    const { secret } = await turnOn(user, await tokenFor(env, user.email, user.password));
    const before = await env.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]);

    const unknown = await post('/api/login/two-step', undefined, {
      challenge: 'not-a-challenge',
      code: codeAt(secret, 0),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('This sign-in has expired. Sign in again.');

    const challenge = await challengeFor(user);
    await env.db.query(
      `UPDATE sign_in_challenges SET expires = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    const expired = await post('/api/login/two-step', undefined, {
      challenge,
      code: codeAt(secret, 0),
    });
    expect(expired.statusCode).toBe(401);
    // Turned off between the two steps: that sign-in starts over.
    const pending = await challengeFor(user);
    await env.db.query('DELETE FROM two_step WHERE user_id = $1', [user.id]);
    expect(
      (
        await post('/api/login/two-step', undefined, {
          challenge: pending,
          code: codeAt(secret, 0),
        })
      ).statusCode,
    ).toBe(401);
    const after = await env.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]);
    expect(after.rowCount).toBe(before.rowCount);
  });

  it('needs exactly one of a code and a recovery code', async () => {
    const user = await createUser(env);
    await turnOn(user, await tokenFor(env, user.email, user.password));
    const challenge = await challengeFor(user);
    const none = await post('/api/login/two-step', undefined, { challenge });
    expect(none.statusCode).toBe(400);
    const malformed = await post('/api/login/two-step', undefined, { challenge, code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.code).toBe(
      'The code is the 6 digits your authenticator app shows.',
    );
  });

  it('takes a recovery code once, and mails the owner', async () => {
    const user = await createUser(env);
    const { codes } = await turnOn(user, await tokenFor(env, user.email, user.password));
    const first = await post('/api/login/two-step', undefined, {
      challenge: await challengeFor(user),
      recovery_code: codes[3].toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    const reused = await post('/api/login/two-step', undefined, {
      challenge: await challengeFor(user),
      recovery_code: codes[3],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields.recovery_code).toBe(
      'This recovery code is not valid, or it has been used already.',
    );
    const mails = await parsedMailsTo(env, user.email);
    const used = mails.find(
      (m) => m.subject === 'A recovery code was used to sign in to your Helpdesk account',
    );
    expect(used?.text).toContain('(9 left)');
  });

  it("mails in the owner's language", async () => {
    const user = await createUser(env);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [user.id]);
    await turnOn(user, await tokenFor(env, user.email, user.password));
    const mails = await parsedMailsTo(env, user.email);
    expect(mails.map((m) => m.subject)).toContain(
      'El inicio de sesión en dos pasos está activado en su cuenta de Helpdesk',
    );
  });

  it('throttles wrong codes like passwords, per account and address, without a lockout', async () => {
    const user = await createUser(env);
    const { secret } = await turnOn(user, await tokenFor(env, user.email, user.password));
    const challenge = await challengeFor(user, '198.51.100.7');
    const wrong = String((Number(codeAt(secret, 0)) + 500_000) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post(
        '/api/login/two-step',
        undefined,
        { challenge, code: wrong },
        '198.51.100.7',
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // Even the right code waits from there; from another address the owner signs in.
    expect(
      (
        await post(
          '/api/login/two-step',
          undefined,
          { challenge, code: codeAt(secret, 0) },
          '198.51.100.7',
        )
      ).statusCode,
    ).toBe(429);
    const res = await post(
      '/api/login/two-step',
      undefined,
      { challenge: await challengeFor(user, '198.51.100.8'), code: codeAt(secret, 0) },
      '198.51.100.8',
    );
    expect(res.statusCode).toBe(200);
  });

  it('keeps the login answer as it was for a user without two-step', async () => {
    const user = await createUser(env);
    const res = await login(env, user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(['token', 'user']);
    expect((await login(env, user.email, 'wrong password')).json().message).toBe(
      'Invalid credentials',
    );
  });
});

describe('recovery codes and turning off', () => {
  it('regenerates the codes with a code (the old ones stop working)', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const { secret, codes } = await turnOn(user, token);
    const bad = await post('/api/user/me/two-step/recovery-codes', token, { code: '000000' });
    expect(bad.statusCode).toBe(400);
    const res = await post('/api/user/me/two-step/recovery-codes', token, {
      code: codeAt(secret, 0),
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    const old = await post('/api/login/two-step', undefined, {
      challenge: await challengeFor(user),
      recovery_code: codes[0],
    });
    expect(old.statusCode).toBe(400);
    const ok = await post('/api/login/two-step', undefined, {
      challenge: await challengeFor(user),
      recovery_code: fresh[0],
    });
    expect(ok.statusCode).toBe(200);
  });

  it('turns off only with the password and a code, and mails the owner', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const { secret } = await turnOn(user, token);
    const noPassword = await post('/api/user/me/two-step/disable', token, {
      password: 'wrong one',
      code: codeAt(secret, 0),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields.password).toBe('The password is not correct.');
    const noCode = await post('/api/user/me/two-step/disable', token, {
      password: user.password,
      code: '123 456',
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields.code).toBeDefined();
    const res = await post('/api/user/me/two-step/disable', token, {
      password: user.password,
      code: codeAt(secret, 0),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Two-step sign-in is off.');
    // Sign-in needs the password only again.
    expect(Object.keys((await login(env, user.email, user.password)).json().data)).toContain(
      'token',
    );
    const mails = await parsedMailsTo(env, user.email);
    expect(mails.map((m) => m.subject)).toContain(
      'Two-step sign-in is off for your Helpdesk account',
    );
  });
});

describe('required for agents and admins', () => {
  it('only admins read and change the setting', async () => {
    const agent = await createUser(env, { hde: true });
    const token = await tokenFor(env, agent.email, agent.password);
    expect((await get('/api/admin/sign-in-settings', token)).statusCode).toBe(403);
    const put = await env.app.inject({
      method: 'PUT',
      url: '/api/admin/sign-in-settings',
      headers: auth(token),
      payload: { require_two_step_staff: true },
    });
    expect(put.statusCode).toBe(403);
  });

  it('leads an agent without it to set it up first; every other call is 403 until then', async () => {
    const admin = await createUser(env, { admin: true });
    const adminToken = await tokenFor(env, admin.email, admin.password);
    const agent = await createUser(env, { hde: true });
    const customer = await createUser(env);
    const setTo = (value: boolean) =>
      env.app.inject({
        method: 'PUT',
        url: '/api/admin/sign-in-settings',
        headers: auth(adminToken),
        payload: { require_two_step_staff: value },
      });
    expect((await setTo(true)).json().data).toEqual({ require_two_step_staff: true });
    try {
      expect((await get('/api/admin/sign-in-settings', adminToken)).json().data).toEqual({
        require_two_step_staff: true,
      });
      // A regular user is not concerned.
      const plain = await login(env, customer.email, customer.password);
      expect(plain.json().data.two_step_setup_required).toBeUndefined();

      const res = await login(env, agent.email, agent.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.two_step_setup_required).toBe(true);
      const token = res.json().data.token as string;
      const refused = await get('/api/user/me/sessions', token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Set up two-step sign-in first: it is required for your account.',
      );
      expect(refused.json().two_step_setup_required).toBe(true);
      expect((await get('/api/user/me', token)).statusCode).toBe(200);
      expect((await get('/api/user/me/two-step', token)).json().data.required).toBe(true);

      const { secret } = (await post('/api/user/me/two-step/setup', token, {})).json().data as {
        secret: string;
      };
      expect(
        (await post('/api/user/me/two-step/confirm', token, { code: codeAt(secret, 0) }))
          .statusCode,
      ).toBe(200);
      expect((await get('/api/user/me/sessions', token)).statusCode).toBe(200);
      // Required: it cannot be turned off.
      const off = await post('/api/user/me/two-step/disable', token, {
        password: agent.password,
        code: codeAt(secret, 1),
      });
      expect(off.statusCode).toBe(403);
    } finally {
      await setTo(false);
    }
  });
});

describe('signed-in sessions', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const loginWith = (user: User, agent: string) =>
    env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': agent },
      remoteAddress: '203.0.113.9',
      payload: { str_username: user.email, str_password: user.password },
    });

  it('marks a session active when it is used after a quiet spell', async () => {
    const user = await createUser(env);
    const token = (await loginWith(user, FIREFOX)).json().data.token as string;
    await env.db.query(
      `UPDATE sessions SET last_active = now() - interval '2 hours' WHERE user_id = $1`,
      [user.id],
    );
    expect((await get('/api/user/me', token)).statusCode).toBe(200);
    // From the cache, the mark is written beside the answer, not before it.
    await eventually(async () => {
      const { rows } = await env.db.query<{ quiet: boolean }>(
        `SELECT last_active < now() - interval '1 minute' AS quiet FROM sessions
          WHERE user_id = $1`,
        [user.id],
      );
      expect(rows).toEqual([{ quiet: false }]);
    });
  });

  it('lists the live sessions with browser, address and last active; ends any of them', async () => {
    const user = await createUser(env);
    const mine = (await loginWith(user, FIREFOX)).json().data.token as string;
    const other = (await loginWith(user, 'curl/8.5.0')).json().data.token as string;
    const list = await get('/api/user/me/sessions', mine);
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as {
      id: string;
      browser: string;
      os: string;
      ip: string;
      current: boolean;
      last_active: string;
    }[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ browser: 'Firefox', os: 'Linux', ip: '203.0.113.9' });
    const theOther = sessions.find((s) => !s.current);
    expect(theOther?.browser).toBe('curl');
    expect(Date.parse(theOther?.last_active ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Another user cannot end it: 404.
    const stranger = await createUser(env);
    const strangerToken = await tokenFor(env, stranger.email, stranger.password);
    const foreign = await env.app.inject({
      method: 'DELETE',
      url: `/api/user/me/sessions/${theOther?.id}`,
      headers: auth(strangerToken),
    });
    expect(foreign.statusCode).toBe(404);

    const end = await env.app.inject({
      method: 'DELETE',
      url: `/api/user/me/sessions/${theOther?.id}`,
      headers: auth(mine),
    });
    expect(end.statusCode).toBe(200);
    expect((await get('/api/user/me', other)).statusCode).toBe(401);
    expect((await get('/api/user/me/sessions', mine)).json().data).toHaveLength(1);
    const again = await env.app.inject({
      method: 'DELETE',
      url: `/api/user/me/sessions/${theOther?.id}`,
      headers: auth(mine),
    });
    expect(again.statusCode).toBe(404);
  });

  it('changing the password ends the other sessions', async () => {
    const user = await createUser(env);
    const mine = await tokenFor(env, user.email, user.password);
    await tokenFor(env, user.email, user.password);
    const res = await post('/api/user/me/password', mine, {
      current_password: user.password,
      new_password: 'another good password',
    });
    expect(res.statusCode).toBe(200);
    const sessions = (await get('/api/user/me/sessions', mine)).json().data as unknown[];
    expect(sessions).toHaveLength(1);
  });
});
