// The two sides of the mock-parity test and the step runner: the SPA's msw handlers (src/mocks,
// as `npm run dev:mock` and the SPA tests use them) and the real server on a real database. A
// step is one call, made on both sides with each side's own ids; its answers must agree in
// status, content type and shape, in every error's message and fields, and in the values the
// step names (what a user would see). Every difference is recorded naming the operation.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import {
  auth,
  createUser,
  decodeQuotedPrintable,
  startTestEnv,
  tokenFromLink,
  type TestEnv,
} from '../helpers.js';
import { createMailListenerMonitor } from '../../mail/inbound/listener-health.js';
import { multipart } from '../work-helpers.js';

const root = path.resolve(import.meta.dirname, '../../..');
const MOCK_ORIGIN = 'http://mock.test';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SideName = 'mock' | 'real';

/** An operation as docs/openapi.json names it: `GET /api/ticket/{id}/`. */
export type Operation = `${Method} /api/${string}`;

/** The operations of the document, as `METHOD path`. */
export function documentedOperations(): { op: Operation; secured: boolean }[] {
  const doc = JSON.parse(fs.readFileSync(path.join(root, 'docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  const out: { op: Operation; secured: boolean }[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      out.push({
        op: `${method.toUpperCase() as Method} ${p}` as Operation,
        secured: (operation.security?.length ?? 0) > 0,
      });
    }
  }
  return out;
}

/** A file to upload as multipart/form-data. */
export interface Upload {
  field: string;
  fileName: string;
  type: string;
  content: Buffer;
}

/** One call as a side makes it: the path already has this side's ids. */
interface Request {
  method: Method;
  url: string;
  token?: string;
  body?: Json;
  upload?: Upload;
}

export interface Answer {
  status: number;
  /** The media type without parameters (application/json, text/event-stream, image/png...). */
  type: string;
  /** The JSON body, or the text of anything else. */
  body: Json;
  headers: Record<string, string>;
}

/** A stream of Server-Sent Events as one side answers it. */
export interface EventStream {
  status: number;
  type: string;
  /** The first event that matches (already received or still to come). */
  next: (match: (e: LiveEvent) => boolean) => Promise<LiveEvent>;
  close: () => void;
}

export interface LiveEvent {
  event: string;
  data: JsonObject;
}

/** The names a scenario gives to what it made: `ticket:vpn` → this side's id. */
export class Refs {
  private readonly ids = new Map<string, number>();
  constructor(readonly side: SideName) {}
  set(name: string, id: number): void {
    this.ids.set(name, id);
  }
  id(name: string): number {
    const id = this.ids.get(name);
    if (id === undefined) throw new Error(`${this.side}: no "${name}" made yet`);
    return id;
  }
  has(name: string): boolean {
    return this.ids.has(name);
  }
  /** Lists of ids an answer gave (e.g. every SLA policy, to send back in a new order). */
  readonly lists = new Map<string, number[]>();
  /**
   * The name of an id of this kind (`user`, `ticket`...), so two sides' ids compare; an id the
   * scenario did not make reads `kind:other` (seed data differs between the sides).
   */
  name(kind: string, id: Json | undefined): string {
    if (id === null || id === undefined) return 'none';
    for (const [name, value] of this.ids) {
      if (value === id && name.startsWith(`${kind}:`)) return name;
    }
    return `${kind}:other`;
  }
  /** A record id by name, whatever its kind (tickets and content items share one sequence). */
  record(id: Json | undefined): string {
    const ticket = this.name('ticket', id);
    return ticket.endsWith(':other') ? this.name('content', id) : ticket;
  }
}

export interface Side {
  readonly name: SideName;
  readonly refs: Refs;
  /** Sessions by person: `alice` → token. */
  readonly tokens: Map<string, string>;
  call: (req: Request) => Promise<Answer>;
  /** The one-time token of the last confirm or reset link mailed to `email`. */
  mailedToken: (purpose: 'confirm' | 'reset', email: string) => Promise<string>;
  events: (token: string) => Promise<EventStream>;
}

