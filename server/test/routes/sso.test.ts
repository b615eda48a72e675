// Single sign-on through a real OpenID provider (oidc-provider, in-process): administrators'
// provider settings, a first sign-in that makes an account, the linking rules, the password
// refused to agents who must use the provider, and every fault (state, nonce, keys, expiry,
// unknown provider, provider down), none of which signs anybody in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import {
  startTestProvider,
  travel,
  type Account,
  type TestProvider,
} from '../sso/oidc-provider.js';

let env: TestEnv;
let idp: TestProvider;
let adminToken: string;
let adminId: number;
const PUBLIC = 'http://helpdesk.test';

beforeAll(async () => {
  env = await startTestEnv({ ssoAllowHosts: ['127.0.0.1'], workers: 0 });
  idp = await startTestProvider(`${PUBLIC}/api/sso/`);
  const admin = await createUser(env, { admin: true, hde: true });
  adminToken = await tokenFor(env, admin.email, admin.password);
  adminId = admin.id;
});
afterAll(async () => {
  await idp?.close();
  await env?.close();
});

let domainCounter = 0;
const newDomain = () => `sso${(domainCounter += 1)}-${process.pid}.example.org`;

type ProviderBody = Record<string, unknown>;

async function addProvider(body: ProviderBody = {}) {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/admin/sso-providers',
    headers: auth(adminToken),
    payload: {
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      label: 'Company sign-in',
      domains: [],
      create_users: 'user',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; domains: string[] };
}

/** Leaves for the provider and comes back: the callback's path and query. */
async function roundTrip(providerId: number, account: Account): Promise<string> {
  idp.signInAs(account);
  const start = await env.app.inject({ method: 'GET', url: `/api/sso/${providerId}/start` });
  expect(start.statusCode, start.body).toBe(302);
  const back = new URL(await travel(start.headers.location as string, PUBLIC));
  return back.pathname + back.search;
}

const callback = (path: string) => env.app.inject({ method: 'GET', url: path });

/** The callback's one-time code turned into a session, as the SPA does. */
async function exchange(location: string) {
  const code = new URL(location).searchParams.get('code');
  return env.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } });
}

const count = async (table: string) =>
  Number((await env.db.query(`SELECT count(*) FROM ${table}`)).rows[0].count);

/** Asserts the refusal page and that nothing was signed in or created. */
async function expectRefused(path: string, status: number, message: RegExp) {
  const handoffs = 'sso_handoffs WHERE used_at IS NULL';
  const before = {
    sessions: await count('sessions'),
    users: await count('users'),
    handoffs: await count(handoffs),
  };
  const res = await callback(path);
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toMatch(message);
  expect(res.headers.location).toBeUndefined();
  expect(await count('sessions')).toBe(before.sessions);
  expect(await count('users')).toBe(before.users);
  expect(await count(handoffs)).toBe(before.handoffs);
}

let subCounter = 0;
const account = (email: string, verified = true): Account => ({
  sub: `sub-${(subCounter += 1)}`,
  email,
  email_verified: verified,
  name: 'Ada Lovelace',
});

