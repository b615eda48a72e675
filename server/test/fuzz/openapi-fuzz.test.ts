// Fuzzes every operation the served OpenAPI document lists, as an agent, as a regular user and
// signed out: malformed path and query values, wrong types, missing and extra fields, NUL,
// 4000-character and odd-Unicode strings, broken JSON and wrong content types. Any 5xx, or an
// error answer that is not `{ statusCode, error, message, fields? }` (or, where the document
// gives text/html for the status, a page with its message), fails the test.
// The cases per operation are bounded (MAX_CASES) so the whole run stays around a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { hasTranslation } from '../../lib/i18n.js';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import { newRecord, person } from '../work-helpers.js';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: Schema;
  required?: string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const MAX_CASES = 90;

const LONG = 'x'.repeat(4000);
const ODD_STRINGS = [
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Egnp.exe',
  '\uFEFF\u200B\u200D',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧 𝕳𝖊𝖑𝖑𝖔',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00%ff',
  LONG,
];
const PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  LONG,
];
const WRONG_TYPES: unknown[] = [null, 12345, -1, 1.5, true, 'text', [], ['a'], {}, { a: 1 }];

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type ?? (s.anyOf ?? s.oneOf)?.[0]?.type?.toString();
}

/** A value the schema accepts, as a well-meaning client would send. */
function sample(s: Schema, recordId: number): unknown {
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt[0], recordId);
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? recordId, recordId);
    case 'boolean':
      return true;
    case 'array':
      return s.minItems && s.items ? [sample(s.items, recordId)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) {
        const prop = s.properties?.[name];
        if (prop) out[name] = sample(prop, recordId);
      }
      return out;
    }
    default:
      return 'x';
  }
}

