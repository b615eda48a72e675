// Tokens and sessions: what makes a call authenticated, and what stops it being so.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, signJwt } from '../../lib/jwt.js';
import { auth, createUser, raiseTicket, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let user: { id: number; email: string; password: string };
beforeAll(async () => {
  env = await startTestEnv();
  user = await createUser(env);
});
afterAll(() => env.close());

const me = (headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: '/api/user/me', headers });
const UNAUTHORIZED = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Unauthorized: Your session has expired. Please log in again.',
};

async function storedSecret(): Promise<string> {
  const { rows } = await env.db.query<{ value: string }>(
    `SELECT value FROM app_settings WHERE key = 'jwt_secret'`,
  );
  return rows[0].value;
}

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('authentication', () => {
  it('accepts "JWT <token>" and "Bearer <token>"', async () => {
    const token = await tokenFor(env, user.email, user.password);
    expect((await me(auth(token))).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('answers 401 without a token or with garbage', async () => {
    expect((await me()).json()).toEqual(UNAUTHORIZED);
    expect((await me({ authorization: 'JWT not-a-token' })).statusCode).toBe(401);
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('POST /api/logout (empty body) revokes the token at once', async () => {
    const token = await tokenFor(env, user.email, user.password);
    const other = await tokenFor(env, user.email, user.password);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, data: { message: 'Logged out' } });
    expect((await me(auth(token))).json()).toEqual(UNAUTHORIZED);
    // Only that session: another login of the same user still works.
    expect((await me(auth(other))).statusCode).toBe(200);
    const again = await env.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: auth(token),
    });
    expect(again.statusCode).toBe(401);
  });

  it('answers 401 for a tampered token', async () => {
    const token = await tokenFor(env, user.email, user.password);
    const [head, body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const otherUser = await createUser(env);
    const tamperedBody = `${head}.${b64({ ...claims, sub: String(otherUser.id) })}.${sig}`;
    expect((await me(auth(tamperedBody))).statusCode).toBe(401);
    const flipped = sig[0] === 'A' ? 'B' + sig.slice(1) : 'A' + sig.slice(1);
    expect((await me(auth(`${head}.${body}.${flipped}`))).statusCode).toBe(401);
  });

  it('answers 401 for an alg:none token and for another algorithm', async () => {
    const token = await tokenFor(env, user.email, user.password);
    const body = token.split('.')[1];
    expect((await me(auth(`${b64({ alg: 'none', typ: 'JWT' })}.${body}.`))).statusCode).toBe(401);
    expect((await me(auth(`${b64({ alg: 'none', typ: 'JWT' })}.${body}`))).statusCode).toBe(401);
    // HS512 signed with the right secret is still refused: only HS256 is allowed.
    const head512 = b64({ alg: 'HS512', typ: 'JWT' });
    const sig512 = createHmac('sha512', await storedSecret())
      .update(`${head512}.${body}`)
      .digest('base64url');
    expect((await me(auth(`${head512}.${body}.${sig512}`))).statusCode).toBe(401);
  });

  it('answers 401 for an expired token, even when its session row is still live', async () => {
    const token = await tokenFor(env, user.email, user.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 60 }, await storedSecret());
    expect((await me(auth(expired))).statusCode).toBe(401);
    // The same claims with a future exp verify, so it is the exp that refused it.
    const fresh = signJwt({ ...claims, exp: now + 60 }, await storedSecret());
    expect((await me(auth(fresh))).statusCode).toBe(200);
  });

  it('answers 401 when the session row has expired', async () => {
    const token = await tokenFor(env, user.email, user.password);
    const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti;
    await env.db.query(`UPDATE sessions SET expires = now() - interval '1 second' WHERE jti = $1`, [
      jti,
    ]);
    expect((await me(auth(token))).statusCode).toBe(401);
  });

  it('keeps the generated secret in the database, so another API process accepts the token', async () => {
    const token = await tokenFor(env, user.email, user.password);
    const second = await startTestEnvSharingDb();
    expect(
      (await second.inject({ method: 'GET', url: '/api/user/me', headers: auth(token) }))
        .statusCode,
    ).toBe(200);
    await second.close();
  });
});

describe('tokens verified once (lib/jwt.ts createTokenVerifier)', () => {
  const claims = { sub: '7', jti: '0b9f3c1e-8a53-4a4e-9d6f-2b7c1d0e5a44', iat: 1000, exp: 2000 };
  const token = signJwt(claims, 'secret-a');

  it('refuses a remembered token once it has expired', () => {
    const verify = createTokenVerifier();
    expect(verify(token, 'secret-a', 1500)).toEqual(claims);
    expect(verify(token, 'secret-a', 1999)).toEqual(claims);
    expect(verify(token, 'secret-a', 2000)).toBeUndefined();
  });

  it('verifies a remembered token afresh under another secret', () => {
    const verify = createTokenVerifier();
    expect(verify(token, 'secret-a', 1500)).toEqual(claims);
    expect(verify(token, 'secret-b', 1500)).toBeUndefined();
  });

  it('still refuses a tampered twin of a remembered token, and answers right past its size', () => {
    const verify = createTokenVerifier(2);
    expect(verify(token, 'secret-a', 1500)).toEqual(claims);
    const [head, body] = token.split('.');
    expect(verify(`${head}.${body}.${'A'.repeat(43)}`, 'secret-a', 1500)).toBeUndefined();
    const other = signJwt({ ...claims, sub: '8' }, 'secret-a');
    const third = signJwt({ ...claims, sub: '9' }, 'secret-a');
    expect(verify(other, 'secret-a', 1500)?.sub).toBe('8');
    expect(verify(third, 'secret-a', 1500)?.sub).toBe('9');
    expect(verify(token, 'secret-a', 1500)).toEqual(claims);
  });
});

describe('the session cache of the hot calls (lists, search)', () => {
  const list = (app: { inject: typeof env.app.inject }, token: string) =>
    app.inject({ method: 'POST', url: '/api/search/ticket/my', headers: auth(token), payload: {} });
  const hdList = (app: { inject: typeof env.app.inject }, token: string) =>
    app.inject({ method: 'POST', url: '/api/search/ticket/hd', headers: auth(token), payload: {} });

  it('logout in one API process revokes the session in another that has it cached', async () => {
    const token = await tokenFor(env, user.email, user.password);
    const second = await startTestEnvSharingDb();
    try {
      expect((await list(second, token)).statusCode).toBe(200); // now cached in `second`
      const out = await env.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: auth(token),
      });
      expect(out.statusCode).toBe(200);
      // The revocation reaches `second` through NOTIFY session_changes (its TTL is far longer).
      await expect.poll(async () => (await list(second, token)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('logout revokes a cached session in the same process at once', async () => {
    const token = await tokenFor(env, user.email, user.password);
    expect((await list(env.app, token)).statusCode).toBe(200);
    await env.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token) });
    expect((await list(env.app, token)).json()).toEqual(UNAUTHORIZED);
  });

  it('a change to the user row made outside the API (SQL) reaches the cached session', async () => {
    const someone = await createUser(env);
    const token = await tokenFor(env, someone.email, someone.password);
    expect((await hdList(env.app, token)).statusCode).toBe(403);
    await env.db.query('UPDATE users SET user_is_hde = true WHERE id = $1', [someone.id]);
    await expect.poll(async () => (await hdList(env.app, token)).statusCode).toBe(200);
    await env.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [someone.id]);
    await expect.poll(async () => (await hdList(env.app, token)).statusCode).toBe(401);
  });
});

