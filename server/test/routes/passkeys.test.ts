// Passkeys: registering from the profile, signing in with a passkey alone and as the second
// step, and each refusal (reused, expired or foreign challenge, wrong origin, bad signature,
// removed or unknown credential, another user's passkey). A software authenticator
// (test/support/soft-authenticator.ts) answers, so the server's real WebAuthn checks run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../lib/totp.js';
import {
  auth,
  createUser,
  parsedMailsTo,
  startTestEnv,
  tokenFor,
  type TestEnv,
} from '../helpers.js';
import {
  SoftAuthenticator,
  type CreationOptionsJSON,
  type RequestOptionsJSON,
} from '../support/soft-authenticator.js';

let env: TestEnv;
const ORIGIN = 'http://helpdesk.test';
beforeAll(async () => {
  // A long first delay: a slow machine never sees a delay run out between two calls of one test.
  env = await startTestEnv({
    publicUrl: ORIGIN,
    loginDelayBaseSeconds: 60,
    loginMaxFailuresPerIp: 1000,
  });
});
afterAll(() => env.close());

type User = Awaited<ReturnType<typeof createUser>>;
let addressCounter = 0;
/** A fresh client address per test, so the per-address throttle of one test never meets another. */
const newAddress = () => `198.51.100.${(addressCounter += 1)}`;

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
const del = (url: string, token: string) =>
  env.app.inject({ method: 'DELETE', url, headers: auth(token) });

async function sessionCount(user: User): Promise<number> {
  const { rows } = await env.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
    [user.id],
  );
  return rows[0].n;
}

/** Registers a passkey for the user with `authenticator`; answers its id. */
async function register(
  token: string,
  authenticator: SoftAuthenticator,
  name = 'Laptop',
): Promise<number> {
  const options = await post('/api/user/me/passkeys/options', token, {});
  expect(options.statusCode).toBe(200);
  const { response } = authenticator.create(options.json().data as CreationOptionsJSON);
  const res = await post('/api/user/me/passkeys', token, { name, response });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}

async function signInOptions(address?: string): Promise<RequestOptionsJSON> {
  const res = await post('/api/login/passkey/options', undefined, {}, address);
  expect(res.statusCode).toBe(200);
  return res.json().data as RequestOptionsJSON;
}

async function userWithPasskey(): Promise<{
  user: User;
  token: string;
  authenticator: SoftAuthenticator;
  id: number;
}> {
  const user = await createUser(env);
  const token = await tokenFor(env, user.email, user.password);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const id = await register(token, authenticator);
  return { user, token, authenticator, id };
}