/** Request variations for one operation, worst first, bounded by MAX_CASES. */
function cases(path: string, method: string, op: Operation, recordId: number): InjectOptions[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const goodPath = (overrides: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) => overrides[name] ?? String(recordId));
  const goodQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema, recordId))]),
  );
  const body = jsonSchema ? (sample(jsonSchema, recordId) as Record<string, unknown>) : undefined;
  const m = method.toUpperCase() as InjectOptions['method'];
  const json = (payload: unknown): InjectOptions => ({
    method: m,
    url: goodPath(),
    query: goodQuery,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

  const out: InjectOptions[] = [];
  // Path and query values, interleaved per parameter so each gets its worst values first.
  for (const value of PATH_VALUES) {
    for (const p of pathParams) out.push({ method: m, url: goodPath({ [p.name]: value }) });
    for (const p of queryParams) {
      out.push({ method: m, url: `${goodPath()}?${p.name}=${value}`, payload: body });
    }
  }
  for (const p of queryParams) {
    out.push({ method: m, url: `${goodPath()}?${p.name}=1&${p.name}=2`, payload: body });
  }
  if (jsonSchema && body) {
    const props = Object.entries(jsonSchema.properties ?? {});
    out.push(json(body), json({ ...body, unexpected_field: 'x' }));
    for (const name of jsonSchema.required ?? []) {
      const rest = { ...body };
      delete rest[name];
      out.push(json(rest));
    }
    for (const [name, s] of props) {
      const strings = typeOf(s) === 'string' ? ODD_STRINGS : [];
      for (const value of [...strings.slice(0, 4), ...WRONG_TYPES.slice(0, 3), LONG]) {
        out.push(json({ ...body, [name]: value }));
      }
    }
    for (const [name] of props) out.push(json({ ...body, [name]: ODD_STRINGS[5] }));
    out.push(
      json(null),
      json([body]),
      json('text'),
      {
        method: m,
        url: goodPath(),
        payload: '{"broken": ',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: m,
        url: goodPath(),
        payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
        headers: { 'content-type': 'application/json' },
      },
      {
        method: m,
        url: goodPath(),
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { method: m, url: goodPath(), payload: 'plain', headers: { 'content-type': 'text/plain' } },
      {
        method: m,
        url: goodPath(),
        payload: '--x--',
        headers: { 'content-type': 'multipart/form-data' },
      },
    );
  } else {
    out.push(
      { method: m, url: goodPath(), query: goodQuery },
      {
        method: m,
        url: goodPath(),
        payload: '{"broken": ',
        headers: { 'content-type': 'application/json' },
      },
      { method: m, url: goodPath(), payload: 'plain', headers: { 'content-type': 'text/plain' } },
      {
        method: m,
        url: goodPath(),
        payload: '--x--',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
    );
  }
  // Keep the first cases of each kind: spread the bound over the whole list.
  if (out.length <= MAX_CASES) return out;
  const step = out.length / MAX_CASES;
  return Array.from({ length: MAX_CASES }, (_v, i) => out[Math.floor(i * step)]);
}

function errorShapeProblem(status: number, body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'body is not an object';
  const b = parsed as Record<string, unknown>;
  if (b.statusCode !== status) return `statusCode ${String(b.statusCode)} != ${status}`;
  if (typeof b.error !== 'string' || !b.error) return 'error missing';
  if (typeof b.message !== 'string' || !b.message) return 'message missing';
  if (b.fields !== undefined) {
    if (typeof b.fields !== 'object' || b.fields === null) return 'fields not an object';
    for (const v of Object.values(b.fields)) if (typeof v !== 'string') return 'field not a text';
  }
  if (/\bat .+\.(ts|js):\d+/.test(body)) return 'stack trace in body';
  return undefined;
}

/**
 * An error page for a browser (single sign-on's way to the provider and back answers a person,
 * not a client): the document gives text/html for the status, and the page says why in a
 * `role="alert"` paragraph, without a stack trace. Answers the problem, or the page's message.
 */
function pageProblem(
  op: Operation,
  status: number,
  body: string,
): { problem: string } | { message: string } {
  if (!op.responses?.[String(status)]?.content?.['text/html']) {
    return { problem: 'an HTML answer the document does not give for this status' };
  }
  if (!/^<!doctype html>/i.test(body)) return { problem: 'not an HTML page' };
  if (/\bat .+\.(ts|js):\d+/.test(body)) return { problem: 'stack trace in body' };
  const alert = /<p role="alert">([^<]+)<\/p>/.exec(body)?.[1];
  if (!alert) return { problem: 'no message in the page' };
  return { message: alert.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(+code)) };
}

let env: TestEnv;
let doc: Doc;
const callers: Record<string, Record<string, string>> = {};
let recordId = 1;

beforeAll(async () => {
  env = await startTestEnv();
  const agent = await person(env, 'Fuzz Agent', true, true);
  const user = await person(env, 'Fuzz User');
  recordId = (await newRecord(env, 'ticket', user.token)).id;
  await newRecord(env, 'content', agent.token);
  callers.agent = auth(agent.token);
  callers.user = auth(user.token);
  callers.anonymous = {};
  const res = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json();
}, 60_000);

afterAll(async () => {
  await env?.close();
});

describe('every operation of the OpenAPI document', () => {
  it('answers malformed input with a documented 4xx, never a 5xx', async () => {
    const problems: string[] = [];
    const untranslated = new Set<string>();
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'head') continue;
        for (const [who, headers] of Object.entries(callers)) {
          // Logging out would end the session the other cases use.
          if (path === '/api/logout' && who !== 'anonymous') continue;
          // A signed-in event stream stays open (inject would never end): test/live covers it.
          if (path === '/api/events' && who !== 'anonymous') continue;
          for (const request of cases(path, method, op, recordId)) {
            const res = await env.app.inject({
              ...request,
              headers: { ...headers, ...request.headers },
            });
            sent += 1;
            const label = `${who} ${request.method} ${String(request.url).slice(0, 80)} ${String(request.payload ?? '').slice(0, 60)}`;
            if (res.statusCode >= 500) problems.push(`${label} -> ${res.statusCode} ${res.body}`);
            else if (
              res.statusCode >= 400 &&
              String(res.headers['content-type']).startsWith('text/html')
            ) {
              const page = pageProblem(op, res.statusCode, res.body);
              if ('problem' in page) {
                problems.push(`${label} -> ${res.statusCode} ${page.problem}: ${res.body}`);
              } else if (!hasTranslation('es', page.message)) {
                untranslated.add(page.message.slice(0, 120));
              }
            } else if (res.statusCode >= 400) {
              const problem = errorShapeProblem(res.statusCode, res.body);
              if (problem) problems.push(`${label} -> ${res.statusCode} ${problem}: ${res.body}`);
              // Every text a person may read has its Spanish (server/locales/es.json).
              const { message, fields = {} } = res.json<{ message: string; fields?: object }>();
              for (const text of [message, ...Object.values(fields)]) {
                if (!hasTranslation('es', text)) untranslated.add(text.slice(0, 120));
              }
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(problems.slice(0, 30)).toEqual([]);
    expect([...untranslated]).toEqual([]);
  }, 180_000);
});
