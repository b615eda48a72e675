// Personal API tokens: made, listed and revoked by their owner and by administrators; the
// secret shown once and kept as sha256 only; `Authorization: Bearer hdk_...` acting as the
// owner within the token's scopes (lib/token-scopes.ts), never on sign-in security.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import { newRecord, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let agent: Person;
let admin: Person;
let ticketId: number;
let contentId: number;

beforeAll(async () => {
  env = await startTestEnv();
  agent = await person(env, 'Tina Token', true);
  admin = await person(env, 'Ada Admin', true, true);
  ticketId = (await newRecord(env, 'ticket', agent.token)).id;
  contentId = (await newRecord(env, 'content', agent.token)).id;
});
afterAll(() => env.close());

const UNAUTHORIZED = 'Unauthorized: Your session has expired. Please log in again.';
const NEVER =
  'An API token cannot manage tokens, sign-in settings, two-step sign-in, sessions or passwords.';
const NOT_ALLOWED = 'API tokens cannot call this operation: sign in instead.';
const lacks = (scope: string) => `This API token does not have the ${scope} scope.`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, headers: Record<string, string>, payload?: object) {
  return env.app.inject({ method, url, headers, payload });
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function makeToken(
  who: Person,
  body: { name?: string; scopes: string[]; expires_in_days?: number },
): Promise<{ id: number; secret: string; expires: string }> {
  const res = await call('POST', '/api/user/me/tokens', auth(who.token), { name: 'CI', ...body });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { token: { id: number; expires: string }; secret: string };
  return { id: data.token.id, secret: data.secret, expires: data.token.expires };
}

describe('making, listing and revoking', () => {
  it('shows the secret once, keeps only its sha256, and lists the token without it', async () => {
    const before = Date.now();
    const res = await call('POST', '/api/user/me/tokens', auth(agent.token), {
      name: ' Nightly export ',
      scopes: ['tickets:read', 'content:read'],
    });
    expect(res.statusCode).toBe(200);
    const { token, secret } = res.json().data;
    expect(secret).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'Nightly export',
      scopes: ['tickets:read', 'content:read'],
      last_used: null,
      last_ip: null,
    });
    // Default expiry: 90 days.
    const days = (Date.parse(token.expires) - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);

    const { rows } = await env.db.query<Record<string, unknown>>(
      'SELECT * FROM api_tokens WHERE id = $1',
      [token.id],
    );
    expect(rows[0].token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(secret.slice(4));

    const list = await call('GET', '/api/user/me/tokens', auth(agent.token));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(4));
    expect(list.json().data).toContainEqual(token);
  });

  it('lists only the caller’s own tokens, and revoking another user’s is a 404', async () => {
    const theirs = await makeToken(admin, { name: 'Admin script', scopes: ['admin'] });
    const mine = await call('GET', '/api/user/me/tokens', auth(agent.token));
    expect(mine.json().data.map((t: { id: number }) => t.id)).not.toContain(theirs.id);
    const res = await call('DELETE', `/api/user/me/tokens/${theirs.id}`, auth(agent.token));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This token does not exist.');
    expect((await call('GET', '/api/admin/tokens', bearer(theirs.secret))).statusCode).toBe(403);
  });

  it('a revoked token answers 401 at once', async () => {
    const t = await makeToken(agent, { scopes: ['tickets:read'] });
    expect((await call('GET', `/api/ticket/${ticketId}/`, bearer(t.secret))).statusCode).toBe(200);
    const res = await call('DELETE', `/api/user/me/tokens/${t.id}`, auth(agent.token));
    expect(res.json()).toEqual({ statusCode: 200, data: { message: 'The token is revoked.' } });
    const after = await call('GET', `/api/ticket/${ticketId}/`, bearer(t.secret));
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(UNAUTHORIZED);
  });

  it('an expired token answers 401', async () => {
    const t = await makeToken(agent, { scopes: ['tickets:read'], expires_in_days: 1 });
    await env.db.query(
      `UPDATE api_tokens SET expires = now() - interval '1 second' WHERE id = $1`,
      [t.id],
    );
    expect((await call('GET', '/api/user/me', bearer(t.secret))).statusCode).toBe(401);
  });

  it('a deactivated user’s tokens stop at once', async () => {
    const someone = await person(env, 'Leaving Soon', true);
    const t = await makeToken(someone, { scopes: ['tickets:read'] });
    expect((await call('GET', '/api/user/me', bearer(t.secret))).statusCode).toBe(200);
    await env.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [someone.id]);
    expect((await call('GET', '/api/user/me', bearer(t.secret))).statusCode).toBe(401);
  });

  it('an unknown hdk_ token answers 401', async () => {
    const res = await call('GET', '/api/user/me', bearer(`hdk_${'x'.repeat(43)}`));
    expect(res.statusCode).toBe(401);
  });

  it('records the last use and address', async () => {
    const t = await makeToken(agent, { scopes: ['tickets:read'] });
    expect((await call('GET', '/api/user/me', bearer(t.secret))).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const list = await call('GET', '/api/user/me/tokens', auth(agent.token));
        return list.json().data.find((x: { id: number }) => x.id === t.id);
      })
      .toMatchObject({ last_used: expect.any(String), last_ip: '127.0.0.1' });
  });
});

