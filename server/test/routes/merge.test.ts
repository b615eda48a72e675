// Merge and split of tickets (docs/api-working.md "Merge and split"): what moves, what the
// sources become, who sees what afterwards, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  multipart,
  NOT_FOUND,
  newRecord,
  person,
  share,
  type Person,
} from '../work-helpers.js';
import { auth } from '../helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let carol: Person;
let agent: Person;

const AGENTS_ONLY = 'Only helpdesk agents can do this.';

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Merge');
  bob = await person(env, 'Bob Merge');
  carol = await person(env, 'Carol Merge');
  agent = await person(env, 'Agent Merge', true);
});
afterAll(() => env.close());

const ticket = (token: string, subject: string) => newRecord(env, 'ticket', token, { subject });

async function reply(id: number, token: string, body: string) {
  const res = await call('POST', `/api/ticket/${id}/communication/`, token, { body });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; created_at: string };
}

async function upload(id: number, token: string, name: string) {
  const { payload, headers } = multipart('files', name, 'text/plain', 'hello');
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/attachment/T/${id}`,
    headers: { ...auth(token), ...headers },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; created_at: string };
}

const merge = (target: number, body: object, token = agent.token) =>
  call('POST', `/api/ticket/${target}/merge/`, token, body);

async function actions(
  id: number,
): Promise<{ action: string; details: Record<string, unknown> }[]> {
  const res = await call('GET', `/api/ticket/${id}/history/`, agent.token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('POST ticket/{id}/merge/', () => {
  it('moves messages, files, followers and shares with their times and marks; closes the source', async () => {
    const target = await ticket(alice.token, 'Printer jams (web form)');
    const source = await ticket(alice.token, 'Printer jams (by mail)');
    const m1 = await reply(source.id, alice.token, '<p>It jams on page 2.</p>');
    const note = await call('POST', `/api/ticket/${source.id}/worklog/`, agent.token, {
      body: '<p>Checked the tray.</p>',
    });
    expect(note.statusCode).toBe(200);
    const file = await upload(source.id, alice.token, 'jam.txt');
    await share(env, source.id, carol.id);
    const watcher = await person(env, 'Watching Agent', true);
    const follow = await call('PUT', `/api/ticket/${source.id}/follow/`, watcher.token, {
      following: true,
    });
    expect(follow.statusCode).toBe(200);

    const res = await merge(target.id, { source_ids: [source.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: target.id, merged_ids: [source.id] });

    const thread = await call('GET', `/api/ticket/${target.id}/communication/`, alice.token);
    const msgs = thread.json().data as {
      id: number;
      body: string;
      created_at: string;
      merged_from_id?: number;
      author_id: number;
    }[];
    // The source's description comes first (its time), then its reply, each marked.
    const moved = msgs.filter((m) => m.merged_from_id === source.id);
    expect(moved.map((m) => m.body)).toEqual([
      '<p>Since Monday the VPN drops.</p>',
      '<p>It jams on page 2.</p>',
    ]);
    expect(moved[0].author_id).toBe(alice.id);
    expect(moved.find((m) => m.id === m1.id)?.created_at).toBe(m1.created_at);
    const worklog = await call('GET', `/api/ticket/${target.id}/worklog/`, agent.token);
    expect(worklog.json().data).toEqual([
      expect.objectContaining({ body: '<p>Checked the tray.</p>', merged_from_id: source.id }),
    ]);
    const files = await call('GET', `/api/attachment/T/${target.id}`, alice.token);
    expect(files.json().data).toEqual([
      expect.objectContaining({ id: file.id, file_name: 'jam.txt', created_at: file.created_at }),
    ]);
    expect((await call('GET', `/api/attachment/T/${source.id}`, alice.token)).json().data).toEqual(
      [],
    );
    // The source's sharer reads the target; its follower follows it.
    expect((await call('GET', `/api/ticket/${target.id}/`, carol.token)).statusCode).toBe(200);
    const follows = await env.db.query(
      'SELECT user_id::int, following FROM record_follows WHERE record_id = $1 ORDER BY user_id',
      [target.id],
    );
    expect(follows.rows).toContainEqual({ user_id: watcher.id, following: true });

    // The source: closed, merged, its details answer with the target.
    const src = await call('GET', `/api/ticket/${source.id}/`, alice.token);
    expect(src.json().data.status_name).toBe('Closed');
    const details = await call('GET', `/api/ticket/${source.id}/details/`, alice.token);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.merged_into).toEqual({ id: target.id });
    const targetDetails = await call('GET', `/api/ticket/${target.id}/details/`, alice.token);
    expect(targetDetails.json().data.merged_into).toBeUndefined();

    expect(await actions(source.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'merged_into',
          details: { target_id: target.id, title: 'Printer jams (web form)' },
        }),
        expect.objectContaining({
          action: 'status_changed',
          details: { from: 'New', to: 'Closed' },
        }),
      ]),
    );
    expect(await actions(target.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'merged',
          details: { source_id: source.id, title: 'Printer jams (by mail)' },
        }),
      ]),
    );
    // Search finds the target by a moved message's words.
    const found = await call('POST', '/api/search/query', agent.token, {
      q: 'jams page',
      type: 'T',
    });
    expect(found.statusCode).toBe(200);
    const hits = (found.json().data.items as { id: number }[]).map((i) => i.id);
    expect(hits).toContain(target.id);
    expect(hits).not.toContain(source.id);
  });

  it('merges several at once; a requester of a source sees the target', async () => {
    const target = await ticket(alice.token, 'Wi-Fi down floor 3');
    const s1 = await ticket(alice.token, 'No Wi-Fi');
    const s2 = await ticket(alice.token, 'Wifi broken');
    const res = await merge(target.id, { source_ids: [s2.id, s1.id] });
    expect(res.json().data.merged_ids).toEqual([s1.id, s2.id]);
    const version = (await call('GET', `/api/ticket/${target.id}/`, alice.token)).json().data
      .version;
    expect(version).toBeGreaterThan(target.version);
  });

  it('asks before merging tickets of different requesters, then makes them followers', async () => {
    const target = await ticket(alice.token, 'Laptop slow');
    const source = await ticket(bob.token, 'My laptop is slow');
    const refused = await merge(target.id, { source_ids: [source.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'These tickets have different requesters. Confirm to merge them: the other requesters will follow the target.',
    );
    expect(Object.keys(refused.json().fields)).toEqual(['confirm_requesters']);
    expect(
      (await call('GET', `/api/ticket/${source.id}/`, bob.token)).json().data.status_name,
    ).toBe('New');
    const res = await merge(target.id, { source_ids: [source.id], confirm_requesters: true });
    expect(res.statusCode).toBe(200);
    // Bob, the source's requester, reads and follows the target.
    expect((await call('GET', `/api/ticket/${target.id}/`, bob.token)).statusCode).toBe(200);
    const f = await call('GET', `/api/ticket/${target.id}/follow/`, bob.token);
    expect(f.json().data).toEqual({ following: true });
    // ...and his old address answers with the target.
    const d = await call('GET', `/api/ticket/${source.id}/details/`, bob.token);
    expect(d.json().data.merged_into).toEqual({ id: target.id });
  });

  it('refuses itself, merged tickets, content, and follows chains to their end', async () => {
    const a = await ticket(alice.token, 'A');
    const b = await ticket(alice.token, 'B');
    const c = await ticket(alice.token, 'C');
    const self = await merge(a.id, { source_ids: [a.id] });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('A ticket cannot be merged into itself.');
    expect((await merge(b.id, { source_ids: [a.id] })).statusCode).toBe(200);
    const intoMerged = await merge(a.id, { source_ids: [c.id] });
    expect(intoMerged.statusCode).toBe(409);
    expect(intoMerged.json().message).toBe(
      'This ticket was merged into another one: merge into that ticket instead.',
    );
    // A cycle: b back into a (a is merged into b).
    const cycle = await merge(a.id, { source_ids: [b.id] });
    expect(cycle.statusCode).toBe(409);
    const mergedSource = await merge(c.id, { source_ids: [a.id] });
    expect(mergedSource.statusCode).toBe(409);
    expect(mergedSource.json().message).toBe('One of these tickets was merged already.');
    const item = await newRecord(env, 'content', agent.token);
    const content = await merge(c.id, { source_ids: [item.id] });
    expect(content.statusCode).toBe(409);
    expect(content.json().message).toBe('Only tickets can be merged: content items cannot.');
    // b into c: a's chain now ends at c.
    expect((await merge(c.id, { source_ids: [b.id] })).statusCode).toBe(200);
    const d = await call('GET', `/api/ticket/${a.id}/details/`, alice.token);
    expect(d.json().data.merged_into).toEqual({ id: c.id });
  });

  it('answers 404 for tickets the caller cannot see, 403 to non-agents, 400 for bad input', async () => {
    const mine = await ticket(alice.token, 'Mine');
    const other = await ticket(bob.token, 'Not yours');
    const missing = await merge(mine.id, { source_ids: [999999999] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NOT_FOUND);
    expect((await merge(999999999, { source_ids: [mine.id] })).statusCode).toBe(404);
    // The owner is not an agent: 403 on their own ticket, 404 on one they cannot see.
    const owner = await merge(mine.id, { source_ids: [other.id] }, alice.token);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toBe(AGENTS_ONLY);
    expect((await merge(other.id, { source_ids: [mine.id] }, alice.token)).statusCode).toBe(404);
    const empty = await merge(mine.id, { source_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.source_ids).toBe('Choose 1 to 50 tickets to merge.');
    const bad = await merge(mine.id, { source_ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect((await merge(mine.id, { source_ids: [other.id] }, '')).statusCode).toBe(401);
    // Nothing changed.
    expect((await call('GET', `/api/ticket/${other.id}/`, bob.token)).json().data.status_name).toBe(
      'New',
    );
  });
});

describe('restricted help desks', () => {
  it("is a 404 for a ticket of a desk restricted to others, as the agent's lists are", async () => {
    const hr = await newRecord(env, 'ticket', alice.token, { subject: 'HR matter', hd_id: 4 });
    const mine = await ticket(alice.token, 'Open desk ticket');
    const member = await person(env, 'HR Agent', true);
    await env.db.query('UPDATE helpdesks SET restricted = true WHERE id = 4');
    await env.db.query('INSERT INTO helpdesk_members (helpdesk_id, user_id) VALUES (4, $1)', [
      member.id,
    ]);
    try {
      const into = await merge(mine.id, { source_ids: [hr.id] });
      expect(into.statusCode).toBe(404);
      expect((await merge(hr.id, { source_ids: [mine.id] })).statusCode).toBe(404);
      const split = await call('POST', `/api/ticket/${hr.id}/split/`, agent.token, {
        message_id: 1,
      });
      expect(split.statusCode).toBe(404);
      // Its member merges as usual.
      expect((await merge(mine.id, { source_ids: [hr.id] }, member.token)).statusCode).toBe(200);
    } finally {
      await env.db.query('DELETE FROM helpdesk_members WHERE helpdesk_id = 4');
      await env.db.query('UPDATE helpdesks SET restricted = false WHERE id = 4');
    }
  });
});

describe('a merge that fails part way', () => {
  it('leaves every ticket whole: one transaction, nothing half-moved', async () => {
    const target = await ticket(alice.token, 'Fault target');
    const source = await ticket(bob.token, 'Fault source');
    await reply(source.id, bob.token, '<p>Stays with the source.</p>');
    await upload(source.id, bob.token, 'stays.txt');
    // The last write of the merge fails (as a crash would stop it before the commit).
    await env.db.query(`CREATE FUNCTION fail_merge() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.action = 'merged' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`);
    await env.db.query(`CREATE TRIGGER fail_merge BEFORE INSERT ON record_events
      FOR EACH ROW EXECUTE FUNCTION fail_merge()`);
    try {
      const res = await merge(target.id, { source_ids: [source.id], confirm_requesters: true });
      expect(res.statusCode).toBe(500);
    } finally {
      await env.db.query('DROP TRIGGER fail_merge ON record_events');
      await env.db.query('DROP FUNCTION fail_merge()');
    }
    const { rows } = await env.db.query(
      `SELECT (SELECT count(*)::int FROM record_messages WHERE record_id = $2) AS source_messages,
              (SELECT count(*)::int FROM record_messages WHERE record_id = $1) AS target_messages,
              (SELECT count(*)::int FROM attachments WHERE record_id = $2) AS source_files,
              (SELECT count(*)::int FROM record_shares WHERE record_id = $1) AS target_shares,
              (SELECT merged_into_id FROM records WHERE id = $2) AS merged_into,
              (SELECT status_id FROM records WHERE id = $2) AS status_id`,
      [target.id, source.id],
    );
    expect(rows[0]).toEqual({
      source_messages: 1,
      target_messages: 0,
      source_files: 1,
      target_shares: 0,
      merged_into: null,
      status_id: 1,
    });
    // And it goes through once the fault is gone.
    const again = await merge(target.id, { source_ids: [source.id], confirm_requesters: true });
    expect(again.statusCode).toBe(200);
  });
});

describe('POST ticket/{id}/split/', () => {
  it('moves a message and those after it, with their files, into a new linked ticket', async () => {
    const original = await ticket(alice.token, 'Two problems');
    await reply(original.id, alice.token, '<p>First problem.</p>');
    const second = await reply(original.id, alice.token, '<p>Also the scanner.</p>');
    const file = await upload(original.id, alice.token, 'scan.txt');
    // The file came on its own: give it the message's time so it "came with" it.
    await env.db.query(
      'UPDATE attachments SET created_at = (SELECT created_at FROM record_messages WHERE id = $2) WHERE id = $1',
      [file.id, second.id],
    );
    const third = await reply(original.id, agent.token, '<p>Scanner: which model?</p>');

    const res = await call('POST', `/api/ticket/${original.id}/split/`, agent.token, {
      message_id: second.id,
      with_following: true,
      subject: 'Scanner problem',
    });
    expect(res.statusCode).toBe(200);
    const { id: newId, moved_message_ids } = res.json().data;
    expect(moved_message_ids).toEqual([second.id, third.id]);

    const made = (await call('GET', `/api/ticket/${newId}/`, alice.token)).json().data;
    expect(made).toMatchObject({
      subject: 'Scanner problem',
      description: '<p>Also the scanner.</p>',
      requester_id: alice.id,
    });
    const moved = (await call('GET', `/api/ticket/${newId}/communication/`, alice.token)).json()
      .data as { id: number; created_at: string }[];
    expect(moved.map((m) => [m.id, m.created_at])).toEqual([
      [second.id, second.created_at],
      [third.id, expect.any(String)],
    ]);
    const left = (await call('GET', `/api/ticket/${original.id}/communication/`, alice.token))
      .json()
      .data.map((m: { body: string }) => m.body);
    expect(left).toEqual(['<p>First problem.</p>']);
    expect(
      (await call('GET', `/api/attachment/T/${newId}`, alice.token))
        .json()
        .data.map((a: { id: number }) => a.id),
    ).toEqual([file.id]);
    const related = (await call('GET', `/api/ticket/${original.id}/related/`, alice.token)).json()
      .data;
    expect(related).toEqual([expect.objectContaining({ id: newId, link: 'related' })]);
    expect(await actions(original.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'split_out',
          details: { new_id: newId, title: 'Scanner problem', count: 2 },
        }),
      ]),
    );
    expect(await actions(newId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'split_from',
          details: { source_id: original.id, title: 'Two problems', count: 2 },
        }),
      ]),
    );
  });

  it('takes one message with another requester; refuses what is not its conversation', async () => {
    const original = await ticket(alice.token, 'Shared office issue');
    const only = await reply(original.id, alice.token, '<p>Bob has this too.</p>');
    const after = await reply(original.id, alice.token, '<p>Stays here.</p>');
    const note = await call('POST', `/api/ticket/${original.id}/worklog/`, agent.token, {
      body: '<p>internal</p>',
    });
    const split = (body: object, token = agent.token) =>
      call('POST', `/api/ticket/${original.id}/split/`, token, body);

    const worklog = await split({ message_id: note.json().data.id });
    expect(worklog.statusCode).toBe(400);
    expect(worklog.json().fields.message_id).toBe(
      "Choose a message of this ticket's conversation.",
    );
    const badUser = await split({ message_id: only.id, requester_id: 999999999 });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().fields.requester_id).toBe('Choose a requester.');
    const byOwner = await split({ message_id: only.id }, alice.token);
    expect(byOwner.statusCode).toBe(403);
    expect(
      (await call('POST', '/api/ticket/999999999/split/', agent.token, { message_id: only.id }))
        .statusCode,
    ).toBe(404);

    const res = await split({ message_id: only.id, requester_id: bob.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.moved_message_ids).toEqual([only.id]);
    const made = await call('GET', `/api/ticket/${res.json().data.id}/`, bob.token);
    expect(made.json().data).toMatchObject({
      requester_id: bob.id,
      subject: 'Shared office issue',
    });
    const left = (await call('GET', `/api/ticket/${original.id}/communication/`, alice.token))
      .json()
      .data.map((m: { id: number }) => m.id);
    expect(left).toEqual([after.id]);
  });
});
