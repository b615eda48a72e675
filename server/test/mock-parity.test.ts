// The mocks answer like the server: the same scenarios (sign in, list, details, raise, share,
// thread, search) run against the SPA's msw handlers (src/mocks, as `npm run dev:mock` and the
// SPA tests use them) and against the real server on a real database, and every answer must
// have the same shape on both sides: the same keys and the same types (values differ).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const MOCK_ORIGIN = 'http://mock.test';

/** One side of the comparison: a call returns the status and the JSON body. */
type Call = (method: string, url: string, token?: string, body?: object) => Promise<Answer>;
interface Answer {
  status: number;
  body: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Where two answers differ in shape. A null on either side matches any type (a nullable field);
 * an array compares the shape of its first items; an object its keys, then each value.
 */
function shapeDiffs(mock: Json, real: Json, at: string, out: string[]): string[] {
  if (mock === null || real === null) return out;
  if (Array.isArray(mock) || Array.isArray(real)) {
    if (!Array.isArray(mock) || !Array.isArray(real)) out.push(`${at}: array on one side only`);
    else if (mock.length === 0 || real.length === 0)
      out.push(`${at}: an empty list cannot show its items' shape`);
    else shapeDiffs(mock[0], real[0], `${at}[0]`, out);
    return out;
  }
  if (typeof mock !== typeof real) {
    out.push(`${at}: ${typeof mock} in the mocks, ${typeof real} on the server`);
    return out;
  }
  if (typeof mock === 'object' && typeof real === 'object') {
    const mockKeys = Object.keys(mock);
    const realKeys = Object.keys(real);
    const onlyMock = mockKeys.filter((k) => !realKeys.includes(k));
    const onlyReal = realKeys.filter((k) => !mockKeys.includes(k));
    if (onlyMock.length) out.push(`${at}: only the mocks send ${onlyMock.join(', ')}`);
    if (onlyReal.length) out.push(`${at}: only the server sends ${onlyReal.join(', ')}`);
    for (const key of mockKeys.filter((k) => realKeys.includes(k))) {
      shapeDiffs(mock[key], real[key], `${at}.${key}`, out);
    }
  }
  return out;
}

let env: TestEnv;
let mockServer: SetupServer;
let real: Call;
let mock: Call;
const tokens = { real: '', mock: '' };
const logins = {
  mock: { str_username: 'alice@example.com', str_password: 'helpdesk-demo' },
  real: { str_username: '', str_password: '' },
};
let realBob = 0;

const mockCall: Call = async (method, url, token, body) => {
  const res = await fetch(`${MOCK_ORIGIN}${url}`, {
    method,
    headers: {
      ...(token ? auth(token) : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  // The mocks run in a browser; their HTML sanitizer (DOMPurify) needs a window here.
  const jsdom = (await import('jsdom' as string)) as {
    JSDOM: new (html: string) => { window: object };
  };
  Object.assign(globalThis, { window: new jsdom.JSDOM('').window });
  // Loaded by path: the SPA's sources are not part of the server's TypeScript project.
  const handlersUrl = pathToFileURL(path.join(root, 'src/mocks/handlers.ts')).href;
  const mocks = (await import(handlersUrl)) as { createHandlers: () => RequestHandler[] };
  mockServer = setupServer(...mocks.createHandlers());
  mockServer.listen({ onUnhandledRequest: 'error' });
  mock = mockCall;

  env = await startTestEnv();
  real = async (method, url, token, body) => {
    const res = await env.app.inject({
      method: method as 'GET',
      url,
      headers: token ? auth(token) : {},
      payload: body,
    });
    return { status: res.statusCode, body: res.json() };
  };
  // The mock's demo accounts; on the server the same roles, made for this test.
  const alice = await createUser(env, { fullname: 'Alice Example' });
  const bob = await createUser(env, { fullname: 'Bob Example' });
  realBob = bob.id;
  logins.real = { str_username: alice.email, str_password: alice.password };
  tokens.real = await tokenFor(env, alice.email, alice.password);
  const signIn = await mock('POST', '/api/login', undefined, logins.mock);
  tokens.mock = (signIn.body as { data: { token: string } }).data.token;
  // A few tickets on the server too, so lists and searches have items to compare.
  for (const subject of ['Printer jams on floor two', 'Laptop battery drains fast']) {
    const res = await real('POST', '/api/ticket/', tokens.real, {
      subject,
      description: '<p>It started on Monday.</p>',
      priority_id: 2,
      is_draft: false,
    });
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  mockServer?.close();
  await env?.close();
});

/** Runs one step on both sides and compares the answers' statuses and shapes. */
async function both(
  step: string,
  request: (side: 'mock' | 'real') => Parameters<Call>,
): Promise<{ mock: Answer; real: Answer }> {
  const m = await mock(...request('mock'));
  const r = await real(...request('real'));
  expect(m.status, `${step}: status in the mocks vs on the server`).toBe(r.status);
  expect(shapeDiffs(m.body as Json, r.body as Json, 'body', []), `${step}: shapes differ`).toEqual(
    [],
  );
  return { mock: m, real: r };
}

const dataOf = <T>(a: Answer) => (a.body as { data: T }).data;

describe('the mocks answer like the server', () => {
  it('sign in: the token and the user, or why not', async () => {
    await both('POST login', (side) => ['POST', '/api/login', undefined, logins[side]]);
    await both('POST login, wrong password', (side) => [
      'POST',
      '/api/login',
      undefined,
      { ...logins[side], str_password: 'not the password' },
    ]);
    await both('GET user/me', (side) => ['GET', '/api/user/me', tokens[side]]);
  });

  it('register: an address that has an account answers exactly like a new one', async () => {
    const fresh = await both('POST register/, a new address', (side) => [
      'POST',
      '/api/register/',
      undefined,
      { fullname: 'New Person', email: `parity-${side}@example.com`, password: 'a good password' },
    ]);
    const taken = await both('POST register/, a taken address', (side) => [
      'POST',
      '/api/register/',
      undefined,
      { fullname: 'Someone Else', email: logins[side].str_username, password: 'a good password' },
    ]);
    expect(taken.real.status).toBe(200);
    expect(taken.mock.body).toEqual(fresh.mock.body);
    expect(taken.real.body).toEqual(fresh.real.body);
  });

  it('list, details and raise a ticket', async () => {
    await both('POST search/ticket/my', (side) => [
      'POST',
      '/api/search/ticket/my',
      tokens[side],
      { page: 1, page_size: 10, sort: '-created_at', filters: {} },
    ]);
    const raised = await both('POST ticket/', (side) => [
      'POST',
      '/api/ticket/',
      tokens[side],
      {
        subject: 'Monitor flickers',
        description: '<p>The screen flickers.</p>',
        priority_id: 2,
        is_draft: false,
      },
    ]);
    const ids = {
      mock: dataOf<{ id: number }>(raised.mock).id,
      real: dataOf<{ id: number }>(raised.real).id,
    };
    await both('GET ticket/{id}/', (side) => ['GET', `/api/ticket/${ids[side]}/`, tokens[side]]);
    await both('GET ticket/{id}/ of nobody', (side) => [
      'GET',
      '/api/ticket/999999/',
      tokens[side],
    ]);
    await both('POST ticket/ without a subject', (side) => [
      'POST',
      '/api/ticket/',
      tokens[side],
      { description: '<p>x</p>', priority_id: 2 },
    ]);
  });

  it('share a ticket', async () => {
    const raised = await both('POST ticket/', (side) => [
      'POST',
      '/api/ticket/',
      tokens[side],
      { subject: 'Shared printer', description: '<p>Please look.</p>', priority_id: 2 },
    ]);
    const id = (side: 'mock' | 'real') => dataOf<{ id: number }>(raised[side]).id;
    await both('GET search/user/by-id/{text}', (side) => [
      'GET',
      '/api/search/user/by-id/Bob',
      tokens[side],
    ]);
    await both('PUT ticket/{id}/shared-with/', (side) => [
      'PUT',
      `/api/ticket/${id(side)}/shared-with/`,
      tokens[side],
      { user_ids: [side === 'mock' ? 3 : realBob] },
    ]);
    await both('GET ticket/{id}/shared-with/', (side) => [
      'GET',
      `/api/ticket/${id(side)}/shared-with/`,
      tokens[side],
    ]);
  });

  it("a ticket's conversation", async () => {
    const raised = await both('POST ticket/', (side) => [
      'POST',
      '/api/ticket/',
      tokens[side],
      { subject: 'Cannot print', description: '<p>Nothing prints.</p>', priority_id: 2 },
    ]);
    const id = (side: 'mock' | 'real') => dataOf<{ id: number }>(raised[side]).id;
    await both('POST ticket/{id}/communication/', (side) => [
      'POST',
      `/api/ticket/${id(side)}/communication/`,
      tokens[side],
      { body: '<p>Any news?</p>' },
    ]);
    await both('GET ticket/{id}/communication/', (side) => [
      'GET',
      `/api/ticket/${id(side)}/communication/`,
      tokens[side],
    ]);
    await both('GET ticket/{id}/follow/', (side) => [
      'GET',
      `/api/ticket/${id(side)}/follow/`,
      tokens[side],
    ]);
    await both('GET ticket/{id}/history/', (side) => [
      'GET',
      `/api/ticket/${id(side)}/history/`,
      tokens[side],
    ]);
  });

  it('search', async () => {
    await both('POST search/query', (side) => [
      'POST',
      '/api/search/query',
      tokens[side],
      { q: 'printer', type: 'T', page: 1, page_size: 10, filters: {} },
    ]);
    await both('POST search/query without text', (side) => [
      'POST',
      '/api/search/query',
      tokens[side],
      { q: '', type: 'T' },
    ]);
  });
});