/**
 * The demo accounts of the mocks (src/mocks/db.ts); the server gets the same people. The plain
 * agent (an agent, not an administrator, as the server's demo `agent2`) is not in the mocks'
 * demo: the scenario adds them to the mocks' users (addMockPerson).
 */
export const PEOPLE = {
  agent: { fullname: 'Agent Smith', email: 'agent@example.com', hde: true, admin: true },
  alice: { fullname: 'Alice Example', email: 'alice@example.com', hde: false, admin: false },
  bob: { fullname: 'Bob Example', email: 'bob@example.com', hde: false, admin: false },
  agent2: { fullname: 'Agent Two', email: 'agent2@example.com', hde: true, admin: false },
} as const;
export type Person = keyof typeof PEOPLE;
export const PASSWORD = 'helpdesk-demo';

function parseEvents(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  let rest = buffer;
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) as JsonObject });
  }
  return { events, rest };
}

/** Reads SSE text chunks as they come; `next` resolves on the first matching event. */
function eventReader(chunks: AsyncIterable<Uint8Array | string>, close: () => void) {
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of chunks) {
        buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
        const parsed = parseEvents(buffer);
        buffer = parsed.rest;
        events.push(...parsed.events);
        for (const w of waiters) w();
      }
    } catch {
      // closed by close()
    }
    done = true;
    for (const w of waiters) w();
  })();
  return {
    close,
    next: (match: (e: LiveEvent) => boolean) =>
      new Promise<LiveEvent>((resolve, reject) => {
        const look = () => {
          const found = events.find(match);
          if (found || done) waiters.delete(look);
          if (found) resolve(found);
          else if (done) reject(new Error(`the stream ended; events: ${JSON.stringify(events)}`));
        };
        waiters.add(look);
        look();
      }),
  };
}

function mediaType(value: string | null | undefined): string {
  return (value ?? '').split(';')[0].trim();
}

async function readAnswer(
  status: number,
  type: string,
  headers: Record<string, string>,
  text: string,
): Promise<Answer> {
  return { status, type, headers, body: type === 'application/json' ? JSON.parse(text) : text };
}

/** The parts of the mocks the test reaches into (loaded by path: they are the SPA's sources). */
interface MockModules {
  handlers: { createHandlers: () => RequestHandler[] };
  db: {
    db: {
      confirmTokens: Map<string, number>;
      resetTokens: Map<string, number>;
      users: object[];
      nextId: number;
    };
    findUserByEmail: (email: string) => { id: number } | undefined;
  };
}

/** A confirmed account in the mocks' users, as the server's createUser makes one. */
function addMockPerson(mocks: MockModules, person: (typeof PEOPLE)[Person]): { id: number } {
  const { db } = mocks.db;
  const user = {
    id: db.nextId++,
    fullname: person.fullname,
    email: person.email,
    user_is_hde: person.hde,
    user_is_admin: person.admin,
    items_per_page: 10,
    language: 'en',
    password: PASSWORD,
    confirmed: true,
  };
  db.users.push(user);
  return user;
}

async function loadMocks(): Promise<MockModules> {
  // The mocks run in a browser; their HTML sanitizer (DOMPurify) needs a window here.
  const jsdom = (await import('jsdom' as string)) as {
    JSDOM: new (html: string) => { window: object };
  };
  Object.assign(globalThis, { window: new jsdom.JSDOM('').window });
  const load = (file: string) => import(pathToFileURL(path.join(root, 'src/mocks', file)).href);
  return {
    handlers: (await load('handlers.ts')) as MockModules['handlers'],
    db: (await load('db.ts')) as MockModules['db'],
  };
}