describe('bad input', () => {
  const post = (body: object) => call('POST', '/api/user/me/tokens', auth(agent.token), body);

  it.each([
    [
      { name: 'x', scopes: ['tickets:read'], expires_in_days: 366 },
      'expires_in_days',
      'Expiry must be 1 to 365 days.',
    ],
    [
      { name: 'x', scopes: ['tickets:read'], expires_in_days: 0 },
      'expires_in_days',
      'Expiry must be 1 to 365 days.',
    ],
    [{ name: 'x', scopes: [] }, 'scopes', 'Choose at least one scope from the list.'],
    [{ name: 'x', scopes: ['everything'] }, 'scopes.0', 'Choose at least one scope from the list.'],
    [{ name: ' ', scopes: ['tickets:read'] }, 'name', 'Name must be 1 to 100 characters.'],
  ])('%j is a 400 naming %s', async (body, field, message) => {
    const { rows } = await env.db.query('SELECT count(*)::int AS n FROM api_tokens');
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
    const after = await env.db.query('SELECT count(*)::int AS n FROM api_tokens');
    expect(after.rows[0]).toEqual(rows[0]);
  });

  it('answers the field message in the caller’s language', async () => {
    const spanish = await person(env, 'Sofía Token', true);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [spanish.id]);
    const res = await call('POST', '/api/user/me/tokens', auth(spanish.token), {
      name: 'x',
      scopes: ['tickets:read'],
      expires_in_days: 400,
    });
    expect(res.json().fields).toEqual({
      expires_in_days: 'La caducidad debe ser de 1 a 365 días.',
    });
  });
});

