// Live events (docs/api-live.md): who receives what, delivery across API processes, the LISTEN
// connection coming back after the database dropped it, presence expiring, shutdown with open
// streams. "Never received" is shown by order: events leave in the order the database sent
// them, so once a later event arrived an earlier one that did not will never come.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool, type Db } from '../../db/pool.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, multipart, newRecord, person, share, type Person } from '../work-helpers.js';
import { isChange, openStream, type SseEvent, type SseStream } from './sse-client.js';

let env: TestEnv;
let base: string;
let agent: Person;
let bob: Person;
let owner: Person;
let other: Person;
let friend: Person;
const streams: SseStream[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function stream(token: string, at = base): Promise<SseStream> {
  const s = await openStream(at, token);
  streams.push(s);
  await s.next((e) => e.event === 'ready');
  return s;
}

const post = (url: string, token: string, payload: object) =>
  caller(env)('POST', url, token, payload).then((res) => {
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number };
  });

beforeAll(async () => {
  env = await startTestEnv({ workers: 0, presenceTtlMs: 1000, liveHeartbeatMs: 1000 });
  base = await listen(env.app);
  agent = await person(env, 'Alice Agent', true);
  bob = await person(env, 'Bob Agent', true);
  owner = await person(env, 'Olga Owner');
  other = await person(env, 'Oscar Other');
  friend = await person(env, 'Fiona Friend');
});

afterAll(async () => {
  for (const s of streams) s.close();
  await env.close();
});