/** The request's headers and body as both sides send them: a file upload, JSON, or none. */
function encode(req: Request): { headers: Record<string, string>; payload?: string | Buffer } {
  const headers: Record<string, string> = req.token ? auth(req.token) : {};
  if (req.upload) {
    const { field, fileName, type, content } = req.upload;
    const made = multipart(field, fileName, type, content);
    return { headers: { ...headers, ...made.headers }, payload: made.payload };
  }
  if (req.body === undefined) return { headers };
  return {
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(req.body),
  };
}

function mockSide(mocks: MockModules): Side {
  const call = async (req: Request): Promise<Answer> => {
    const { headers, payload } = encode(req);
    const body = typeof payload === 'string' ? payload : payload && new Uint8Array(payload);
    try {
      const res = await fetch(`${MOCK_ORIGIN}${req.url}`, {
        method: req.method,
        headers,
        body,
        redirect: 'manual',
      });
      const type = mediaType(res.headers.get('content-type'));
      return readAnswer(res.status, type, Object.fromEntries(res.headers), await res.text());
    } catch (err) {
      // No handler answered (msw refuses the call): the difference is reported, the rest runs.
      return { status: 0, type: '', headers: {}, body: `no answer: ${(err as Error).message}` };
    }
  };
  return {
    name: 'mock',
    refs: new Refs('mock'),
    tokens: new Map(),
    call,
    mailedToken: async (purpose, email) => {
      const { db } = mocks.db;
      const userId = mocks.db.findUserByEmail(email)?.id;
      const tokens = purpose === 'confirm' ? db.confirmTokens : db.resetTokens;
      const found = [...tokens].filter(([, id]) => id === userId).at(-1);
      if (!found) throw new Error(`mock: no ${purpose} token for ${email}`);
      return found[0];
    },
    events: async (token) => {
      const abort = new AbortController();
      const res = await fetch(`${MOCK_ORIGIN}/api/events`, {
        headers: auth(token),
        signal: abort.signal,
      });
      const reader = eventReader(
        (res.body ?? new ReadableStream<Uint8Array>()) as unknown as AsyncIterable<Uint8Array>,
        () => abort.abort(),
      );
      return { status: res.status, type: mediaType(res.headers.get('content-type')), ...reader };
    },
  };
}

/**
 * The token of the newest confirm or reset link in a mail to `email` in the server's outbox,
 * waiting for it to be written (mails go out through the job queue, a reset's after the answer).
 */
async function mailedLink(
  env: TestEnv,
  purpose: 'confirm' | 'reset',
  email: string,
): Promise<string> {
  const page = purpose === 'confirm' ? '/auth/confirm?token=' : '/auth/reset-password?token=';
  const dir = env.outboxDir;
  fs.mkdirSync(dir, { recursive: true });
  const seen = new Set<string>();
  const look = (): string | undefined => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml') && f.includes(email.toLowerCase()) && !seen.has(f))
      .sort()
      .reverse();
    for (const f of files) {
      seen.add(f);
      const raw = decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8'));
      const link = raw.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+/)?.[0];
      if (link?.includes(page)) return tokenFromLink(link);
    }
    return undefined;
  };
  return new Promise((resolve, reject) => {
    const done = (token: string) => {
      watcher.close();
      clearTimeout(timer);
      resolve(token);
    };
    const watcher = fs.watch(dir, () => {
      seen.clear();
      const token = look();
      if (token) done(token);
    });
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`real: no ${purpose} mail to ${email}`));
    }, 20_000);
    const token = look();
    if (token) done(token);
  });
}

function realSide(env: TestEnv): Side {
  const call = async (req: Request): Promise<Answer> => {
    const { headers, payload } = encode(req);
    const res = await env.app.inject({ method: req.method, url: req.url, headers, payload });
    const type = mediaType(res.headers['content-type'] as string | undefined);
    const flat = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
    return readAnswer(res.statusCode, type, flat, res.body);
  };
  return {
    name: 'real',
    refs: new Refs('real'),
    tokens: new Map(),
    call,
    mailedToken: (purpose, email) => mailedLink(env, purpose, email),
    events: async (token) => {
      const abort = new AbortController();
      // Streamed: the answer never ends while the stream is open.
      const res = await env.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: auth(token),
        payloadAsStream: true,
        signal: abort.signal,
      });
      const stream = res.stream().pipe(new PassThrough());
      const reader = eventReader(stream, () => abort.abort());
      return {
        status: res.statusCode,
        type: mediaType(res.headers['content-type'] as string | undefined),
        ...reader,
      };
    },
  };
}

