// What the database says on `helpdesk_events` for each kind of change (migration 022 reads a
// record's and a message's few columns instead of the whole row): every key, in order, with the
// actor and tab from the transaction's settings where the row does not name who made it.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../../db/pool.js';
import { createUser, startTestEnv, type TestEnv } from '../helpers.js';

let env: TestEnv;
let listener: pg.Client;
const heard: string[] = [];

const KEYS = [
  'kind',
  'op',
  'record_id',
  'owner_id',
  'object_type',
  'is_draft',
  'version',
  'actor_id',
  'actor_tab',
  'type',
  'internal',
];

beforeAll(async () => {
  env = await startTestEnv();
  listener = await connectClient(env.database.url);
  listener.on('notification', (n) => heard.push(n.payload ?? ''));
  await listener.query('LISTEN helpdesk_events');
});
afterAll(async () => {
  await listener?.end();
  await env?.close();
});

/** Runs `sql` in a transaction acting for `actor` (from `tab`); the events it caused, parsed. */
async function eventsOf(
  sql: string,
  values: unknown[],
  actor?: { id: number; tab?: string },
): Promise<Record<string, unknown>[]> {
  heard.length = 0;
  const client = await env.db.connect();
  try {
    await client.query('BEGIN');
    if (actor) {
      await client.query(
        `SELECT set_config('helpdesk.actor_id', $1, true),
                set_config('helpdesk.actor_tab', $2, true)`,
        [String(actor.id), actor.tab ?? ''],
      );
    }
    await client.query(sql, values);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  // Notifications arrive after the commit, on the listener's connection.
  await listener.query('SELECT 1');
  return heard.map((text) => {
    const event = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(event)).toEqual(KEYS);
    return event;
  });
}

describe('live event payloads', () => {
  it('a record, its messages, a history event and a delete: every key, in order', async () => {
    const owner = await createUser(env);
    const agent = await createUser(env, { hde: true });
    const [created] = await eventsOf(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id)
       VALUES ('T', 'Payloads', '<p>A long body.</p>', $1, 1, 1, 2)`,
      [owner.id],
      { id: owner.id, tab: 'tab-1' },
    );
    const id = Number(created.record_id);
    // What every event of this ticket says of it.
    const ticket = { record_id: id, owner_id: owner.id, object_type: 'T', is_draft: false };
    expect(created).toEqual({
      kind: 'record',
      op: 'insert',
      ...ticket,
      version: 1,
      actor_id: owner.id,
      actor_tab: 'tab-1',
      type: null,
      internal: false,
    });

    const updated = await eventsOf(
      'UPDATE records SET version = 2, is_draft = false WHERE id = $1',
      [id],
    );
    expect(updated).toEqual([
      { ...created, op: 'update', version: 2, actor_id: null, actor_tab: null },
    ]);

    // A reply names its author; a work-log entry without one names the transaction's actor.
    const reply = await eventsOf(
      `INSERT INTO record_messages (record_id, thread, author_id, action, body)
       VALUES ($1, 'communication', $2, 'reply', '<p>On it.</p>')`,
      [id, agent.id],
    );
    const version = (
      await env.db.query<{ version: number }>('SELECT version FROM records WHERE id = $1', [id])
    ).rows[0].version;
    expect(reply.filter((e) => e.kind === 'message')).toEqual([
      {
        kind: 'message',
        op: 'insert',
        ...ticket,
        version,
        actor_id: agent.id,
        actor_tab: null,
        type: 'reply',
        internal: false,
      },
    ]);
    const entry = await eventsOf(
      `INSERT INTO record_messages (record_id, thread, author_id, action, body)
       VALUES ($1, 'worklog', NULL, 'entry', '<p>Called.</p>')`,
      [id],
      { id: agent.id, tab: 'tab-2' },
    );
    expect(entry.filter((e) => e.kind === 'message')).toEqual([
      expect.objectContaining({
        actor_id: agent.id,
        actor_tab: 'tab-2',
        type: 'entry',
        internal: true,
      }),
    ]);

    const event = await eventsOf(
      `INSERT INTO record_events (record_id, actor_id, action, internal) VALUES ($1, $2, 'assigned', true)`,
      [id, agent.id],
    );
    expect(event).toEqual([
      {
        kind: 'event',
        op: 'insert',
        ...ticket,
        version,
        actor_id: agent.id,
        actor_tab: null,
        type: 'assigned',
        internal: true,
      },
    ]);

    // The record's delete says whose it was; its messages and events, deleted with it, say
    // nothing more.
    const deleted = await eventsOf('DELETE FROM records WHERE id = $1', [id], { id: agent.id });
    expect(deleted).toEqual([
      {
        kind: 'record',
        op: 'delete',
        ...ticket,
        version,
        actor_id: agent.id,
        actor_tab: null,
        type: null,
        internal: false,
      },
    ]);
  });
});