describe('registering a passkey', () => {
  it('offers options for the public URL, registers a named passkey, lists it and mails the owner', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    expect((await get('/api/user/me/passkeys', token)).json().data).toEqual([]);

    const options = await post('/api/user/me/passkeys/options', token, {});
    const data = options.json().data;
    expect(data.rp).toEqual({ name: 'Helpdesk', id: 'helpdesk.test' });
    expect(data.user.name).toBe(user.email);
    expect(data.authenticatorSelection.residentKey).toBe('required');
    expect(data.timeout).toBe(300_000);

    const authenticator = new SoftAuthenticator(ORIGIN);
    const { response } = authenticator.create(data as CreationOptionsJSON);
    const res = await post('/api/user/me/passkeys', token, { name: '  Work laptop ', response });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      name: 'Work laptop',
      created: expect.any(String),
      last_used: null,
    });
    expect((await get('/api/user/me/passkeys', token)).json().data).toEqual([res.json().data]);

    // The same answer again: its challenge is spent.
    const again = await post('/api/user/me/passkeys', token, { name: 'Again', response });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This passkey request has expired or was used already. Try again.',
    );

    // A second passkey: the first is excluded so an authenticator does not register it twice.
    const second = await post('/api/user/me/passkeys/options', token, {});
    expect(second.json().data.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
    // The user handle is the same for all of a user's passkeys, and not the account id.
    expect(second.json().data.user.id).toBe(data.user.id);
    expect(data.user.id).not.toBe(String(user.id));

    const mails = await parsedMailsTo(env, user.email);
    const added = mails.find((m) => m.subject === 'A passkey was added to your Helpdesk account');
    expect(added?.text).toContain('The passkey “Work laptop” was added to your account.');
  });

  it('refuses an answer for another origin, another user’s challenge, and a missing name', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const options = (await post('/api/user/me/passkeys/options', token, {})).json().data;
    const phishing = new SoftAuthenticator('http://helpdesk.test.evil.example');
    const wrong = await post('/api/user/me/passkeys', token, {
      name: 'Phone',
      response: phishing.create(options as CreationOptionsJSON).response,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The passkey could not be verified. Try again.');

    const other = await createUser(env);
    const otherToken = await tokenFor(env, other.email, other.password);
    const mine = (await post('/api/user/me/passkeys/options', token, {})).json().data;
    const stolen = await post('/api/user/me/passkeys', otherToken, {
      name: 'Phone',
      response: new SoftAuthenticator(ORIGIN).create(mine as CreationOptionsJSON).response,
    });
    expect(stolen.statusCode).toBe(400);

    const noName = await post('/api/user/me/passkeys', token, {
      name: ' ',
      response: new SoftAuthenticator(ORIGIN).create(options as CreationOptionsJSON).response,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe('Name must be 1 to 100 characters.');
    expect((await get('/api/user/me/passkeys', token)).json().data).toEqual([]);
    expect((await get('/api/user/me/passkeys', otherToken)).json().data).toEqual([]);
  });

  it('answers 403 to an API token', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const created = await post('/api/user/me/tokens', token, {
      name: 'Script',
      scopes: ['tickets:read'],
    });
    expect(created.statusCode).toBe(200);
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/user/me/passkeys',
      headers: { authorization: `Bearer ${created.json().data.secret as string}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('signing in with a passkey alone', () => {
  it('creates a session like a password sign-in and marks the passkey used', async () => {
    const { user, token, authenticator } = await userWithPasskey();
    const before = await sessionCount(user);
    const options = await signInOptions();
    expect(options.rpId).toBe('helpdesk.test');
    expect(options).not.toHaveProperty('allowCredentials');
    const res = await post('/api/login/passkey', undefined, {
      response: authenticator.get(options),
    });
    expect(res.statusCode).toBe(200);
    const password = await post('/api/login', undefined, {
      str_username: user.email,
      str_password: user.password,
    });
    // The same answer as a password sign-in: a JWT and the same user.
    expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(password.json().data).sort());
    expect(res.json().data.user).toEqual(password.json().data.user);
    expect(await sessionCount(user)).toBe(before + 2);
    const me = await get('/api/user/me', res.json().data.token as string);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(user.email);
    const list = (await get('/api/user/me/passkeys', token)).json().data;
    expect(list[0].last_used).toEqual(expect.any(String));
  });

  it('refuses a reused challenge', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await signInOptions();
    expect(
      (await post('/api/login/passkey', undefined, { response: authenticator.get(options) }))
        .statusCode,
    ).toBe(200);
    const reused = await post('/api/login/passkey', undefined, {
      response: authenticator.get(options),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'This passkey request has expired or was used already. Try again.',
    );
  });

  it('refuses an expired challenge, a made-up one, and a registration challenge', async () => {
    const { user, token, authenticator } = await userWithPasskey();
    const before = await sessionCount(user);
    const options = await signInOptions();
    await env.db.query(
      `UPDATE passkey_challenges SET expires = now() - interval '1 second'
        WHERE used_at IS NULL AND purpose = 'sign-in'`,
    );
    const expired = await post('/api/login/passkey', undefined, {
      response: authenticator.get(options),
    });
    expect(expired.statusCode).toBe(400);
    const madeUp = await post('/api/login/passkey', undefined, {
      response: authenticator.get({ challenge: 'bm90LWEtY2hhbGxlbmdl' }),
    });
    expect(madeUp.statusCode).toBe(400);
    const registration = (await post('/api/user/me/passkeys/options', token, {})).json().data;
    const wrongPurpose = await post('/api/login/passkey', undefined, {
      response: authenticator.get({ challenge: registration.challenge as string }),
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(await sessionCount(user)).toBe(before);
  });

  it('refuses an answer made for another origin and a bad signature, with no session', async () => {
    const { user, authenticator } = await userWithPasskey();
    const before = await sessionCount(user);
    authenticator.origin = 'http://helpdesk.test.evil.example';
    const phished = await post('/api/login/passkey', undefined, {
      response: authenticator.get(await signInOptions()),
    });
    expect(phished.statusCode).toBe(401);
    expect(phished.json().message).toBe('The passkey could not be verified. Try again.');
    authenticator.origin = ORIGIN;
    const forged = await post('/api/login/passkey', undefined, {
      response: authenticator.get(await signInOptions(), undefined, { signature: true }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await sessionCount(user)).toBe(before);
  });

  it('refuses a removed passkey and one never registered', async () => {
    const { user, token, authenticator, id } = await userWithPasskey();
    const removed = await del(`/api/user/me/passkeys/${id}`, token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.message).toBe('The passkey was removed.');
    expect((await get('/api/user/me/passkeys', token)).json().data).toEqual([]);
    const res = await post('/api/login/passkey', undefined, {
      response: authenticator.get(await signInOptions()),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This passkey is not registered for an account here.');

    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'eA', rp: { id: 'helpdesk.test' }, user: { id: 'eA' } });
    const unknown = await post('/api/login/passkey', undefined, {
      response: stranger.get(await signInOptions()),
    });
    expect(unknown.statusCode).toBe(401);

    const mails = await parsedMailsTo(env, user.email);
    expect(mails.map((m) => m.subject)).toContain(
      'A passkey was removed from your Helpdesk account',
    );
  });

  it('counts failures against the sign-in throttle of the address and the account', async () => {
    const { user, authenticator } = await userWithPasskey();
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < env.config.loginMaxFailures + 1; i += 1) {
      const res = await post(
        '/api/login/passkey',
        undefined,
        {
          response: authenticator.get(await signInOptions(address), undefined, { signature: true }),
        },
        address,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, env.config.loginMaxFailures)).toEqual(
      Array(env.config.loginMaxFailures).fill(401),
    );
    expect(statuses.at(-1)).toBe(429);
    // The password sign-in from that address waits too: it is the same throttle.
    const password = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { str_username: user.email, str_password: user.password },
      remoteAddress: address,
    });
    expect(password.statusCode).toBe(429);
  });

  it('refuses a deactivated account', async () => {
    const { user, authenticator } = await userWithPasskey();
    await env.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [user.id]);
    const res = await post('/api/login/passkey', undefined, {
      response: authenticator.get(await signInOptions()),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a passkey as the second step', () => {
  async function turnOnTwoStep(user: User, token: string): Promise<void> {
    const setup = await post('/api/user/me/two-step/setup', token, {});
    const { secret } = setup.json().data as { secret: string };
    const confirm = await post('/api/user/me/two-step/confirm', token, {
      code: totpCode(secret, Date.now()),
    });
    expect(confirm.statusCode).toBe(200);
    void user;
  }

  async function passwordStep(user: User): Promise<string> {
    const res = await post('/api/login', undefined, {
      str_username: user.email,
      str_password: user.password,
    });
    expect(res.json().data).toEqual({
      two_step: 'code',
      challenge: expect.any(String),
      passkey: true,
    });
    return res.json().data.challenge as string;
  }

  it('answers the code step with a passkey, once', async () => {
    const { user, token, authenticator } = await userWithPasskey();
    await turnOnTwoStep(user, token);
    const challenge = await passwordStep(user);
    const options = await post('/api/login/two-step/passkey/options', undefined, { challenge });
    expect(options.statusCode).toBe(200);
    const data = options.json().data as RequestOptionsJSON & { allowCredentials: { id: string }[] };
    expect(data.allowCredentials.map((c) => c.id)).toEqual([
      authenticator.credentials[0].id.toString('base64url'),
    ]);
    const res = await post('/api/login/two-step/passkey', undefined, {
      challenge,
      response: authenticator.get(data),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(user.email);
    expect((await get('/api/user/me', res.json().data.token as string)).statusCode).toBe(200);

    // The sign-in's challenge is spent: neither a passkey nor a code finishes it again.
    const again = await post('/api/login/two-step/passkey/options', undefined, { challenge });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This sign-in has expired. Sign in again.');
  });

  it('refuses another user’s passkey and a passkey challenge of another sign-in', async () => {
    const { user, token } = await userWithPasskey();
    await turnOnTwoStep(user, token);
    const intruder = await userWithPasskey();
    const before = await sessionCount(user);
    const challenge = await passwordStep(user);
    const options = (
      await post('/api/login/two-step/passkey/options', undefined, { challenge })
    ).json().data as RequestOptionsJSON;
    const foreign = await post('/api/login/two-step/passkey', undefined, {
      challenge,
      response: intruder.authenticator.get(options),
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().message).toBe('This passkey is not registered for an account here.');

    // A passkey challenge handed out for the sign-in alone does not finish a second step.
    const alone = await signInOptions();
    const mismatched = await post('/api/login/two-step/passkey', undefined, {
      challenge,
      response: intruder.authenticator.get(alone),
    });
    expect(mismatched.statusCode).toBe(400);
    expect(await sessionCount(user)).toBe(before);
  });

  it('writes the audit log: added, each sign-in with its step, a refusal with its reason, removed', async () => {
    const address = newAddress();
    const { user, token, authenticator, id } = await userWithPasskey();
    const audit = async () =>
      (
        await env.db.query<{
          kind: string;
          outcome: string;
          reason: string | null;
          target_id: string | null;
          details: Record<string, unknown>;
        }>(
          `SELECT kind, outcome, reason, target_id, details FROM audit_log
            WHERE actor_id = $1 AND kind LIKE 'passkey.%' ORDER BY id`,
          [user.id],
        )
      ).rows;
    expect(await audit()).toEqual([
      {
        kind: 'passkey.added',
        outcome: 'success',
        reason: null,
        target_id: String(id),
        details: { name: 'Laptop' },
      },
    ]);

    authenticator.origin = 'http://helpdesk.test.evil.example';
    const phished = await post(
      '/api/login/passkey',
      undefined,
      { response: authenticator.get(await signInOptions(address)) },
      address,
    );
    expect(phished.statusCode).toBe(401);
    authenticator.origin = ORIGIN;
    const alone = await post('/api/login/passkey', undefined, {
      response: authenticator.get(await signInOptions()),
    });
    expect(alone.statusCode).toBe(200);
    await turnOnTwoStep(user, token);
    const challenge = await passwordStep(user);
    const options = await post('/api/login/two-step/passkey/options', undefined, { challenge });
    const second = await post('/api/login/two-step/passkey', undefined, {
      challenge,
      response: authenticator.get(options.json().data as RequestOptionsJSON),
    });
    expect(second.statusCode).toBe(200);
    expect((await del(`/api/user/me/passkeys/${id}`, token)).statusCode).toBe(200);

    expect((await audit()).slice(1)).toEqual([
      {
        kind: 'passkey.sign_in',
        outcome: 'failure',
        reason: 'verification_failed',
        target_id: null,
        details: { step: 'sign-in' },
      },
      {
        kind: 'passkey.sign_in',
        outcome: 'success',
        reason: null,
        target_id: null,
        details: { step: 'sign-in' },
      },
      {
        kind: 'passkey.sign_in',
        outcome: 'success',
        reason: null,
        target_id: null,
        details: { step: 'second-step' },
      },
      {
        kind: 'passkey.removed',
        outcome: 'success',
        reason: null,
        target_id: String(id),
        details: { name: 'Laptop' },
      },
    ]);
    const { rows } = await env.db.query<{ address: string | null; actor_label: string }>(
      `SELECT address, actor_label FROM audit_log
        WHERE actor_id = $1 AND kind = 'passkey.sign_in' AND outcome = 'failure'`,
      [user.id],
    );
    expect(rows).toEqual([{ address, actor_label: user.email }]);
  });

  it('writes a refusal of a passkey no account has, with nobody as the actor', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const id = await register(token, stranger);
    expect((await del(`/api/user/me/passkeys/${id}`, token)).statusCode).toBe(200);
    const address = newAddress();
    const res = await post(
      '/api/login/passkey',
      undefined,
      { response: stranger.get(await signInOptions(address)) },
      address,
    );
    expect(res.statusCode).toBe(401);
    const { rows } = await env.db.query<{ actor_id: string | null; reason: string }>(
      `SELECT actor_id, reason FROM audit_log
        WHERE kind = 'passkey.sign_in' AND address = $1`,
      [address],
    );
    expect(rows).toEqual([{ actor_id: null, reason: 'unknown_credential' }]);
  });

  it('says so when the account has no passkey', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    await turnOnTwoStep(user, token);
    const res = await post('/api/login', undefined, {
      str_username: user.email,
      str_password: user.password,
    });
    expect(res.json().data).not.toHaveProperty('passkey');
    const options = await post('/api/login/two-step/passkey/options', undefined, {
      challenge: res.json().data.challenge as string,
    });
    expect(options.statusCode).toBe(400);
    expect(options.json().message).toBe('No passkey is registered for this account.');
  });
});

describe('managing passkeys', () => {
  it('renames and removes only the user’s own passkeys (404 for another user’s)', async () => {
    const owner = await userWithPasskey();
    const other = await createUser(env);
    const otherToken = await tokenFor(env, other.email, other.password);
    expect((await del(`/api/user/me/passkeys/${owner.id}`, otherToken)).statusCode).toBe(404);
    const rename = await env.app.inject({
      method: 'PATCH',
      url: `/api/user/me/passkeys/${owner.id}`,
      headers: auth(otherToken),
      payload: { name: 'Mine now' },
    });
    expect(rename.statusCode).toBe(404);
    const list = (await get('/api/user/me/passkeys', owner.token)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].name).toBe('Laptop');

    const renamed = await env.app.inject({
      method: 'PATCH',
      url: `/api/user/me/passkeys/${owner.id}`,
      headers: auth(owner.token),
      payload: { name: 'Desk key' },
    });
    expect(renamed.json().data.name).toBe('Desk key');
    expect((await del(`/api/user/me/passkeys/${owner.id}`, owner.token)).statusCode).toBe(200);
    expect((await del(`/api/user/me/passkeys/${owner.id}`, owner.token)).statusCode).toBe(404);
  });

  it('mails the owner in their language', async () => {
    const user = await createUser(env);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [user.id]);
    const token = await tokenFor(env, user.email, user.password);
    await register(token, new SoftAuthenticator(ORIGIN), 'Móvil');
    const mails = await parsedMailsTo(env, user.email);
    const added = mails.find(
      (m) => m.subject === 'Se añadió una llave de acceso a su cuenta de Helpdesk',
    );
    expect(added?.text).toContain('Se añadió la llave de acceso «Móvil» a su cuenta.');
  });
});