describe('administrators configure providers', () => {
  it('adds, lists (never the secret), edits keeping the secret, tests discovery and deletes', async () => {
    const domain = newDomain();
    const created = await addProvider({ domains: [`@${domain.toUpperCase()}`, domain] });
    expect(created.domains).toEqual([domain]);

    const list = await env.app.inject({
      method: 'GET',
      url: '/api/admin/sso-providers',
      headers: auth(adminToken),
    });
    expect(list.body).not.toContain(idp.clientSecret);
    expect(list.json().data).toContainEqual(expect.objectContaining({ id: created.id }));
    const stored = await env.db.query('SELECT client_secret FROM sso_providers WHERE id = $1', [
      created.id,
    ]);
    expect(stored.rows[0].client_secret).toMatch(/^v1:/);

    const edit = await env.app.inject({
      method: 'PUT',
      url: `/api/admin/sso-providers/${created.id}`,
      headers: auth(adminToken),
      payload: {
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: '',
        label: 'Renamed',
        domains: [domain],
        create_users: 'agent',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.label).toBe('Renamed');
    // The kept secret still works: a whole sign-in goes through.
    const back = await roundTrip(created.id, account(`kept@${domain}`));
    expect((await callback(back)).statusCode).toBe(302);

    const discovery = await env.app.inject({
      method: 'POST',
      url: '/api/admin/sso-providers/discovery',
      headers: auth(adminToken),
      payload: { issuer: idp.issuer },
    });
    expect(discovery.statusCode, discovery.body).toBe(200);
    expect(discovery.json().data.issuer).toBe(idp.issuer);

    const gone = await env.app.inject({
      method: 'POST',
      url: '/api/admin/sso-providers/discovery',
      headers: auth(adminToken),
      payload: { issuer: 'http://127.0.0.1:9' },
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields.issuer).toMatch(/No OpenID provider answers at this issuer/);

    const del = await env.app.inject({
      method: 'DELETE',
      url: `/api/admin/sso-providers/${created.id}`,
      headers: auth(adminToken),
    });
    expect(del.statusCode).toBe(200);
    const again = await env.app.inject({
      method: 'DELETE',
      url: `/api/admin/sso-providers/${created.id}`,
      headers: auth(adminToken),
    });
    expect(again.statusCode).toBe(404);
  });

  it('names each bad field, refuses plain http to other hosts, and is for administrators only', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/admin/sso-providers',
      headers: auth(adminToken),
      payload: {
        issuer: 'http://idp.example.com',
        client_id: 'x',
        label: 'X',
        domains: ['not a domain'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ issuer: 'Issuer must start with https://.' });
    const domains = await env.app.inject({
      method: 'POST',
      url: '/api/admin/sso-providers',
      headers: auth(adminToken),
      payload: { issuer: 'https://idp.example.com', client_id: 'x', label: 'X', domains: ['a b'] },
    });
    expect(domains.json().fields).toEqual({
      domains: 'Domains must be mail domains like example.com, separated by commas.',
    });
    const secret = await env.app.inject({
      method: 'POST',
      url: '/api/admin/sso-providers',
      headers: auth(adminToken),
      payload: { issuer: 'https://idp.example.com', client_id: 'x', label: 'X' },
    });
    expect(secret.json().fields).toEqual({ client_secret: 'Client secret is required.' });

    const agent = await createUser(env, { hde: true });
    const agentToken = await tokenFor(env, agent.email, agent.password);
    const denied = await env.app.inject({
      method: 'GET',
      url: '/api/admin/sso-providers',
      headers: auth(agentToken),
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('signing in through the provider', () => {
  it('makes a new account of the SSO domain on its first sign-in and signs it in', async () => {
    const domain = newDomain();
    const provider = await addProvider({ domains: [domain], create_users: 'agent' });
    const listed = await env.app.inject({ method: 'GET', url: '/api/sso/providers' });
    expect(listed.json().data).toContainEqual({ id: provider.id, label: 'Company sign-in' });
    const lookup = await env.app.inject({
      method: 'POST',
      url: '/api/sso/lookup',
      payload: { email: `someone@${domain.toUpperCase()}` },
    });
    expect(lookup.json().data).toEqual({ provider: { id: provider.id, label: 'Company sign-in' } });

    const who = account(`new.person@${domain}`);
    const res = await callback(await roundTrip(provider.id, who));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^http:\/\/helpdesk\.test\/auth\/sso\?code=/);
    const session = await exchange(res.headers.location as string);
    expect(session.statusCode).toBe(200);
    const { token, user } = session.json().data as { token: string; user: { id: number } };
    expect(user).toMatchObject({ email: who.email, fullname: 'Ada Lovelace', user_is_hde: true });
    const me = await env.app.inject({ method: 'GET', url: '/api/user/me', headers: auth(token) });
    expect(me.json().data.email).toBe(who.email);

    // The code is single use.
    expect((await exchange(res.headers.location as string)).statusCode).toBe(401);
    // The next sign-in finds the same account by its sub, even with another address.
    const again = await callback(
      await roundTrip(provider.id, { ...who, email: `renamed@${domain}` }),
    );
    const second = await exchange(again.headers.location as string);
    expect(second.json().data.user.id).toBe(user.id);
  });

  it('does not make accounts when the provider does not, or for another domain', async () => {
    const none = await addProvider({ domains: [newDomain()], create_users: 'none' });
    await expectRefused(
      await roundTrip(none.id, account(`nobody@${newDomain()}`)),
      403,
      /does not create accounts/,
    );
    const some = await addProvider({ domains: [newDomain()], create_users: 'user' });
    await expectRefused(
      await roundTrip(some.id, account(`outsider@${newDomain()}`)),
      403,
      /does not create accounts for this email address/,
    );
  });
});

describe('linking an existing account by its address', () => {
  it('links when the provider verified the address and the account confirmed it', async () => {
    const domain = newDomain();
    const provider = await addProvider({ domains: [domain] });
    const existing = await createUser(env, { email: `linked@${domain}` });
    const res = await callback(await roundTrip(provider.id, account(existing.email, true)));
    expect(res.statusCode).toBe(302);
    const session = await exchange(res.headers.location as string);
    expect(session.json().data.user.id).toBe(existing.id);
  });

  it('refuses when the provider has not verified the address', async () => {
    const domain = newDomain();
    const provider = await addProvider({ domains: [domain] });
    const existing = await createUser(env, { email: `unverified@${domain}` });
    await expectRefused(
      await roundTrip(provider.id, account(existing.email, false)),
      403,
      /has not verified the address/,
    );
    expect(await count(`sso_identities WHERE user_id = ${existing.id}`)).toBe(0);
  });

  it("refuses when the existing account's own address is unconfirmed", async () => {
    const domain = newDomain();
    const provider = await addProvider({ domains: [domain] });
    const existing = await createUser(env, { email: `squatted@${domain}`, confirmed: false });
    await expectRefused(
      await roundTrip(provider.id, account(existing.email, true)),
      403,
      /its address has not been confirmed/,
    );
    expect(await count(`sso_identities WHERE user_id = ${existing.id}`)).toBe(0);
  });

  it('refuses to make an account for an address the provider has not verified', async () => {
    const provider = await addProvider({ domains: [] });
    await expectRefused(
      await roundTrip(provider.id, account(`fresh@${newDomain()}`, false)),
      403,
      /has not verified the address/,
    );
  });
});

describe('passwords and providers', () => {
  it("refuses the password to agents of a domain whose provider agents must use, not to others'", async () => {
    const domain = newDomain();
    await addProvider({ domains: [domain], agents_must_use: true, label: 'Acme SSO' });
    const agent = await createUser(env, { email: `agent@${domain}`, hde: true });
    const refused = await login(env, agent.email, agent.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account signs in with Acme SSO: use that button on the sign-in page.',
    );
    const customer = await createUser(env, { email: `customer@${domain}` });
    expect((await login(env, customer.email, customer.password)).statusCode).toBe(200);
  });
});

describe('faults: each refused, nobody signed in', () => {
  let providerId: number;
  let domain: string;
  beforeAll(async () => {
    domain = newDomain();
    providerId = (await addProvider({ domains: [domain] })).id;
  });

  it('a tampered state', async () => {
    const path = await roundTrip(providerId, account(`state@${domain}`));
    const url = new URL(path, PUBLIC);
    url.searchParams.set('state', `${url.searchParams.get('state')}x`);
    await expectRefused(url.pathname + url.search, 401, /did not start here/);
  });

  it('a state used already', async () => {
    const path = await roundTrip(providerId, account(`replay@${domain}`));
    expect((await callback(path)).statusCode).toBe(302);
    await expectRefused(path, 401, /has been used already/);
  });

  it('an expired attempt', async () => {
    const path = await roundTrip(providerId, account(`late@${domain}`));
    await env.db.query(`UPDATE sso_attempts SET expires = now() - interval '1 second'`);
    await expectRefused(path, 401, /has expired/);
  });

  it('a state of another provider', async () => {
    const other = await addProvider({ domains: [] });
    const path = await roundTrip(providerId, account(`cross@${domain}`));
    await expectRefused(
      path.replace(`/sso/${providerId}/`, `/sso/${other.id}/`),
      401,
      /did not start here/,
    );
  });

  for (const [mode, what] of [
    ['alg-none', 'an id_token with alg none'],
    ['other-key', 'an id_token signed by another key'],
    ['wrong-nonce', 'an id_token with another nonce'],
  ] as const) {
    it(what, async () => {
      const path = await roundTrip(providerId, account(`${mode}@${domain}`));
      idp.mode = mode;
      try {
        await expectRefused(path, 401, /could not be verified/);
      } finally {
        idp.mode = 'pass';
      }
    });
  }

  it('an unknown provider', async () => {
    const start = await env.app.inject({ method: 'GET', url: '/api/sso/999999/start' });
    expect(start.statusCode).toBe(404);
    expect(start.body).toMatch(/does not exist/);
    await expectRefused('/api/sso/999999/callback?state=x&code=y', 404, /does not exist/);
  });

  it('the provider down, on the way there and on the way back; passwords still work', async () => {
    const path = await roundTrip(providerId, account(`down@${domain}`));
    idp.mode = 'down';
    try {
      const start = await env.app.inject({ method: 'GET', url: `/api/sso/${providerId}/start` });
      expect(start.statusCode).toBe(503);
      expect(start.body).toMatch(/cannot be reached just now/);
      await expectRefused(path, 503, /cannot be reached just now/);
      const user = await createUser(env, { email: `password@${domain}` });
      expect((await login(env, user.email, user.password)).statusCode).toBe(200);
    } finally {
      idp.mode = 'pass';
    }
  });

  it('a one-time code that was never handed out', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/sso/exchange',
      payload: { code: 'made-up' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This sign-in has expired. Sign in again.');
  });

  it('answers Spanish pages to a Spanish browser', async () => {
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/sso/999999/start',
      headers: { 'accept-language': 'es' },
    });
    expect(res.body).toContain('lang="es"');
    expect(res.body).toContain('Este proveedor de inicio de sesión no existe.');
  });
});

describe('the audit log', () => {
  interface Row {
    kind: string;
    outcome: string;
    reason: string | null;
    actor_id: string | null;
    actor_label: string;
    details: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };
  }
  const rowsOf = async (providerId: number, kindLike: string) =>
    (
      await env.db.query<Row>(
        `SELECT kind, outcome, reason, actor_id, actor_label, details FROM audit_log
          WHERE target_kind = 'sso_provider' AND target_id = $1 AND kind LIKE $2 ORDER BY id`,
        [String(providerId), kindLike],
      )
    ).rows;

  it("writes a provider's creation, change and deletion as the admin, the secret hidden", async () => {
    const domain = newDomain();
    const created = await addProvider({ domains: [domain] });
    const edit = await env.app.inject({
      method: 'PUT',
      url: `/api/admin/sso-providers/${created.id}`,
      headers: auth(adminToken),
      payload: {
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: 'a new secret',
        label: 'Renamed',
        domains: [domain],
        create_users: 'none',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const del = await env.app.inject({
      method: 'DELETE',
      url: `/api/admin/sso-providers/${created.id}`,
      headers: auth(adminToken),
    });
    expect(del.statusCode).toBe(200);

    const rows = await rowsOf(created.id, 'sso_provider.%');
    expect(rows.map((r) => r.kind)).toEqual([
      'sso_provider.created',
      'sso_provider.changed',
      'sso_provider.deleted',
    ]);
    for (const r of rows) expect(r.actor_id).toBe(String(adminId));
    const [add, change, gone] = rows;
    expect(add.details.before).toBeNull();
    expect(add.details.after).toMatchObject({
      label: 'Company sign-in',
      client_secret: '[hidden]',
    });
    expect(change.details.before).toMatchObject({ label: 'Company sign-in', create_users: 'user' });
    expect(change.details.after).toMatchObject({
      label: 'Renamed',
      create_users: 'none',
      client_secret: '[hidden]',
    });
    expect(gone.details.after).toBeNull();
    expect(gone.details.before).toMatchObject({ label: 'Renamed' });
    const all = JSON.stringify(rows);
    expect(all).not.toContain('a new secret');
    expect(all).not.toContain(idp.clientSecret);
    expect(all).not.toMatch(/v1:/);
  });

  it('writes a sign-in as its user, and refusals with their reason and who was tried', async () => {
    const domain = newDomain();
    const provider = await addProvider({ domains: [domain], create_users: 'user' });
    const who = account(`audited@${domain}`);
    const res = await callback(await roundTrip(provider.id, who));
    expect(res.statusCode).toBe(302);
    const session = await exchange(res.headers.location as string);
    const userId = String(session.json().data.user.id);

    const existing = await createUser(env, { email: `unverified.audit@${domain}` });
    await expectRefused(
      await roundTrip(provider.id, account(existing.email, false)),
      403,
      /has not verified the address/,
    );
    const path = await roundTrip(provider.id, account(`tampered@${domain}`));
    const url = new URL(path, PUBLIC);
    url.searchParams.set('state', `${url.searchParams.get('state')}x`);
    await expectRefused(url.pathname + url.search, 401, /did not start here/);

    const rows = await rowsOf(provider.id, 'sso.sign_in');
    expect(rows).toEqual([
      expect.objectContaining({
        outcome: 'success',
        reason: null,
        actor_id: userId,
        actor_label: who.email,
        details: { sub: who.sub, account: 'created' },
      }),
      expect.objectContaining({
        outcome: 'failure',
        reason: 'unverified_email',
        actor_id: null,
        actor_label: existing.email,
        details: { sub: expect.any(String) },
      }),
      expect.objectContaining({ outcome: 'failure', reason: 'state_mismatch', actor_id: null }),
    ]);
  });
});
