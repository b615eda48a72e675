// Who may do what (docs/api-working.md "Who may do what"), as one table: every call on a record,
// for tickets and content, as the owner, a person it is shared with, another regular user, an
// agent, an anonymous caller and (searchable content) a reader. Each cell runs on a fresh record,
// so one call's effect never changes another's answer. Any status other than the table's fails,
// and so does any leak: a 404/401 body naming the record, or a work-log body in any answer to
// someone who is not an agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import {
  makeSearchable,
  multipart,
  newRecord,
  person,
  share,
  type Person,
} from '../work-helpers.js';

type Kind = 'ticket' | 'content';
type Role = 'owner' | 'shared' | 'other' | 'agent' | 'anon' | 'reader';
const ROLES: Role[] = ['owner', 'shared', 'other', 'agent', 'anon', 'reader'];

/** A fresh record (owned by `owner`, shared with `shared`) and what the calls need. */
interface Fixture {
  kind: Kind;
  /** T or C, as the attachment paths spell the kind. */
  letter: 'T' | 'C';
  id: number;
  title: string;
  /** A second record of the owner's (relations). */
  secondId: number;
  /** A file the owner attached (set by rows that need one). */
  attachmentId?: number;
}

interface Call {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The call as docs/api-working.md names it. */
  path: string;
  kinds?: Kind[];
  setup?: (f: Fixture) => Promise<void>;
  request: (f: Fixture) => Call;
  /** Expected status per role; `reader` applies to searchable content only. */
  expect: Record<Exclude<Role, 'reader'>, number> & { reader: number };
}

// Expected answers by column of the contract's table.
const READ = { owner: 200, shared: 200, other: 404, agent: 200, anon: 401 };
/** Edit fields, share, classify, relate: the owner and agents; 403 for readers of content. */
const CHANGE = { owner: 200, shared: 403, other: 404, agent: 200, anon: 401, reader: 403 };
/** Sub-resources (sharing, history): not for readers of content. */
const DETAILS = { ...READ, reader: 403 };
/** Converse and attach: everyone who can read it, except readers of searchable content. */
const CONVERSE = { ...READ, reader: 403 };
/** Readers of searchable content also read its files and may follow it. */
const READ_ALONG = { ...READ, reader: 200 };
/** Work log, communication log, agent actions: agents only. */
const AGENTS = { owner: 403, shared: 403, other: 404, agent: 200, anon: 401 };

const WORKLOG_MARKER = 'WORKLOG-SECRET-7f3a';

let env: TestEnv;
let people: Record<'owner' | 'shared' | 'other' | 'agent', Person>;
let counter = 0;

const titleField = (kind: Kind) => (kind === 'ticket' ? 'subject' : 'title');