describe('scopes', () => {
  it('tickets:read reads tickets but neither writes them nor reads content', async () => {
    const t = await makeToken(agent, { scopes: ['tickets:read'] });
    const h = bearer(t.secret);
    const one = await call('GET', `/api/ticket/${ticketId}/`, h);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.id).toBe(ticketId);
    expect((await call('POST', '/api/search/ticket/my', h, {})).statusCode).not.toBe(403);
    const write = await call('POST', '/api/ticket/', h, { subject: 'x' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(lacks('tickets:write'));
    const content = await call('GET', `/api/content/${contentId}/`, h);
    expect(content.statusCode).toBe(403);
    expect(content.json().message).toBe(lacks('content:read'));
  });

  it('tickets:write raises a ticket as its user; content scopes open content', async () => {
    const t = await makeToken(agent, {
      scopes: ['tickets:write', 'content:read', 'content:write'],
    });
    const h = bearer(t.secret);
    const res = await call('POST', '/api/ticket/', h, {
      subject: 'From a script',
      description: '<p>Made with a token.</p>',
      priority_id: 2,
      is_draft: false,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await env.db.query<{ owner_id: string }>(
      'SELECT owner_id FROM records WHERE id = $1',
      [res.json().data.id],
    );
    expect(Number(rows[0].owner_id)).toBe(agent.id);
    expect((await call('GET', `/api/content/${contentId}/`, h)).statusCode).toBe(200);
  });

  it('every token reads its own user; operations outside the scopes’ kinds are refused', async () => {
    const t = await makeToken(agent, { scopes: ['content:read'] });
    const me = await call('GET', '/api/user/me', bearer(t.secret));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(agent.email);
    const tags = await call('GET', '/api/tags/', bearer(t.secret));
    expect(tags.statusCode).toBe(403);
    expect(tags.json().message).toBe(NOT_ALLOWED);
    expect((await call('PUT', '/api/user/me', bearer(t.secret), {})).statusCode).toBe(403);
  });

  it('admin scope works only for an administrator, and an administrator needs the scope', async () => {
    const agentAdmin = await makeToken(agent, { scopes: ['admin'] });
    const refused = await call('GET', '/api/admin/users/', bearer(agentAdmin.secret));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only administrators can do this.');

    const real = await makeToken(admin, { scopes: ['admin'] });
    expect((await call('GET', '/api/admin/users/', bearer(real.secret))).statusCode).toBe(200);

    const noScope = await makeToken(admin, { scopes: ['tickets:read'] });
    const res = await call('GET', '/api/admin/users/', bearer(noScope.secret));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(lacks('admin'));
  });

  it('no token manages tokens, sign-in settings, two-step, sessions or passwords', async () => {
    const all = ['tickets:read', 'tickets:write', 'content:read', 'content:write', 'admin'];
    const t = await makeToken(admin, { scopes: all });
    const h = bearer(t.secret);
    const calls: [Method, string, object?][] = [
      ['GET', '/api/user/me/tokens'],
      ['POST', '/api/user/me/tokens', { name: 'x', scopes: all }],
      ['DELETE', `/api/user/me/tokens/${t.id}`],
      ['GET', '/api/admin/tokens'],
      ['DELETE', `/api/admin/tokens/${t.id}`],
      ['GET', '/api/admin/sign-in-settings'],
      ['POST', '/api/user/me/password', { password: 'x', new_password: 'y' }],
      ['GET', '/api/user/me/two-step'],
      ['GET', '/api/user/me/sessions'],
      ['POST', '/api/logout', {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, h, body);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status: 403,
        message: NEVER,
      });
    }
    // The token itself is untouched and still works.
    expect((await call('GET', '/api/user/me', h)).statusCode).toBe(200);
  });
});

describe('administrators', () => {
  it('list every user’s tokens with their owner and revoke any of them', async () => {
    const t = await makeToken(agent, { name: 'Agent script', scopes: ['tickets:read'] });
    const list = await call('GET', '/api/admin/tokens', auth(admin.token));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((x: { id: number }) => x.id === t.id)).toMatchObject({
      name: 'Agent script',
      owner: { id: agent.id, fullname: 'Tina Token', email: agent.email },
    });
    expect((await call('GET', '/api/admin/tokens', auth(agent.token))).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/tokens/${t.id}`, auth(agent.token))).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/admin/tokens/${t.id}`, auth(admin.token))).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/user/me', bearer(t.secret))).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/tokens/${t.id}`, auth(admin.token))).statusCode).toBe(
      404,
    );
  });
});

describe('the API contract', () => {
  it('declares the bearer scheme and each operation’s scope', () => {
    const doc = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8'));
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const op = (path: string, method: string) => doc.paths[path][method];
    expect(op('/api/ticket/{id}/', 'get')['x-scope']).toBe('tickets:read');
    expect(op('/api/ticket/{id}/', 'put')['x-scope']).toBe('tickets:write');
    expect(op('/api/search/content/my', 'post')['x-scope']).toBe('content:read');
    expect(op('/api/admin/users/', 'get')['x-scope']).toBe('admin');
    expect(op('/api/user/me', 'get')['x-scope']).toBe('any');
    expect(op('/api/ticket/{id}/', 'get').security).toContainEqual({ bearerAuth: [] });
    for (const [path, method] of [
      ['/api/user/me/tokens', 'post'],
      ['/api/admin/tokens', 'get'],
      ['/api/tags/', 'get'],
    ]) {
      expect(op(path, method)['x-scope']).toBeUndefined();
      expect(op(path, method).security).toEqual([{ jwt: [] }]);
    }
  });
});