describe('hot writes with a cached session', () => {
  it('a session revoked elsewhere a moment ago (its NOTIFY still on the way) writes nothing', async () => {
    const someone = await createUser(env);
    const token = await tokenFor(env, someone.email, someone.password);
    const ticketId = await raiseTicket(env.app, token);
    const list = () =>
      env.app.inject({
        method: 'POST',
        url: '/api/search/ticket/my',
        headers: auth(token),
        payload: {},
      });
    expect((await list()).statusCode).toBe(200); // cached
    // Revoked as another API process would, but with its notification not here yet.
    await env.db.query(
      `BEGIN;
       ALTER TABLE sessions DISABLE TRIGGER sessions_notify_change;
       UPDATE sessions SET revoked_at = now() WHERE user_id = ${someone.id};
       ALTER TABLE sessions ENABLE TRIGGER sessions_notify_change;
       COMMIT`,
    );
    expect((await list()).statusCode).toBe(200); // the cache has not heard yet
    const raise = await env.app.inject({
      method: 'POST',
      url: '/api/ticket/',
      headers: auth(token),
      payload: { subject: 'After logout', description: '<p>Should not exist.</p>', priority_id: 2 },
    });
    expect(raise.json()).toEqual(UNAUTHORIZED);
    const reply = await env.app.inject({
      method: 'POST',
      url: `/api/ticket/${ticketId}/communication/`,
      headers: auth(token),
      payload: { body: '<p>Should not exist either.</p>' },
    });
    expect(reply.json()).toEqual(UNAUTHORIZED);
    const { rows } = await env.db.query<{ records: number; messages: number }>(
      `SELECT (SELECT count(*)::int FROM records WHERE owner_id = $1) AS records,
              (SELECT count(*)::int FROM record_messages WHERE author_id = $1) AS messages`,
      [someone.id],
    );
    expect(rows[0]).toEqual({ records: 1, messages: 0 });
  });
});

async function startTestEnvSharingDb() {
  const { buildApp } = await import('../../app.js');
  return buildApp({ config: env.config, db: env.db, logger: false, testOnlyFastHashing: true });
}