describe('GET /api/events', () => {
  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it('delivers by role: agents all, owners and shares theirs, never the work log to regular users', async () => {
    const agentS = await stream(agent.token);
    const ownerS = await stream(owner.token);
    const otherS = await stream(other.token);
    const friendS = await stream(friend.token);

    const ticket = await newRecord(env, 'ticket', owner.token);
    const created = await agentS.next(isChange(ticket.id, 'record'));
    expect(created.data).toMatchObject({ op: 'insert', object_type: 'T', internal: false });
    expect(created.data).not.toHaveProperty('owner_id');
    await ownerS.next(isChange(ticket.id, 'record'));

    await share(env, ticket.id, friend.id);
    await post(`/api/ticket/${ticket.id}/worklog/`, agent.token, { body: 'Checked the VPN logs.' });
    const note = await agentS.next(isChange(ticket.id, 'message'));
    expect(note.data).toMatchObject({ internal: true, actor_id: agent.id });
    await post(`/api/ticket/${ticket.id}/communication/`, agent.token, {
      body: 'Fixed, please retry.',
    });
    const reply = (e: SseEvent) => isChange(ticket.id, 'message')(e) && e.data.internal === false;
    await agentS.next(reply);
    await ownerS.next(reply);
    await friendS.next(reply);
    for (const s of [ownerS, friendS]) {
      expect(s.events.filter((e) => e.data.internal === true)).toEqual([]);
    }

    // Oscar's own ticket reaches him; nothing of Olga's ticket came before it.
    const his = await newRecord(env, 'ticket', other.token);
    await otherS.next(isChange(his.id, 'record'));
    expect(otherS.events.filter((e) => e.data.record_id === ticket.id)).toEqual([]);
    // And Olga hears nothing of Oscar's ticket (her later event proves the order).
    await post(`/api/ticket/${ticket.id}/communication/`, owner.token, { body: 'Thanks!' });
    await ownerS.next((e) => isChange(ticket.id, 'message')(e) && e.data.actor_id === owner.id);
    expect(ownerS.events.filter((e) => e.data.record_id === his.id)).toEqual([]);
  });

  it("names the request's user on a change to a record's own row; nobody outside a request", async () => {
    const agentS = await stream(agent.token);
    const ticket = await newRecord(env, 'ticket', owner.token);
    await agentS.next(isChange(ticket.id, 'record'));
    const rowUpdate = (e: SseEvent) => isChange(ticket.id, 'record')(e) && e.data.op === 'update';

    // A reply updates its ticket's row too (search words, service levels): the replier's tabs
    // must be able to tell that change is their own.
    await post(`/api/ticket/${ticket.id}/communication/`, agent.token, { body: 'On it.' });
    await agentS.next((e) => rowUpdate(e) && e.data.actor_id === agent.id);

    // Outside a request (a job, psql) nobody is named, on the same pooled connections.
    const { rows } = await env.db.query<{ version: number }>(
      'UPDATE records SET version = version + 1 WHERE id = $1 RETURNING version',
      [ticket.id],
    );
    const outside = await agentS.next((e) => rowUpdate(e) && e.data.version === rows[0].version);
    expect(outside.data.actor_id).toBeNull();
    expect(outside.data.actor_tab).toBeNull();
  });

  it('names the tab a change came from, so the same user’s other tabs still follow it', async () => {
    const agentS = await stream(agent.token);
    const ticket = await newRecord(env, 'ticket', owner.token);
    const rowUpdate = (e: SseEvent) => isChange(ticket.id, 'record')(e) && e.data.op === 'update';
    await agentS.next((e) => isChange(ticket.id, 'record')(e) && e.data.op === 'insert');
    const reply = (tab: string) =>
      env.app.inject({
        method: 'POST',
        url: `/api/ticket/${ticket.id}/communication/`,
        headers: { authorization: `JWT ${agent.token}`, 'x-helpdesk-tab': tab },
        payload: { body: `From ${tab}` },
      });

    const before = agentS.events.length;
    expect((await reply('3f9c2a71b0d4e8a6')).statusCode).toBe(200);
    // The message names its author, and its row change the request's user; both the tab.
    const message = await agentS.next(isChange(ticket.id, 'message'), { from: before });
    expect(message.data).toMatchObject({ actor_id: agent.id, actor_tab: '3f9c2a71b0d4e8a6' });
    const row = await agentS.next(rowUpdate, { from: before });
    expect(row.data).toMatchObject({ actor_id: agent.id, actor_tab: '3f9c2a71b0d4e8a6' });

    // A malformed tab is left out, not an error: the change is then only the user's.
    const from = agentS.events.length;
    expect((await reply("x'; DROP TABLE records; --")).statusCode).toBe(200);
    const untabbed = await agentS.next(isChange(ticket.id, 'message'), { from });
    expect(untabbed.data).toMatchObject({ actor_id: agent.id, actor_tab: null });
  });

  it('names the tab for a bulk action, a follow and an upload too', async () => {
    const agentS = await stream(agent.token);
    const ticket = await newRecord(env, 'ticket', owner.token);
    const from = agentS.events.length;
    const headers = { authorization: `JWT ${agent.token}`, 'x-helpdesk-tab': 'bulk-tab_7' };
    const tabbed = (kind: string) =>
      agentS.next((e) => isChange(ticket.id, kind)(e) && e.data.actor_tab === 'bulk-tab_7', {
        from,
      });

    const bulk = await env.app.inject({
      method: 'POST',
      url: '/api/records/bulk',
      headers,
      payload: { object_type: 'T', action: 'priority', value: 3, records: [{ id: ticket.id }] },
    });
    expect(bulk.json().data.succeeded).toEqual([ticket.id]);
    expect((await tabbed('record')).data).toMatchObject({ op: 'update', actor_id: agent.id });

    const follow = await env.app.inject({
      method: 'PUT',
      url: `/api/ticket/${ticket.id}/follow/`,
      headers,
      payload: { following: true },
    });
    expect(follow.statusCode).toBe(200);
    await tabbed('follow');

    const file = multipart('files', 'log.txt', 'text/plain', 'printer log');
    const upload = await env.app.inject({
      method: 'POST',
      url: `/api/attachment/T/${ticket.id}`,
      headers: { ...headers, ...file.headers },
      payload: file.payload,
    });
    expect(upload.statusCode).toBe(200);
    await tabbed('attachment');
  });

  it('delivers an event raised through one API process to a stream on another', async () => {
    const poolB: Db = createPool(env.database.url);
    const appB = await buildApp({ config: env.config, db: poolB, logger: false });
    try {
      const baseB = await listen(appB);
      const onB = await stream(agent.token, baseB);
      const ticket = await newRecord(env, 'ticket', owner.token); // through app A
      await onB.next(isChange(ticket.id, 'record'));
    } finally {
      await appB.close();
      await poolB.end();
    }
  });

  it('listens again after the database ends the LISTEN connection', async () => {
    const s = await stream(agent.token);
    const { rows } = await env.db.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE application_name = 'helpdesk live events' AND datname = current_database()`,
    );
    expect(rows).toEqual([{ ok: true }]);
    const from = s.events.length;
    await s.next((e) => e.event === 'resync', { from });
    const ticket = await newRecord(env, 'ticket', owner.token);
    await s.next(isChange(ticket.id, 'record'), { from });
  });

  it('ends the stream of a session that logged out', async () => {
    const leaver = await person(env, 'Leo Leaver', true);
    const s = await stream(leaver.token);
    const res = await caller(env)('POST', '/api/logout', leaver.token);
    expect(res.statusCode).toBe(200);
    await s.ended;
  });

  it('closes its streams when the app closes', async () => {
    const poolC: Db = createPool(env.database.url);
    const appC = await buildApp({ config: env.config, db: poolC, logger: false });
    const baseC = await listen(appC);
    const s = await stream(agent.token, baseC);
    await appC.close();
    await s.ended;
    await poolC.end();
  });
});

describe('presence', () => {
  it('tells who is viewing and typing, only to those who may see the record, and expires', async () => {
    const ticket = await newRecord(env, 'ticket', owner.token);
    const aliceS = await stream(agent.token);
    const otherS = await stream(other.token);
    const url = `/api/records/${ticket.id}/presence`;
    const presence = (e: SseEvent) => e.event === 'presence' && e.data.record_id === ticket.id;
    const people = (list: unknown) => (list as Array<{ fullname: string }>).map((p) => p.fullname);

    await post(url, bob.token, { state: 'viewing' });
    const viewing = await aliceS.next(presence);
    expect(people(viewing.data.viewing)).toEqual(['Bob Agent']);
    expect(viewing.data.typing).toEqual([]);

    let from = aliceS.events.length;
    await post(url, bob.token, { state: 'typing' });
    const typing = await aliceS.next(presence, { from });
    expect(people(typing.data.typing)).toEqual(['Bob Agent']);

    // No re-send: gone after the TTL (1 s here).
    from = aliceS.events.length;
    const gone = await aliceS.next(presence, { from });
    expect(gone.data).toEqual({ record_id: ticket.id, viewing: [], typing: [] });

    // Oscar may not see Olga's ticket: none of it reached him (his own record's event proves order).
    const his = await newRecord(env, 'ticket', other.token);
    await otherS.next(isChange(his.id, 'record'));
    expect(otherS.events.filter(presence)).toEqual([]);
  });

  it('refuses records the caller may not see, and bad states', async () => {
    const ticket = await newRecord(env, 'ticket', owner.token);
    const call = caller(env);
    expect(
      (await call('POST', `/api/records/${ticket.id}/presence`, other.token, { state: 'viewing' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/records/${ticket.id}/presence`, owner.token, { state: 'dancing' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/records/${ticket.id}/presence`, undefined, { state: 'viewing' }))
        .statusCode,
    ).toBe(401);
  });
});