async function attach(f: Fixture): Promise<void> {
  const file = multipart('files', 'notes.txt', 'text/plain', 'hello');
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/attachment/${f.letter}/${f.id}`,
    headers: { ...auth(people.owner.token), ...file.headers },
    payload: file.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  f.attachmentId = res.json().data.id;
}

async function relate(f: Fixture): Promise<void> {
  const [a, b] = f.id < f.secondId ? [f.id, f.secondId] : [f.secondId, f.id];
  await env.db.query('INSERT INTO record_relations (record_id, related_id) VALUES ($1, $2)', [
    a,
    b,
  ]);
}

const upload = (f: Fixture): Call => {
  const file = multipart('files', 'upload.txt', 'text/plain', 'some text');
  return {
    url: `/api/attachment/${f.letter}/${f.id}`,
    payload: file.payload,
    headers: file.headers,
  };
};

export const MATRIX: Row[] = [
  // Records (docs/api-records.md), with #4's access rules.
  {
    method: 'GET',
    path: '{kind}/{id}/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/` }),
    expect: { ...READ, reader: 200 },
  },
  {
    method: 'PUT',
    path: '{kind}/{id}/',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/`,
      payload: { version: 1, [titleField(f.kind)]: 'Edited in the matrix' },
    }),
    expect: CHANGE,
  },
  // Sharing.
  {
    method: 'GET',
    path: '{kind}/{id}/shared-with/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/shared-with/` }),
    expect: DETAILS,
  },
  {
    method: 'PUT',
    path: '{kind}/{id}/shared-with/',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/shared-with/`,
      payload: { user_ids: [people.shared.id] },
    }),
    expect: CHANGE,
  },
  // Classification.
  {
    method: 'GET',
    path: '{kind}/{id}/classification/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/classification/` }),
    expect: READ_ALONG,
  },
  {
    method: 'PUT',
    path: '{kind}/{id}/classification/',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/classification/`,
      payload: { category_ids: [14] },
    }),
    expect: CHANGE,
  },
  // Tags: as the classification.
  {
    method: 'POST',
    path: '{kind}/{id}/tags/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/tags/`, payload: { name: 'matrix' } }),
    expect: CHANGE,
  },
  {
    method: 'DELETE',
    path: '{kind}/{id}/tags/{tag_id}',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/tags/1` }),
    expect: CHANGE,
  },
  // Relations.
  {
    method: 'GET',
    path: '{kind}/{id}/related/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/related/` }),
    expect: READ_ALONG,
  },
  {
    method: 'POST',
    path: '{kind}/{id}/related/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/related/`, payload: { related_id: f.id } }),
    // Relating to itself is a 400 for those who may change it; the access check comes first.
    expect: { ...CHANGE, owner: 400, agent: 400 },
  },
  {
    method: 'POST',
    path: '{kind}/{id}/related/ (another record the caller may read)',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/related/`,
      payload: { related_id: f.secondId },
    }),
    // The owner and agents read the second record; the shared person is stopped first (403).
    expect: CHANGE,
  },
  {
    method: 'DELETE',
    path: '{kind}/{id}/related/{related_id}',
    setup: relate,
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/related/${f.secondId}` }),
    expect: CHANGE,
  },
  // History.
  {
    method: 'GET',
    path: '{kind}/{id}/history/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/history/` }),
    expect: DETAILS,
  },
  // Attachments.
  {
    method: 'POST',
    path: 'attachment/{T|C}/{id}',
    request: upload,
    expect: CONVERSE,
  },
  {
    method: 'GET',
    path: 'attachment/{T|C}/{id}',
    setup: attach,
    request: (f) => ({ url: `/api/attachment/${f.letter}/${f.id}` }),
    expect: READ_ALONG,
  },
  {
    method: 'GET',
    path: 'attachment/file/{attachment_id}',
    setup: attach,
    request: (f) => ({ url: `/api/attachment/file/${f.attachmentId}` }),
    expect: READ_ALONG,
  },
  {
    method: 'DELETE',
    path: 'attachment/file/{attachment_id} (uploaded by the owner)',
    setup: attach,
    request: (f) => ({ url: `/api/attachment/file/${f.attachmentId}` }),
    // The uploader or an agent; others who read the record 403.
    expect: { ...CONVERSE, shared: 403 },
  },
  // Threads.
  {
    method: 'GET',
    path: 'communication-from/?record_id=',
    request: (f) => ({ url: `/api/communication-from/?record_id=${f.id}` }),
    expect: CONVERSE,
  },
  {
    method: 'GET',
    path: '{kind}/{id}/communication/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/communication/` }),
    expect: CONVERSE,
  },
  {
    method: 'POST',
    path: '{kind}/{id}/communication/',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/communication/`,
      payload: { body: '<p>A reply from the matrix.</p>' },
    }),
    expect: CONVERSE,
  },
  {
    method: 'GET',
    path: '{kind}/{id}/worklog/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/worklog/` }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'POST',
    path: '{kind}/{id}/worklog/',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/worklog/`,
      payload: { body: '<p>Checked the logs.</p>', time_spent_minutes: 5 },
    }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'GET',
    path: '{kind}/{id}/communication-log/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/communication-log/` }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'GET',
    path: '{kind}/{id}/follow/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/follow/` }),
    expect: READ_ALONG,
  },
  {
    method: 'PUT',
    path: '{kind}/{id}/follow/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/follow/`, payload: { following: true } }),
    expect: READ_ALONG,
  },
  // Agent actions.
  {
    method: 'DELETE',
    path: '{kind}/{id}/ (a submitted record)',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/` }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'POST',
    path: '{kind}/{id}/move/',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/move/`,
      payload: { hd_id: f.kind === 'ticket' ? 3 : 7, version: 1 },
    }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'POST',
    path: '{kind}/{id}/duplicate/',
    request: (f) => ({ url: `/api/${f.kind}/${f.id}/duplicate/` }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'PUT',
    path: '{kind}/{id}/assign/',
    request: (f) => ({
      url: `/api/${f.kind}/${f.id}/assign/`,
      payload: { assignee_id: people.agent.id, version: 1 },
    }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'PUT',
    path: 'content/{id}/searchable/',
    kinds: ['content'],
    request: (f) => ({
      url: `/api/content/${f.id}/searchable/`,
      payload: { searchable: true, version: 1 },
    }),
    expect: { ...AGENTS, reader: 403 },
  },
  {
    method: 'PUT',
    path: 'content/{id}/public/',
    kinds: ['content'],
    request: (f) => ({
      url: `/api/content/${f.id}/public/`,
      payload: { is_public: true, version: 1 },
    }),
    expect: { ...AGENTS, reader: 403 },
  },
];