export interface Sides {
  mock: Side;
  real: Side;
  env: TestEnv;
  /** The mocks' request interception: a step lets its own local servers through. */
  msw: SetupServer;
  close: () => Promise<void>;
}

/** Both sides, each with agent, alice and bob as `user:…` refs. */
export async function startSides(): Promise<Sides> {
  const mocks = await loadMocks();
  const server: SetupServer = setupServer(...mocks.handlers.createHandlers());
  // Only the mock origin is the mocks'; the real server is reached through app.inject.
  server.listen({ onUnhandledRequest: 'error' });
  const mock = mockSide(mocks);
  for (const [key, person] of Object.entries(PEOPLE)) {
    const user =
      mocks.db.findUserByEmail(person.email) ??
      (key === 'agent2' ? addMockPerson(mocks, person) : undefined);
    if (!user) throw new Error(`mock: no demo account ${person.email}`);
    mock.refs.set(`user:${key}`, user.id);
  }

  // A process that runs no inbound SMTP listener reports it off, as the mocks do. Single
  // sign-on's steps meet an in-process OpenID provider over plain http.
  const env = await startTestEnv(
    { ssoAllowHosts: ['127.0.0.1'] },
    { mailListener: createMailListenerMonitor() },
  );
  const real = realSide(env);
  for (const [key, person] of Object.entries(PEOPLE)) {
    const user = await createUser(env, { ...person, password: PASSWORD });
    real.refs.set(`user:${key}`, user.id);
  }
  return {
    mock,
    real,
    env,
    msw: server,
    close: async () => {
      server.close();
      await env.close();
    },
  };
}

// ---- Comparing -----------------------------------------------------------------------------

/**
 * One item with the shape of all a list's items: every key any of them has, each value merged
 * the same way (a null, or an empty list, takes the shape the others show). The sides' lists
 * hold different seed data in a different order, so a list's shape is that of all its items.
 */
function merged(items: Json[]): Json {
  return items.reduce<Json>((a, b) => {
    if (a === null) return b;
    if (b === null) return a;
    if (Array.isArray(a) && Array.isArray(b))
      return [...a, ...b].length ? [merged([...a, ...b])] : [];
    if (typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      const out: JsonObject = { ...a };
      for (const [key, value] of Object.entries(b)) {
        out[key] = key in a ? merged([a[key], value]) : value;
      }
      return out;
    }
    return a;
  }, null);
}

/**
 * Where two answers differ in shape. A null on either side matches any type (a nullable field);
 * lists compare the merged shape of their items (one empty while the other is not cannot show
 * its items' shape); objects their keys, then each value.
 */
