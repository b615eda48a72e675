// Authentication comes before everything else a route checks: every operation of the served
// OpenAPI document that is not public answers 401 to a caller without a valid token, whatever
// its body, path and query say (a 400 with field messages would tell a stranger about the
// route's input). Public operations are the ones the code marks public: the document lists no
// `security` for them (server/plugins/auth.ts refuses to start when the two disagree).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type InjectOptions } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { authenticated } from '../../lib/schemas.js';
import { authenticateUnlessPublic } from '../../plugins/auth.js';
import { createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const UNAUTHORIZED = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Unauthorized: Your session has expired. Please log in again.',
};

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

let env: TestEnv;
let doc: Doc;
/** Callers without a valid session, each with its Authorization header (none: no header). */
const callers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  env = await startTestEnv();
  const user = await createUser(env, { hde: true });
  const token = await tokenFor(env, user.email, user.password);
  const [head, body, sig] = token.split('.');
  // The signature with one character changed (not the last: its low bits are padding).
  const tamperedSig = `${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`;
  callers.none = {};
  callers.garbage = { authorization: 'JWT not-a-token' };
  callers['alg:none'] = { authorization: `JWT ${b64({ alg: 'none', typ: 'JWT' })}.${body}.` };
  callers.tampered = { authorization: `JWT ${head}.${body}.${tamperedSig}` };
  doc = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => env?.close());

/** Requests that are wrong in every way a route validates: path, query and body. */
function badRequests(path: string, method: string, op: Operation): InjectOptions[] {
  const m = method.toUpperCase() as InjectOptions['method'];
  const url = (id: string) => path.replace(/\{\w+\}/g, id);
  // NUL fits no query parameter: not a number, not an enum value, not plain text.
  const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const query = names.length ? `?${names.map((n) => `${n}=%00`).join('&')}` : '';
  const out: InjectOptions[] = [
    { method: m, url: url('1') + query },
    { method: m, url: url('not-an-id') + query },
  ];
  if (op.requestBody) {
    const json = { 'content-type': 'application/json' };
    out.push(
      { method: m, url: url('1'), payload: '{"broken": ', headers: json },
      { method: m, url: url('1'), payload: '"not an object"', headers: json },
      { method: m, url: url('1'), payload: '{"name": 12, "version": "x"}', headers: json },
      { method: m, url: url('1'), payload: 'plain', headers: { 'content-type': 'text/plain' } },
    );
  }
  return out;
}

describe('authentication before validation', () => {
  it('every non-public operation answers 401 to a caller without a valid token', async () => {
    const wrong: string[] = [];
    const publicOps: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'head') continue;
        const isPublic = !op.security || op.security.length === 0;
        if (isPublic) {
          publicOps.push(`${method.toUpperCase()} ${path}`);
          continue;
        }
        for (const [who, headers] of Object.entries(callers)) {
          for (const request of badRequests(path, method, op)) {
            const res = await env.app.inject({
              ...request,
              headers: { ...headers, ...request.headers },
            });
            checked += 1;
            const body: unknown = res.statusCode === 401 ? res.json() : undefined;
            if (res.statusCode !== 401 || JSON.stringify(body) !== JSON.stringify(UNAUTHORIZED)) {
              wrong.push(
                `${who} ${request.method} ${String(request.url)} ${String(request.payload ?? '')}` +
                  ` -> ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
    }
    // The walk reached the document's operations (the SLA ones among them).
    expect(checked).toBeGreaterThan(500);
    expect(doc.paths['/api/sla/policies/{id}/']?.put?.security).toBeTruthy();
    // Public: only the account calls a stranger needs, the health check and the pre-login probe.
    expect(publicOps.sort()).toEqual(
      expect.arrayContaining(['POST /api/login', 'POST /api/register/', 'GET /api/health']),
    );
    expect(wrong).toEqual([]);
  });

  it('public operations answer without a session, whatever the Authorization header says', async () => {
    for (const headers of Object.values(callers)) {
      const health = await env.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(health.statusCode).toBe(200);
      const login = await env.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"str_username": "not an email"}',
      });
      expect(login.statusCode).toBe(400);
    }
  });
});

describe('the public mark and the document agree', () => {
  /** An /api/-like scope with the hook and one route; ready() fails when the hook refuses it. */
  async function build(options: { config?: { public?: boolean }; security?: boolean }) {
    const app = Fastify();
    // The hook only uses the context when a request comes; none does here.
    const ctx = {} as AppContext;
    await app.register(async (api) => {
      api.addHook('onRoute', authenticateUnlessPublic(ctx));
      api.get(
        '/new-route',
        {
          ...(options.config ? { config: options.config } : {}),
          schema: options.security ? { security: authenticated } : {},
        },
        async () => ({ statusCode: 200 }),
      );
    });
    await app.ready();
    await app.close();
  }

  it('refuses to start with a route that is neither public nor documented as needing a session', async () => {
    await expect(build({})).rejects.toThrow(/needs a session, so its schema must declare security/);
    await expect(build({ security: true })).resolves.toBeUndefined();
  });

  it('refuses a public route that documents a session', async () => {
    await expect(build({ config: { public: true }, security: true })).rejects.toThrow(
      /a public route must not declare security/,
    );
    await expect(build({ config: { public: true } })).resolves.toBeUndefined();
  });
});
