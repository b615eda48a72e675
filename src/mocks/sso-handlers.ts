// Single sign-on, answering as server/routes/sso/routes.ts does (texts included). There is no
// identity provider behind the mocks: GET sso/{id}/start comes straight back to the callback
// with a made-up code, and the callback signs in "the provider's person" (`sso.person@` the
// provider's first domain, verified), so dev:mock and the SPA tests walk the whole way. Issuers
// over plain http are accepted for localhost and 127.0.0.1, as the tests' SSO_ALLOW_HOSTS does.
import { HttpResponse } from 'msw';
import type { User } from '../lib/types';
import { db, findUserByEmail, publicUser, startSession, type Db } from './db';
import { bodyOf, fail, http, ok } from './http';

type CreateUsers = 'none' | 'user' | 'agent';

export interface MockSsoProvider {
  id: number;
  issuer: string;
  client_id: string;
  scopes: string;
  label: string;
  domains: string[];
  create_users: CreateUsers;
  agents_must_use: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
}

interface SsoStore {
  providers: MockSsoProvider[];
  nextId: number;
  /** state → provider, until spent. */
  attempts: Map<string, { providerId: number; used: boolean }>;
  /** One-time code → user, until spent. */
  handoffs: Map<string, number>;
  /** provider:sub → user. */
  identities: Map<string, number>;
}

// One store per mock database: resetDb() makes a new database, and so a new store.
const stores = new WeakMap<Db, SsoStore>();
function store(): SsoStore {
  let s = stores.get(db);
  if (!s) {
    s = {
      providers: [],
      nextId: 1,
      attempts: new Map(),
      handoffs: new Map(),
      identities: new Map(),
    };
    stores.set(db, s);
  }
  return s;
}

const M = {
  notFound: 'This sign-in provider does not exist.',
  unknownState: 'This sign-in cannot be checked: it did not start here. Sign in again.',
  usedState: 'This sign-in has been used already. Sign in again.',
  handoffExpired: 'This sign-in has expired. Sign in again.',
  issuerInvalid: 'Issuer must be a valid address of at most 500 characters.',
  issuerNotHttps: 'Issuer must start with https://.',
  secretRequired: 'Client secret is required.',
  domainInvalid: 'Domains must be mail domains like example.com, separated by commas.',
  noAccount:
    'There is no account for this email address, and this provider does not create accounts. Ask an administrator.',
} as const;
const FAILED = 'Validation failed';
const ALLOW_HOSTS = ['localhost', '127.0.0.1'];
const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The provider's person the mocks sign in (server tests' provider signs in the same). */
export const mockSsoPerson = (domain: string) => ({
  email: `sso.person@${domain}`,
  fullname: 'SSO Person',
});

/** The password refusal of POST login for an agent whose domain's provider they must use. */
export function mockPasswordRefused(user: User): string | undefined {
  if (!user.user_is_hde && !user.user_is_admin) return undefined;
  const domain = user.email.toLowerCase().split('@').pop() ?? '';
  const p = forDomain(domain);
  return p?.agents_must_use
    ? `This account signs in with ${p.label}: use that button on the sign-in page.`
    : undefined;
}

function forDomain(domain: string): MockSsoProvider | undefined {
  return store()
    .providers.filter((p) => p.active && p.domains.includes(domain.toLowerCase()))
    .sort((a, b) => a.id - b.id)[0];
}

function issuerProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return M.issuerInvalid;
  }
  if (url.username || url.password || url.hash) return M.issuerInvalid;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && ALLOW_HOSTS.includes(url.hostname)) return undefined;
  return M.issuerNotHttps;
}

type Input = Omit<MockSsoProvider, 'id' | 'created_at' | 'updated_at'>;

function inputOf(body: Record<string, unknown>): Input | Response {
  const issuer = String(body.issuer).trim().replace(/\/+$/, '');
  const problem = issuerProblem(issuer);
  if (problem) return fail(400, 'Bad Request', FAILED, { issuer: problem });
  const raw = Array.isArray(body.domains) ? (body.domains as string[]) : [];
  const domains = [...new Set(raw.map((d) => d.trim().toLowerCase().replace(/^@/, '')))].filter(
    Boolean,
  );
  if (domains.some((d) => !DOMAIN.test(d))) {
    return fail(400, 'Bad Request', FAILED, { domains: M.domainInvalid });
  }
  const scopes = String(body.scopes ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return {
    issuer,
    client_id: String(body.client_id).trim(),
    scopes: scopes.length ? scopes.join(' ') : 'openid email profile',
    label: String(body.label).trim(),
    domains,
    create_users: (body.create_users as CreateUsers | undefined) ?? 'none',
    agents_must_use: body.agents_must_use === true,
    active: body.active !== false,
  };
}

const redirect = (location: string) =>
  new HttpResponse(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });

function page(status: number, message: string) {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>You are not signed in</title>` +
    `</head><body><main><h1>You are not signed in</h1><p role="alert">${message}</p>` +
    `<p><a href="/auth/login?password=1">Back to sign in</a></p></main></body></html>`;
  return new HttpResponse(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const token = () => crypto.randomUUID().replace(/-/g, '');

export function ssoHandlers() {
  return [
    http.get('/api/admin/sso-providers', () => ok(store().providers)),

    http.post('/api/admin/sso-providers', async ({ request }) => {
      const body = await bodyOf(request);
      const input = inputOf(body);
      if (input instanceof Response) return input;
      if (!String(body.client_secret ?? '').trim()) {
        return fail(400, 'Bad Request', FAILED, { client_secret: M.secretRequired });
      }
      const now = new Date().toISOString();
      const row: MockSsoProvider = {
        id: store().nextId++,
        ...input,
        created_at: now,
        updated_at: now,
      };
      store().providers.push(row);
      return ok(row);
    }),

    http.put('/api/admin/sso-providers/{id}', async ({ request, params }) => {
      const input = inputOf(await bodyOf(request));
      if (input instanceof Response) return input;
      const row = store().providers.find((p) => p.id === Number(params.id));
      if (!row) return fail(404, 'Not Found', M.notFound);
      Object.assign(row, input, { updated_at: new Date().toISOString() });
      return ok(row);
    }),

    http.delete('/api/admin/sso-providers/{id}', ({ params }) => {
      const s = store();
      const at = s.providers.findIndex((p) => p.id === Number(params.id));
      if (at < 0) return fail(404, 'Not Found', M.notFound);
      s.providers.splice(at, 1);
      return ok({ id: Number(params.id) });
    }),

    http.post('/api/admin/sso-providers/discovery', async ({ request }) => {
      const issuer = String((await bodyOf(request)).issuer)
        .trim()
        .replace(/\/+$/, '');
      const problem = issuerProblem(issuer);
      if (problem) return fail(400, 'Bad Request', FAILED, { issuer: problem });
      return ok({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
      });
    }),

    http.get('/api/sso/providers', () =>
      ok(
        store()
          .providers.filter((p) => p.active)
          .sort((a, b) => a.label.localeCompare(b.label) || a.id - b.id)
          .map(({ id, label }) => ({ id, label })),
      ),
    ),

    http.post('/api/sso/lookup', async ({ request }) => {
      const email = String((await bodyOf(request)).email)
        .trim()
        .toLowerCase();
      const p = forDomain(email.split('@').pop() ?? '');
      return ok({ provider: p ? { id: p.id, label: p.label } : null });
    }),

    http.untyped.get('*/api/sso/:id/start', ({ params }) => {
      const p = store().providers.find((x) => x.id === Number(params.id));
      if (!p?.active) return page(404, M.notFound);
      const state = token();
      store().attempts.set(state, { providerId: p.id, used: false });
      return redirect(`/api/sso/${p.id}/callback?code=mock-code&state=${state}`);
    }),

    http.untyped.get('*/api/sso/:id/callback', ({ params, request }) => {
      const s = store();
      const p = s.providers.find((x) => x.id === Number(params.id));
      if (!p?.active) return page(404, M.notFound);
      const state = new URL(request.url).searchParams.get('state') ?? '';
      const attempt = s.attempts.get(state);
      if (!attempt || attempt.providerId !== p.id) return page(401, M.unknownState);
      if (attempt.used) return page(401, M.usedState);
      attempt.used = true;
      const person = mockSsoPerson(p.domains[0] ?? 'example.com');
      const sub = `mock-${person.email}`;
      let userId = s.identities.get(`${p.id}:${sub}`);
      if (userId === undefined) {
        const existing = findUserByEmail(person.email);
        if (existing) userId = existing.id;
        else {
          if (p.create_users === 'none') return page(403, M.noAccount);
          userId = db.nextId++;
          db.users.push({
            id: userId,
            fullname: person.fullname,
            email: person.email,
            user_is_hde: p.create_users === 'agent',
            user_is_admin: false,
            items_per_page: 10,
            language: 'en',
            password: '',
            confirmed: true,
          });
        }
        s.identities.set(`${p.id}:${sub}`, userId);
      }
      const code = token();
      s.handoffs.set(code, userId);
      return redirect(`/auth/sso?code=${code}`);
    }),

    http.post('/api/sso/exchange', async ({ request }) => {
      const s = store();
      const code = String((await bodyOf(request)).code);
      const userId = s.handoffs.get(code);
      const user = db.users.find((u) => u.id === userId);
      if (userId === undefined || !user) return fail(401, 'Unauthorized', M.handoffExpired);
      s.handoffs.delete(code);
      const agent = request.headers.get('user-agent') ?? '';
      return ok({
        token: startSession(user.id, undefined, { userAgent: agent }),
        user: publicUser(user),
      });
    }),
  ];
}

/** A provider in the mocks' store, for tests that start on the login page. */
export function seedSsoProvider(p: Partial<MockSsoProvider> & { label: string }): MockSsoProvider {
  const now = new Date().toISOString();
  const row: MockSsoProvider = {
    id: store().nextId++,
    issuer: 'https://login.example.com',
    client_id: 'helpdesk',
    scopes: 'openid email profile',
    domains: [],
    create_users: 'user',
    agents_must_use: false,
    active: true,
    created_at: now,
    updated_at: now,
    ...p,
  };
  store().providers.push(row);
  return row;
}

/** A one-time code as the callback hands it to the SPA, for the callback page's tests. */
export function seedSsoHandoff(userId: number): string {
  const code = token();
  store().handoffs.set(code, userId);
  return code;
}