export function shapeDiffs(mock: Json, real: Json, at: string, out: string[] = []): string[] {
  if (mock === null || real === null) return out;
  if (Array.isArray(mock) || Array.isArray(real)) {
    if (!Array.isArray(mock) || !Array.isArray(real)) out.push(`${at}: array on one side only`);
    else if ((mock.length === 0) !== (real.length === 0)) {
      out.push(`${at}: empty in the ${mock.length === 0 ? 'mocks' : 'server'} only`);
    } else if (mock.length) {
      shapeDiffs(merged(mock), merged(real), `${at}[]`, out);
    }
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

const show = (value: unknown) => JSON.stringify(value);
/** A body in a failure message: enough to see what it is. */
const brief = (value: unknown) => {
  const text = show(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/** Where two values differ, path by path (for a readable failure). */
function valueDiffs(mock: Json, real: Json, at: string, out: string[] = []): string[] {
  if (show(mock) === show(real)) return out;
  const bothObjects =
    mock !== null && real !== null && typeof mock === 'object' && typeof real === 'object';
  if (bothObjects && Array.isArray(mock) === Array.isArray(real)) {
    if (Array.isArray(mock) && Array.isArray(real) && mock.length !== real.length) {
      out.push(`${at}: the mocks say ${show(mock)}, the server ${show(real)}`);
      return out;
    }
    const m = mock as Record<string, Json>;
    const r = real as Record<string, Json>;
    for (const key of new Set([...Object.keys(m), ...Object.keys(r)])) {
      valueDiffs(
        m[key] ?? null,
        r[key] ?? null,
        Array.isArray(mock) ? `${at}[${key}]` : `${at}.${key}`,
        out,
      );
    }
    return out;
  }
  out.push(`${at}: the mocks say ${show(mock)}, the server ${show(real)}`);
  return out;
}

// ---- Steps ---------------------------------------------------------------------------------

/** What a step's functions get: the answer's data (or the error body) and this side's refs. */
export type ValuesOf = (data: Json, refs: Refs) => Json;

/**
 * A path or query parameter: a literal, each side's own id of a record (`ref`), a text a step
 * saved (`saved`), or a function of the side (an id that is not a number, e.g. a webhook
 * delivery's uuid).
 */
export type Param =
  string | number | { ref: string } | { saved: string } | ((side: Side) => string | number);
export const ref = (name: string): { ref: string } => ({ ref: name });

export interface Step {
  /** The operation, as the document names it; its `{params}` are filled from `params`. */
  op: Operation;
  /** Who calls: a person's session, another session by name, or nobody (no token). */
  as: string | null;
  /** Path parameters: `ref(name)` for each side's own id of what the scenario made, or a literal. */
  params?: Record<string, Param>;
  query?: Record<string, Param>;
  body?: Json | ((side: Side) => Json);
  upload?: Upload;
  /** The status the server must answer: a scenario that drifted shows as such. */
  status: number;
  /** The values a user would see, compared exactly (errors compare their text besides). */
  values?: ValuesOf;
  /** Headers compared exactly (a file's type and disposition). */
  headers?: string[];
  /** After both sides answered 2xx: remember what the answer made (refs.set, tokens). */
  save?: (data: Json, side: Side) => void;
  /** Said in a failure besides the operation. */
  note?: string;
}

const isJsonObject = (v: Json): v is JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `body.data` of a 2xx JSON answer, the whole body of an error, the text of anything else. */
function dataOf(answer: Answer): Json {
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && isJsonObject(answer.body) && 'data' in answer.body) return answer.body.data;
  return answer.body;
}

/** The text of an error a user would read: its status, message and field messages. */
function errorText(body: Json): Json {
  if (!isJsonObject(body)) return body;
  return {
    statusCode: body.statusCode ?? null,
    error: body.error ?? null,
    message: body.message ?? null,
    fields: body.fields ?? null,
  };
}

export class Scenario {
  /** Every difference, naming the operation. */
  readonly differences: string[] = [];
  /** The operations with a step, and those the server answered with success. */
  readonly covered = new Set<Operation>();
  readonly succeeded = new Set<Operation>();

  constructor(readonly sides: Sides) {}

  private urlOf(step: Step, side: Side): string {
    const valueOf = (value: Param) =>
      typeof value === 'function'
        ? String(value(side))
        : typeof value !== 'object'
          ? String(value)
          : 'saved' in value
            ? (side.tokens.get(value.saved) ?? '')
            : String(side.refs.id(value.ref));
    let url = step.op.slice(step.op.indexOf(' ') + 1);
    url = url.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = step.params?.[name];
      if (value === undefined) throw new Error(`${step.op}: no value for {${name}}`);
      return encodeURIComponent(valueOf(value));
    });
    if (step.query) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(step.query)) q.set(k, valueOf(v));
      url += `?${q}`;
    }
    return url;
  }

  private async callOn(step: Step, side: Side): Promise<Answer> {
    const token = step.as === null ? undefined : side.tokens.get(step.as);
    if (step.as !== null && !token) throw new Error(`${side.name}: no session "${step.as}"`);
    const body = typeof step.body === 'function' ? step.body(side) : step.body;
    const method = step.op.slice(0, step.op.indexOf(' ')) as Method;
    return side.call({ method, url: this.urlOf(step, side), token, body, upload: step.upload });
  }

  /** Records a difference of `op`. */
  differ(op: Operation, what: string, note?: string): void {
    this.differences.push(`${op}${note ? ` (${note})` : ''}: ${what}`);
  }

  /** Runs one step on both sides and compares; answers both sides' data. */
  async step(step: Step): Promise<{ mock: Json; real: Json }> {
    const { mock, real } = this.sides;
    this.covered.add(step.op);
    const m = await this.callOn(step, mock);
    const r = await this.callOn(step, real);
    const differ = (what: string) => this.differ(step.op, what, step.note);
    if (r.status !== step.status) {
      differ(
        `the scenario expects ${step.status}, the server answered ${r.status} ${brief(r.body)}`,
      );
    }
    const ok = r.status >= 200 && r.status < 300;
    if (ok) this.succeeded.add(step.op);
    if (m.status !== r.status) {
      differ(
        `status: the mocks ${m.status} ${brief(m.body)}, the server ${r.status} ${brief(r.body)}`,
      );
      return { mock: dataOf(m), real: dataOf(r) };
    }
    if (m.type !== r.type) differ(`content type: the mocks ${m.type}, the server ${r.type}`);
    const md = dataOf(m);
    const rd = dataOf(r);
    if (m.type === 'application/json' && r.type === 'application/json') {
      for (const d of shapeDiffs(m.body, r.body, 'body')) differ(`shape: ${d}`);
    }
    if (!ok) {
      for (const d of valueDiffs(errorText(md), errorText(rd), 'error')) differ(d);
    }
    for (const name of step.headers ?? []) {
      const mh = m.headers[name] ?? null;
      const rh = r.headers[name] ?? null;
      if (mh !== rh) differ(`header ${name}: the mocks say ${show(mh)}, the server ${show(rh)}`);
    }
    if (step.values) {
      for (const d of valueDiffs(step.values(md, mock.refs), step.values(rd, real.refs), 'value')) {
        differ(d);
      }
    }
    if (ok && step.save) {
      step.save(md, mock);
      step.save(rd, real);
    }
    return { mock: md, real: rd };
  }

  /** Setup that is not compared: each side brings its own data to the scenario's start. */
  async onEachSide(run: (side: Side) => Promise<void>): Promise<void> {
    await run(this.sides.mock);
    await run(this.sides.real);
  }

  /** Fails listing every difference so far (each naming its operation), then starts afresh. */
  check(): void {
    const found = this.differences.splice(0);
    if (found.length) {
      throw new Error(`The mocks answer differently from the server:\n${found.join('\n')}`);
    }
  }
}

// ---- Value helpers -------------------------------------------------------------------------

/** Reads a property path of JSON (`a.b`), null when absent. */
export function at(value: Json, ...keys: (string | number)[]): Json {
  let v: Json = value;
  for (const key of keys) {
    if (v === null || typeof v !== 'object') return null;
    v = (Array.isArray(v) ? v[Number(key)] : v[String(key)]) ?? null;
  }
  return v;
}

export function list(value: Json): Json[] {
  return Array.isArray(value) ? value : [];
}

export function pick(value: Json, ...keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) out[key] = at(value, key);
  return out;
}

export function num(value: Json): number {
  if (typeof value !== 'number') throw new Error(`not a number: ${show(value)}`);
  return value;
}
