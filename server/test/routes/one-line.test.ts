// The one-line rule (lib/one-line.ts): every field the OpenAPI document marks `x-one-line` (a
// subject, a title, a full name, a category's, view's, macro's or policy's name, a mailbox's user
// and folder, an uploaded file's name) answers 400 naming the field, and writes nothing, for a
// value with CR, LF, TAB, DEL, a C1 control character or U+2028, and takes accents and emoji.
// The fields are walked from docs/openapi.json (the served document, openapi-drift.test.ts), so
// a field marked later is tested without being listed here; its operation needs a valid request
// in `requests` below, and the test says so when it has none.
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONE_LINE_KEYWORD, ONE_LINE_MESSAGE } from '../../lib/one-line.js';
import { FILE_NAME_NOT_ONE_LINE, FILE_REQUIRED } from '../../routes/attachments/routes.js';
import { relyingParty } from '../../routes/passkeys/routes.js';
import { auth, startTestEnv, uniqueEmail, type TestEnv } from '../helpers.js';
import { SoftAuthenticator, type CreationOptionsJSON } from '../support/soft-authenticator.js';
import {
  caller,
  contentInput,
  newRecord,
  person,
  ticketInput,
  type Person,
} from '../work-helpers.js';

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  [ONE_LINE_KEYWORD]?: boolean;
};
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One one-line field of one operation: `field` as the API names it in `fields` (`imap.user`). */
interface Marked {
  op: string;
  field: string;
  /** The name of the uploaded file (multipart), not a JSON property. */
  fileName: boolean;
}

function resolve(doc: Doc, s: Schema): Schema {
  if (!s.$ref) return s;
  const name = s.$ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

function walk(doc: Doc, s: Schema, at: string[], out: string[]): void {
  const schema = resolve(doc, s);
  if (schema[ONE_LINE_KEYWORD] === true) out.push(at.join('.'));
  for (const [name, p] of Object.entries(schema.properties ?? {})) walk(doc, p, [...at, name], out);
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    walk(doc, alt, at, out);
  }
  if (schema.items) walk(doc, schema.items, [...at, '[]'], out);
}

