// Single sign-on: an administrator adds a provider (refused: plain http to another host, no
// secret; others get 403), tests its discovery, edits it; the login page's list and lookup; the
// way there and back (a 302 each, their success) and the one-time code turned into a session,
// once. The server's provider is a real oidc-provider in-process; the mocks have none and come
// straight back (src/mocks/sso-handlers.ts), signing in the same person.
import { http, passthrough } from 'msw';
import { startTestProvider, travel } from '../../sso/oidc-provider.js';
import {
  at,
  list,
  num,
  pick,
  ref,
  type Json,
  type Operation,
  type Scenario,
  type Side,
} from '../harness.js';

const PUBLIC = 'http://helpdesk.test';
const DOMAIN = 'sso.example.org';
const shown = (d: Json) =>
  pick(d, 'label', 'domains', 'scopes', 'create_users', 'agents_must_use', 'active');

/** Leaves for the provider and comes back: this side's callback path and query. */
async function wayBack(side: Side): Promise<URL> {
  const start = await side.call({
    method: 'GET',
    url: `/api/sso/${side.refs.id('sso:company')}/start`,
  });
  const location = start.headers.location ?? '';
  if (side.name === 'mock') return new URL(location, PUBLIC);
  return new URL(await travel(location, PUBLIC));
}

/** A redirect is what these operations answer when they work. */
function redirected(s: Scenario, op: Operation, answers: { mock: Json; real: Json }) {
  void answers;
  s.succeeded.add(op);
}

export async function sso(s: Scenario): Promise<void> {
  const idp = await startTestProvider(`${PUBLIC}/api/sso/`);
  // The provider is reached for real, by the server and by this step's browser; its front passes
  // each request on to the provider behind it, a request of its own.
  s.sides.msw.use(...idp.origins.map((o) => http.all(`${o}/*`, () => passthrough())));
  idp.signInAs({
    sub: 'sso-person',
    email: `sso.person@${DOMAIN}`,
    email_verified: true,
    name: 'SSO Person',
  });
  try {
    const body = {
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      label: 'Company sign-in',
      domains: [DOMAIN],
      create_users: 'user',
    };
    await s.step({ op: 'GET /api/admin/sso-providers', as: 'alice', status: 403 });
    await s.step({
      op: 'POST /api/admin/sso-providers',
      as: 'agent',
      body: { ...body, issuer: 'http://idp.example.com' },
      status: 400,
      note: 'plain http',
    });
    await s.step({
      op: 'POST /api/admin/sso-providers',
      as: 'agent',
      body: { ...body, client_secret: '' },
      status: 400,
      note: 'no secret',
    });
    await s.step({
      op: 'POST /api/admin/sso-providers',
      as: 'agent',
      body: { ...body, domains: ['not a domain'] },
      status: 400,
      note: 'a bad domain',
    });
    await s.step({
      op: 'POST /api/admin/sso-providers/discovery',
      as: 'agent',
      body: { issuer: idp.issuer },
      status: 200,
      values: (d) => d,
    });
    await s.step({
      op: 'POST /api/admin/sso-providers',
      as: 'agent',
      body,
      status: 200,
      values: shown,
      save: (d, side) => side.refs.set('sso:company', num(at(d, 'id'))),
    });
    await s.step({
      op: 'PUT /api/admin/sso-providers/{id}',
      as: 'agent',
      params: { id: ref('sso:company') },
      body: { ...body, client_secret: '', label: 'Company' },
      status: 200,
      values: shown,
    });
    await s.step({
      op: 'GET /api/admin/sso-providers',
      as: 'agent',
      status: 200,
      values: (d) => list(d).map(shown),
    });
    await s.step({
      op: 'GET /api/sso/providers',
      as: null,
      status: 200,
      values: (d) => list(d).map((p) => pick(p, 'label')),
    });
    await s.step({
      op: 'POST /api/sso/lookup',
      as: null,
      body: { email: `someone@${DOMAIN.toUpperCase()}` },
      status: 200,
      values: (d) => pick(at(d, 'provider'), 'label'),
    });
    await s.step({
      op: 'POST /api/sso/lookup',
      as: null,
      body: { email: 'someone@elsewhere.example.com' },
      status: 200,
      values: (d) => d,
    });
    redirected(
      s,
      'GET /api/sso/{id}/start',
      await s.step({
        op: 'GET /api/sso/{id}/start',
        as: null,
        params: { id: ref('sso:company') },
        status: 302,
      }),
    );
    for (const side of [s.sides.mock, s.sides.real]) {
      const back = await wayBack(side);
      side.tokens.set('sso:state', back.searchParams.get('state') ?? '');
      side.tokens.set('sso:code', back.searchParams.get('code') ?? '');
      // The provider names itself on the way back (RFC 9207); the relying party requires it.
      side.tokens.set('sso:iss', back.searchParams.get('iss') ?? '');
    }
    redirected(
      s,
      'GET /api/sso/{id}/callback',
      await s.step({
        op: 'GET /api/sso/{id}/callback',
        as: null,
        params: { id: ref('sso:company') },
        query: {
          state: { saved: 'sso:state' },
          code: { saved: 'sso:code' },
          iss: { saved: 'sso:iss' },
        },
        status: 302,
      }),
    );
    // Another trip, to read the one-time code the callback hands the SPA.
    for (const side of [s.sides.mock, s.sides.real]) {
      const back = await wayBack(side);
      const done = await side.call({ method: 'GET', url: back.pathname + back.search });
      const code = new URL(done.headers.location ?? '', PUBLIC).searchParams.get('code');
      side.tokens.set('sso:handoff', code ?? '');
    }
    const exchange = (note: string, status: number) =>
      s.step({
        op: 'POST /api/sso/exchange',
        as: null,
        body: (side) => ({ code: side.tokens.get('sso:handoff') ?? '' }),
        status,
        values: (d) => (status === 200 ? pick(at(d, 'user'), 'fullname', 'email') : d),
        note,
      });
    await exchange('the code', 200);
    await exchange('the code again', 401);
    await s.step({
      op: 'DELETE /api/admin/sso-providers/{id}',
      as: 'agent',
      params: { id: ref('sso:company') },
      status: 200,
    });
    await s.step({
      op: 'DELETE /api/admin/sso-providers/{id}',
      as: 'agent',
      params: { id: ref('sso:company') },
      status: 404,
    });
  } finally {
    await idp.close();
  }
}