async function fixture(kind: Kind, searchable: boolean): Promise<Fixture> {
  counter += 1;
  const title = `Matrix ${kind} secret ${counter}`;
  const r = await newRecord(env, kind, people.owner.token, { [titleField(kind)]: title });
  const second = await newRecord(env, kind, people.owner.token, {
    [titleField(kind)]: `Second ${counter}`,
  });
  await share(env, r.id, people.shared.id);
  if (searchable) await makeSearchable(env, r.id);
  // A work-log entry and its internal event, which only agents may ever receive.
  await env.db.query(
    `INSERT INTO record_messages (record_id, thread, author_id, action, body)
     VALUES ($1, 'worklog', $2, 'entry', $3)`,
    [r.id, people.agent.id, `<p>${WORKLOG_MARKER}</p>`],
  );
  await env.db.query(
    `INSERT INTO record_events (record_id, actor_id, action, details, internal)
     VALUES ($1, $2, 'worklog_added', $3, true)`,
    [r.id, people.agent.id, JSON.stringify({ excerpt: WORKLOG_MARKER })],
  );
  return {
    kind,
    letter: kind === 'ticket' ? 'T' : 'C',
    id: r.id,
    title,
    secondId: second.id,
  };
}

function tokenOf(role: Role): string | undefined {
  if (role === 'anon') return undefined;
  return people[role === 'reader' ? 'other' : role].token;
}

/** What is wrong with one answer (empty when it is right). */
function problems(row: Row, role: Role, f: Fixture, res: LightMyRequestResponse): string[] {
  const found: string[] = [];
  const expected = row.expect[role];
  if (res.statusCode !== expected) {
    found.push(`expected ${expected}, got ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
  if (role !== 'agent' && res.body.includes(WORKLOG_MARKER)) {
    found.push('a work-log body reached someone who is not an agent');
  }
  if ((res.statusCode === 404 || res.statusCode === 401) && res.body.includes(f.title)) {
    found.push(`a ${res.statusCode} named the record`);
  }
  if (res.statusCode === 404 || res.statusCode === 401) {
    // Exactly the answers a missing record / no session give: nothing else to learn from.
    const body = res.json();
    if (Object.keys(body).sort().join() !== 'error,message,statusCode') {
      found.push(`a ${res.statusCode} carried more than an error: ${res.body.slice(0, 200)}`);
    }
  }
  return found;
}

beforeAll(async () => {
  env = await startTestEnv();
  people = {
    owner: await person(env, 'Owner Matrix'),
    shared: await person(env, 'Shared Matrix'),
    other: await person(env, 'Other Matrix'),
    agent: await person(env, 'Agent Matrix', true, true),
  };
});
afterAll(() => env.close());

describe('access matrix (docs/api-working.md "Who may do what")', () => {
  for (const row of MATRIX) {
    for (const kind of row.kinds ?? (['ticket', 'content'] as const)) {
      it(`${row.method} ${row.path} on a ${kind}`, async () => {
        const failures: string[] = [];
        for (const role of ROLES) {
          // Readers exist for searchable content only.
          if (role === 'reader' && kind !== 'content') continue;
          const f = await fixture(kind, role === 'reader');
          await row.setup?.(f);
          const call = row.request(f);
          const token = tokenOf(role);
          const res = await env.app.inject({
            method: row.method,
            url: call.url,
            headers: { ...(token ? auth(token) : {}), ...call.headers },
            payload: call.payload,
          });
          failures.push(...problems(row, role, f, res).map((p) => `${role}: ${p}`));
        }
        expect(failures).toEqual([]);
      });
    }
  }

  it('lists and searches never show a record to someone who may not read it', async () => {
    const f = await fixture('ticket', false);
    const other = people.other.token;
    const lists = [
      ['/api/search/ticket/my', {}],
      ['/api/search/ticket/my', { filters: { shared_with_me: true } }],
      ['/api/search/ticket/by-subject', { text: 'Matrix ticket secret' }],
    ] as const;
    for (const [url, payload] of lists) {
      const res = await env.app.inject({ method: 'POST', url, headers: auth(other), payload });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(f.title);
    }
    const shared = await env.app.inject({
      method: 'POST',
      url: '/api/search/ticket/my',
      headers: auth(people.shared.token),
      payload: { filters: { shared_with_me: true } },
    });
    expect(shared.body).toContain(f.title);
    expect(shared.body).not.toContain(WORKLOG_MARKER);
  });
});