/** Every marked body field, and (to be refused below) any marked parameter or whole body. */
function markedFields(doc: Doc): { fields: Marked[]; unsupported: string[] } {
  const fields: Marked[] = [];
  const unsupported: string[] = [];
  for (const [url, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${url}`;
      for (const p of op.parameters ?? []) {
        const found: string[] = [];
        if (p.schema) walk(doc, p.schema, [p.name], found);
        unsupported.push(...found.map((f) => `${name} ${p.in} ${f}`));
      }
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
        const found: string[] = [];
        walk(doc, content.schema, [], found);
        for (const field of found) {
          if (field === '') unsupported.push(`${name} ${field}`);
          // An array item's field is tested in the array's first item (`choices.0.value`), the
          // name the field messages give it.
          else
            fields.push({
              op: name,
              field: field.replaceAll('[]', '0'),
              fileName: type === 'multipart/form-data',
            });
        }
      }
    }
  }
  return { fields, unsupported };
}

const committed = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/openapi.json'), 'utf8'),
) as Doc;
const marked = markedFields(committed);

/** Values a one-line field refuses: line breaks, a tab, DEL, C1 (NEL, CSI), U+2028. */
const REFUSED: [label: string, value: string][] = [
  ['CR', 'Hello\rBcc: eve@example.com'],
  ['LF', 'Hello\nBcc: eve@example.com'],
  ['CRLF', 'Hello\r\nBcc: eve@example.com'],
  ['TAB', 'Hello\tthere'],
  ['DEL', 'Hello\u007fthere'],
  ['C1 NEL', 'Hello\u0085there'],
  ['C1 CSI', 'Hello\u009b31mthere'],
  ['U+2028', 'Hello\u2028there'],
];

let counter = 0;
/** Accents and emoji (a ZWJ sequence), unique per call: names are unique where they must be. */
const unicodeText = () => `Café ñandú 👩‍👩‍👧 ${++counter}`;

let env: TestEnv;
let agent: Person;
let ticketId: number;
let contentId: number;
let categoryId: number;
let viewId: number;
let macroId: number;
let policyId: number;
let tagId: number;
let customField: { id: number; version: number };
let organizationId: number;
let triggerId: number;
let automationId: number;
let templateId: number;
let ssoProviderId: number;
/** A single sign-on provider (saving one does not call its issuer). */
const ssoProviderInput = {
  issuer: 'https://login.example.com',
  client_id: 'helpdesk',
  client_secret: 'a client secret',
  label: 'One-line sign-in',
};
const triggerInput = {
  event: 'ticket_updated',
  actions: [{ type: 'set_priority', priority_id: 3 }],
};
const automationInput = {
  time_conditions: [{ field: 'created_ago', days: 30 }],
  actions: [{ type: 'set_priority', priority_id: 3 }],
};
let passkeyId: number;
/** A fresh registration ceremony's answer (its challenge is single-use), made before each test. */
let passkeyResponse: unknown;
async function passkeyCeremony(): Promise<unknown> {
  const options = await caller(env)('POST', '/api/user/me/passkeys/options', agent.token, {});
  expect(options.statusCode, options.body).toBe(200);
  const authenticator = new SoftAuthenticator(relyingParty(env.config).origin);
  return authenticator.create((options.json() as { data: CreationOptionsJSON }).data).response;
}
/**
 * Writes an operation's valid request needs made before the test compares the tables (each test
 * gets its own, so nothing it spends is missing from the next).
 */
const prepare: Record<string, () => Promise<void>> = {
  'POST /api/user/me/passkeys': async () => {
    passkeyResponse = await passkeyCeremony();
  },
};
/** A ticket and one message of its conversation, for the one split that succeeds. */
let splitFrom: { ticket: number; message: number };

const nineToFive = { start: '09:00', end: '17:00' };
const policyInput = {
  name: 'One-line policy',
  first_response_minutes: 60,
  time_zone: 'Europe/Madrid',
  hours: [null, nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, null],
};
const viewInput = {
  name: 'One-line view',
  object_type: 'T',
  filters: { status_id: 1 },
  sort: '-updated_at',
  columns: ['title', 'status'],
};
const choiceFieldInput = {
  type: 'single_choice',
  label_en: 'One-line field',
  label_es: 'Campo de una línea',
  choices: [{ value: 'one', label_en: 'One', label_es: 'Uno' }],
};
const imap = { host: '127.0.0.1', port: 1, tls: false, user: 'helpdesk', password: 'secret' };

interface ValidRequest {
  url: string;
  /** Signed out when absent (registration). */
  token?: string;
  body: Record<string, unknown>;
  /** Whether a 200 answer carries the field's value back (register and the IMAP test do not). */
  echoes?: boolean;
  /** Whether a 200 writes (the IMAP test does not). */
  writes?: boolean;
  /** Fields a 200 answer never carries back (a secret). */
  hidden?: string[];
}

async function version(table: 'records' | 'sla_policies', id: number): Promise<number> {
  const { rows } = await env.db.query<{ version: number }>(
    `SELECT version FROM ${table} WHERE id = $1`,
    [id],
  );
  return rows[0].version;
}

/** A request each operation with a one-line field answers 200 to (the field is then set). */
const requests: Record<string, () => Promise<ValidRequest>> = {
  'POST /api/ticket/': async () => ({ url: '/api/ticket/', token: agent.token, body: ticketInput }),
  'PUT /api/ticket/{id}/': async () => ({
    url: `/api/ticket/${ticketId}/`,
    token: agent.token,
    body: { version: await version('records', ticketId) },
  }),
  'POST /api/content/': async () => ({
    url: '/api/content/',
    token: agent.token,
    body: contentInput,
  }),
  'PUT /api/content/{id}/': async () => ({
    url: `/api/content/${contentId}/`,
    token: agent.token,
    body: { version: await version('records', contentId) },
  }),
  'POST /api/register/': async () => ({
    url: '/api/register/',
    body: { email: uniqueEmail('one-line'), password: 'long enough pw' },
    echoes: false,
  }),
  'PUT /api/user/me': async () => ({ url: '/api/user/me', token: agent.token, body: {} }),
  'POST /api/classification/': async () => ({
    url: '/api/classification/',
    token: agent.token,
    body: {},
  }),
  'PUT /api/classification/{id}': async () => ({
    url: `/api/classification/${categoryId}`,
    token: agent.token,
    body: {},
  }),
  'POST /api/views/': async () => ({ url: '/api/views/', token: agent.token, body: viewInput }),
  'PUT /api/views/{id}/': async () => ({
    url: `/api/views/${viewId}/`,
    token: agent.token,
    body: viewInput,
  }),
  'POST /api/macros': async () => ({ url: '/api/macros', token: agent.token, body: {} }),
  'POST /api/user/me/tokens': async () => ({
    url: '/api/user/me/tokens',
    token: agent.token,
    body: { scopes: ['tickets:read'] },
  }),
  'POST /api/user/me/passkeys': async () => ({
    url: '/api/user/me/passkeys',
    token: agent.token,
    body: { name: 'One-line passkey', response: passkeyResponse },
  }),
  'PATCH /api/user/me/passkeys/{id}': async () => ({
    url: `/api/user/me/passkeys/${passkeyId}`,
    token: agent.token,
    body: { name: 'One-line passkey' },
  }),
  'POST /api/admin/users/': async () => ({
    url: '/api/admin/users/',
    token: agent.token,
    body: { email: uniqueEmail('invited'), role: 'user' },
  }),
  'PUT /api/macros/{id}': async () => ({
    url: `/api/macros/${macroId}`,
    token: agent.token,
    body: {},
  }),
  'POST /api/sla/policies/': async () => ({
    url: '/api/sla/policies/',
    token: agent.token,
    body: policyInput,
  }),
  'PUT /api/sla/policies/{id}/': async () => ({
    url: `/api/sla/policies/${policyId}/`,
    token: agent.token,
    body: { ...policyInput, version: await version('sla_policies', policyId) },
  }),
  'PUT /api/mail-channel/{hd_id}/': async () => ({
    url: '/api/mail-channel/1/',
    token: agent.token,
    body: { address: null, imap },
  }),
  // Port 1 on this machine refuses at once: the answer is 200 with `ok: false`.
  'POST /api/mail-channel/{hd_id}/test/': async () => ({
    url: '/api/mail-channel/1/test/',
    token: agent.token,
    body: { imap },
    echoes: false,
    writes: false,
  }),
  'POST /api/triggers': async () => ({
    url: '/api/triggers',
    token: agent.token,
    body: triggerInput,
  }),
  'PUT /api/triggers/{id}': async () => ({
    url: `/api/triggers/${triggerId}`,
    token: agent.token,
    body: triggerInput,
  }),
  'POST /api/automations': async () => ({
    url: '/api/automations',
    token: agent.token,
    body: automationInput,
  }),
  'PUT /api/automations/{id}': async () => ({
    url: `/api/automations/${automationId}`,
    token: agent.token,
    body: automationInput,
  }),
  'POST /api/templates': async () => ({
    url: '/api/templates',
    token: agent.token,
    body: { name: `One-line template ${++counter}` },
  }),
  'PUT /api/templates/{id}': async () => ({
    url: `/api/templates/${templateId}`,
    token: agent.token,
    body: { name: `One-line template ${++counter}` },
  }),
  'POST /api/templates/preview': async () => ({
    url: '/api/templates/preview',
    token: agent.token,
    body: { ticket_id: ticketId, language: 'en' },
    writes: false,
  }),
  'POST /api/custom-fields': async () => ({
    url: '/api/custom-fields',
    token: agent.token,
    body: { ...choiceFieldInput, object_type: 'T', key: `one_line_${++counter}` },
  }),
  'PUT /api/custom-fields/{id}': async () => {
    const { rows } = await env.db.query<{ version: number }>(
      'SELECT version FROM custom_fields WHERE id = $1',
      [customField.id],
    );
    return {
      url: `/api/custom-fields/${customField.id}`,
      token: agent.token,
      body: {
        label_en: choiceFieldInput.label_en,
        label_es: choiceFieldInput.label_es,
        choices: choiceFieldInput.choices,
        version: rows[0].version,
      },
    };
  },
  'POST /api/organizations': async () => ({
    url: '/api/organizations',
    token: agent.token,
    body: { name: `One-line organization ${++counter}` },
  }),
  'PUT /api/organizations/{id}': async () => ({
    url: `/api/organizations/${organizationId}`,
    token: agent.token,
    body: { name: 'One-line organization' },
  }),
  'POST /api/ticket/{id}/split/': async () => ({
    url: `/api/ticket/${splitFrom.ticket}/split/`,
    token: agent.token,
    body: { message_id: splitFrom.message, subject: 'Split out' },
    // It answers the new ticket's id and the messages it moved.
    echoes: false,
  }),
  'POST /api/tags/': async () => ({ url: '/api/tags/', token: agent.token, body: {} }),
  'PUT /api/tags/{id}': async () => ({ url: `/api/tags/${tagId}`, token: agent.token, body: {} }),
  'POST /api/ticket/{id}/tags/': async () => ({
    url: `/api/ticket/${ticketId}/tags/`,
    token: agent.token,
    body: {},
  }),
  'POST /api/content/{id}/tags/': async () => ({
    url: `/api/content/${contentId}/tags/`,
    token: agent.token,
    body: {},
  }),
  'POST /api/admin/sso-providers': async () => ({
    url: '/api/admin/sso-providers',
    token: agent.token,
    body: ssoProviderInput,
    hidden: ['client_secret'],
  }),
  'PUT /api/admin/sso-providers/{id}': async () => ({
    url: `/api/admin/sso-providers/${ssoProviderId}`,
    token: agent.token,
    body: ssoProviderInput,
    hidden: ['client_secret'],
  }),
  'POST /api/attachment/{type}/{id}': async () => ({
    url: `/api/attachment/T/${ticketId}`,
    token: agent.token,
    body: {},
  }),
};

/** A copy of `body` with `value` at the dotted `field`. */
function withValue(body: Record<string, unknown>, field: string, value: string) {
  const copy = structuredClone(body);
  const names = field.split('.');
  let at: Record<string, unknown> = copy;
  for (const name of names.slice(0, -1)) {
    const inner = at[name];
    at[name] = Array.isArray(inner) ? [...inner] : { ...(inner as Record<string, unknown>) };
    at = at[name] as Record<string, unknown>;
  }
  at[names[names.length - 1]] = value;
  return copy;
}

/** One file named `name` in field `files`, the name as RFC 5987 UTF-8 (so it can carry CR/LF). */
function namedFile(name: string) {
  const boundary = `----oneline${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; ` +
        `filename*=UTF-8''${encodeURIComponent(name)}\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from('file content'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The operation's valid request with `value` in the field; answers the response and that request. */
async function send(m: Marked, value: string, headers: Record<string, string> = {}) {
  const valid = await requests[m.op]();
  const method = m.op.split(' ')[0] as 'POST' | 'PUT' | 'PATCH';
  const who = valid.token ? auth(valid.token) : {};
  const file = namedFile(value);
  const res = await env.app.inject(
    m.fileName
      ? {
          method,
          url: valid.url,
          headers: { ...who, ...headers, ...file.headers },
          payload: file.payload,
        }
      : {
          method,
          url: valid.url,
          headers: { ...who, ...headers },
          payload: withValue(valid.body, m.field, value),
        },
  );
  return { res, valid };
}

/** What every table of the database holds, one hash per table: equal means nothing written. */
let fingerprintSql = '';
async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = await env.db.query<{ t: string; h: string }>(fingerprintSql);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

function fieldMessage(res: LightMyRequestResponse, field: string): unknown {
  return (res.json() as { fields?: Record<string, string> }).fields?.[field];
}

beforeAll(async () => {
  // No job workers: nothing writes in the background while a test compares the tables.
  env = await startTestEnv({ workers: 0 });
  agent = await person(env, 'One Line Agent', true, true);
  const call = caller(env);
  ticketId = (await newRecord(env, 'ticket', agent.token)).id;
  contentId = (await newRecord(env, 'content', agent.token)).id;
  const made = async (url: string, body: object) => {
    const res = await call('POST', url, agent.token, body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id?: number; category_id?: number } }).data;
  };
  categoryId = (await made('/api/classification/', { category_name: 'One-line category' }))
    .category_id as number;
  viewId = (await made('/api/views/', viewInput)).id as number;
  macroId = (await made('/api/macros', { name: 'One-line macro' })).id as number;
  policyId = (await made('/api/sla/policies/', policyInput)).id as number;
  tagId = (await made('/api/tags/', { name: 'One-line tag' })).id as number;
  triggerId = (await made('/api/triggers', { ...triggerInput, name: 'One-line trigger' }))
    .id as number;
  templateId = (await made('/api/templates', { name: 'One-line template' })).id as number;
  automationId = (await made('/api/automations', { ...automationInput, name: 'One-line rule' }))
    .id as number;
  customField = (await made('/api/custom-fields', {
    ...choiceFieldInput,
    object_type: 'T',
    key: 'one_line_field',
  })) as { id: number; version: number };
  const organization = await made('/api/organizations', { name: 'One-line organization' });
  organizationId = (organization as { organization?: { id: number } }).organization?.id as number;
  ssoProviderId = (await made('/api/admin/sso-providers', ssoProviderInput)).id as number;
  const message = await made(`/api/ticket/${ticketId}/communication/`, { body: '<p>Split</p>' });
  splitFrom = { ticket: ticketId, message: message.id as number };
  passkeyId = (
    await made('/api/user/me/passkeys', { name: 'Key', response: await passkeyCeremony() })
  ).id as number;
  const { rows } = await env.db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  // A session's last_active moves once a minute while its owner calls (plugins/auth.ts), so a
  // slow run would see it change: it is bookkeeping, not something a refused call wrote.
  fingerprintSql = rows
    .map(
      ({ name }) =>
        `SELECT '${name}' AS t,
                md5(coalesce(string_agg((to_jsonb(x) - 'last_active')::text, '|'
                                        ORDER BY (to_jsonb(x) - 'last_active')::text), '')) AS h
           FROM public.${name} x`,
    )
    .join(' UNION ALL ');
});

afterAll(async () => {
  await env?.close();
});

describe('which fields are one line', () => {
  it('marks the known one-line fields in the document the server serves', async () => {
    const served = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    const found = markedFields(served);
    expect(found.unsupported).toEqual([]);
    expect(found.fields.map((m) => `${m.op} ${m.field}`)).toEqual(
      expect.arrayContaining([
        'POST /api/ticket/ subject',
        'PUT /api/ticket/{id}/ subject',
        'POST /api/content/ title',
        'PUT /api/content/{id}/ title',
        'POST /api/register/ fullname',
        'PUT /api/user/me fullname',
        'POST /api/classification/ category_name',
        'PUT /api/classification/{id} category_name',
        'POST /api/views/ name',
        'PUT /api/views/{id}/ name',
        'POST /api/macros name',
        'PUT /api/macros/{id} name',
        'POST /api/sla/policies/ name',
        'PUT /api/sla/policies/{id}/ name',
        'PUT /api/mail-channel/{hd_id}/ imap.user',
        'PUT /api/mail-channel/{hd_id}/ imap.folder',
        'POST /api/attachment/{type}/{id} files',
      ]),
    );
    // Multi-line texts are not.
    const multiLine = ['description', 'body'];
    expect(found.fields.filter((m) => multiLine.includes(m.field))).toEqual([]);
  });

  it('gives every operation with a one-line field a valid request in this test', () => {
    expect(marked.fields.length).toBeGreaterThan(0);
    expect(marked.unsupported).toEqual([]);
    const missing = [...new Set(marked.fields.map((m) => m.op))].filter((op) => !requests[op]);
    expect(missing, 'add a request these operations answer 200 to').toEqual([]);
  });
});

describe.each(marked.fields)('$op $field', (m) => {
  beforeEach(async () => {
    await prepare[m.op]?.();
  });
  it.each(REFUSED)(
    'answers 400 naming the field for %s, and writes nothing',
    async (label, bad) => {
      const before = await fingerprint();
      const { res } = await send(m, bad);
      expect(res.statusCode, res.body).toBe(400);
      // The multipart parser drops a part whose name has a line break: the upload has no file.
      const message = !m.fileName
        ? ONE_LINE_MESSAGE
        : label.includes('CR') || label === 'LF'
          ? FILE_REQUIRED
          : FILE_NAME_NOT_ONE_LINE;
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(fieldMessage(res, m.field)).toBe(message);
      expect(await fingerprint()).toEqual(before);
    },
  );

  it('takes accents and emoji', async () => {
    const before = await fingerprint();
    const value = unicodeText();
    const { res, valid } = await send(m, m.fileName ? `${value}.txt` : value);
    expect(res.statusCode, res.body).toBe(200);
    if (valid.echoes !== false && !valid.hidden?.includes(m.field)) {
      expect(res.body).toContain(value);
    }
    // The same comparison the refusals pass sees this write.
    if (valid.writes !== false) expect(await fingerprint()).not.toEqual(before);
  });
});

describe('the message', () => {
  it('is in Spanish for a Spanish caller', async () => {
    // Signed out, so the browser's language decides (a signed-in user's own setting wins).
    const { res } = await send(
      { op: 'POST /api/register/', field: 'fullname', fileName: false },
      'Eve\r\nBcc: eve@example.com',
      { 'accept-language': 'es' },
    );
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res, 'fullname')).toBe(
      'Este texto debe ser de una sola línea: no se permiten saltos de línea, tabulaciones ni ' +
        'caracteres de control.',
    );
  });

  it('names U+0000 with the plain-text message, which says more', async () => {
    const { res } = await send(
      { op: 'PUT /api/user/me', field: 'fullname', fileName: false },
      'Nul\u0000name',
    );
    expect(fieldMessage(res, 'fullname')).toMatch(/U\+0000/);
  });
});

describe('multi-line fields', () => {
  it('keep their line breaks', async () => {
    const res = await caller(env)('POST', '/api/ticket/', agent.token, {
      ...ticketInput,
      description: '<p>First line\nsecond line\ttabbed</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { description: string } }).data.description).toContain(
      'First line\nsecond line',
    );
  });
});
