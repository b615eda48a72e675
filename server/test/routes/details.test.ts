// The details call: one answer with everything the record view shows, by role (a regular user
// never gets the work log, nor someone else's record), a bounded number of SQL statements
// whatever the thread length, and older timeline pages by cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  multipart,
  newContent,
  newTicket,
  person,
  share,
  type Person,
} from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let carol: Person;
let agent: Person;
let ticketId: number;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  alice = await person(env, 'Alice Details');
  bob = await person(env, 'Bob Details');
  carol = await person(env, 'Carol Details');
  agent = await person(env, 'Agent Details', true);
  ticketId = (await newTicket(env, alice.token, { subject: 'Details ticket' })).id;
  await share(env, ticketId, carol.id);
  expect(
    (await call('POST', `/api/ticket/${ticketId}/communication/`, alice.token, { body: 'Hello' }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await call('POST', `/api/ticket/${ticketId}/worklog/`, agent.token, {
        body: 'Secret internal note',
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await call('POST', `/api/ticket/${ticketId}/communication/`, agent.token, {
        body: 'Hi Alice',
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(() => env.close());

const details = (id: number, token: string, query = '') =>
  call('GET', `/api/ticket/${id}/details/${query}`, token);

interface Entry {
  type: 'message' | 'event';
  cursor: string;
  message: { id: number; thread: string; body: string } | null;
  event: { action: string } | null;
}

describe('GET ticket/{id}/details/', () => {
  it('gives an agent the record, the timeline with the work log, and every action', async () => {
    const res = await details(ticketId, agent.token);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.record).toMatchObject({ id: ticketId, subject: 'Details ticket', access: 'agent' });
    const entries = d.timeline.entries as Entry[];
    const bodies = entries.filter((e) => e.message).map((e) => e.message!.body);
    expect(bodies).toEqual(['Hi Alice', 'Secret internal note', 'Hello']);
    expect(entries.find((e) => e.message?.thread === 'worklog')).toBeDefined();
    // History folded in, without the "message added" events the messages show themselves.
    expect(entries.some((e) => e.event?.action === 'created')).toBe(true);
    expect(entries.some((e) => e.event?.action === 'message_added')).toBe(false);
    expect(d.timeline.next_cursor).toBeNull();
    expect(d.shared_with).toEqual([{ id: carol.id, fullname: 'Carol Details' }]);
    expect(d.permissions).toMatchObject({ note: true, worklog: true, assign: true, reply: true });
    expect(d.send_as.map((o: { value: string }) => o.value)).toEqual(['agent', 'helpdesk']);
    expect(d.following).toBe(false);
  });

  it('gives an agent the work log and every action on a ticket they raised themselves', async () => {
    const own = (await newTicket(env, agent.token, { subject: 'My own ticket' })).id;
    const note = await call('POST', `/api/ticket/${own}/worklog/`, agent.token, {
      body: 'Note on my own ticket',
    });
    expect(note.statusCode).toBe(200);
    const d = (await details(own, agent.token)).json().data;
    expect(d.record).toMatchObject({ id: own, access: 'owner' });
    const entries = d.timeline.entries as Entry[];
    expect(entries.some((e) => e.message?.body === 'Note on my own ticket')).toBe(true);
    expect(d.permissions).toMatchObject({ note: true, worklog: true, assign: true, move: true });
    expect(d.send_as.map((o: { value: string }) => o.value)).toEqual(['agent', 'helpdesk']);
  });

  it('never gives the owner or a shared user the work log', async () => {
    for (const who of [alice, carol]) {
      const res = await details(ticketId, who.token);
      expect(res.statusCode).toBe(200);
      const d = res.json().data;
      const entries = d.timeline.entries as Entry[];
      expect(entries.some((e) => e.message?.thread === 'worklog')).toBe(false);
      expect(JSON.stringify(d)).not.toContain('Secret internal note');
      expect(entries.some((e) => e.event?.action === 'worklog_added')).toBe(false);
      expect(d.permissions).toMatchObject({ note: false, worklog: false, assign: false });
    }
    const own = (await details(ticketId, alice.token)).json().data;
    expect(own.following).toBe(true);
    expect(own.permissions).toMatchObject({ edit: true, reply: true, share: true });
    expect(own.send_as).toEqual([{ value: 'self', label: 'Alice Details' }]);
    const shared = (await details(ticketId, carol.token)).json().data;
    expect(shared.permissions).toMatchObject({ edit: false, reply: true, share: false });
  });

  it("answers 404 for someone else's record, a missing one and the wrong kind", async () => {
    expect((await details(ticketId, bob.token)).statusCode).toBe(404);
    expect((await details(99999999, agent.token)).statusCode).toBe(404);
    const content = await newContent(env, alice.token);
    expect((await details(content.id, alice.token)).statusCode).toBe(404);
    const res = await call('GET', `/api/content/${content.id}/details/`, alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.record.title).toBeDefined();
  });

  it('answers 401 without a session and 400 for a bad cursor', async () => {
    expect((await call('GET', `/api/ticket/${ticketId}/details/`)).statusCode).toBe(401);
    expect((await details(ticketId, agent.token, '?before=nope')).statusCode).toBe(400);
  });

  it('ties a file to the message it came with', async () => {
    const file = multipart('files', 'log.txt', 'text/plain', 'line');
    const upload = await env.app.inject({
      method: 'POST',
      url: `/api/attachment/T/${ticketId}`,
      payload: file.payload,
      headers: { ...file.headers, ...auth(alice.token) },
    });
    expect(upload.statusCode).toBe(200);
    const fileId = upload.json().data.id as number;
    const { rows } = await env.db.query<{ id: string }>(
      `UPDATE attachments a SET created_at = m.created_at
         FROM record_messages m
        WHERE a.id = $1 AND m.record_id = a.record_id AND m.body = 'Hello'
        RETURNING m.id`,
      [fileId],
    );
    const d = (await details(ticketId, alice.token)).json().data;
    expect(d.attachments).toEqual([
      expect.objectContaining({ id: fileId, file_name: 'log.txt', message_id: Number(rows[0].id) }),
    ]);
  });
});

describe('SQL statements and paging', () => {
  async function threadOf(messages: number): Promise<number> {
    const id = (await newTicket(env, alice.token, { subject: `Thread of ${messages}` })).id;
    await env.db.query(
      `INSERT INTO record_messages (record_id, thread, author_id, body, created_at)
       SELECT $1, CASE WHEN n % 5 = 0 THEN 'worklog' ELSE 'communication' END, $2,
              'Message ' || n, now() + n * interval '1 second'
         FROM generate_series(1, $3) n`,
      [id, agent.id, messages],
    );
    return id;
  }

  /** The statements the pool runs while `run` does, and the connections they take. */
  async function statements(run: () => Promise<unknown>) {
    const counted = { statements: 0, connections: 0 };
    const restore: (() => void)[] = [];
    const onAcquire = (client: { query: unknown }) => {
      counted.connections += 1;
      const original = client.query;
      client.query = (...args: unknown[]) => {
        counted.statements += 1;
        return (original as (...a: unknown[]) => unknown).apply(client, args);
      };
      restore.push(() => (client.query = original));
    };
    env.db.on('acquire', onAcquire);
    try {
      await run();
    } finally {
      env.db.off('acquire', onAcquire);
      for (const undo of restore.reverse()) undo();
    }
    return counted;
  }

  it('runs the same number of statements for 5 and 200 messages, on one connection', async () => {
    const small = await threadOf(5);
    const large = await threadOf(200);
    let smallBody: { timeline: { entries: Entry[] } } | undefined;
    const few = await statements(async () => {
      smallBody = (await details(small, agent.token)).json().data;
    });
    let largeBody: { timeline: { entries: Entry[]; next_cursor: string } } | undefined;
    const many = await statements(async () => {
      largeBody = (await details(large, agent.token)).json().data;
    });
    expect(smallBody!.timeline.entries.filter((e) => e.message)).toHaveLength(5);
    expect(largeBody!.timeline.entries).toHaveLength(50);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(8);
    // The record, then its parts sent together on the same connection (they took one each).
    expect(many.connections).toBe(1);
  });

  it('pages back through a long thread by cursor, newest first, each entry once', async () => {
    const id = await threadOf(120);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?before=${encodeURIComponent(cursor)}` : '';
      const res = await details(id, alice.token, query);
      expect(res.statusCode).toBe(200);
      const t = res.json().data.timeline as { entries: Entry[]; next_cursor: string | null };
      seen.push(...t.entries.filter((e) => e.message).map((e) => e.message!.body));
      cursor = t.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    // Alice sees the 96 public messages (every fifth is work log), newest first, once each.
    expect(seen).toHaveLength(96);
    expect(new Set(seen).size).toBe(96);
    expect(seen[0]).toBe('Message 119');
    expect(seen.at(-1)).toBe('Message 1');
  });
});
