// The live hub's "some desk is restricted" flag (server/live/hub.ts, migration 036's trigger):
// with no restricted desk a record's events reach every agent without a desk query; once a desk
// is restricted (through the admin call) its events reach its members only, and once it is open
// again (here by a plain UPDATE: the trigger hears every path) every agent again. "Never
// received" is shown by order: a later event reached the outsider, so the earlier one never will.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';
import { isChange, openStream, type SseStream } from './sse-client.js';

const HR = 4;
let env: TestEnv;
let base: string;
let admin: Person;
let member: Person;
let outsider: Person;
let owner: Person;
const streams: SseStream[] = [];
/** The hub's desk queries (its one statement over the connected agents), by record id. */
const deskQueries = new Map<number, number>();
const deskQueriesFor = (id: number) => deskQueries.get(id) ?? 0;

async function stream(token: string): Promise<SseStream> {
  const s = await openStream(base, token);
  streams.push(s);
  await s.next((e) => e.event === 'ready');
  return s;
}

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  admin = await person(env, 'Admin Deskflag', true, true);
  member = await person(env, 'Member Deskflag', true);
  outsider = await person(env, 'Outsider Deskflag', true);
  owner = await person(env, 'Owner Deskflag');
  const query = env.db.query.bind(env.db) as (...args: unknown[]) => unknown;
  vi.spyOn(env.db, 'query').mockImplementation(((...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : '';
    if (text.includes('AS a(user_id)') && Array.isArray(args[1])) {
      const id = Number(args[1][0]);
      deskQueries.set(id, deskQueriesFor(id) + 1);
    }
    return query(...args);
  }) as typeof env.db.query);
});

afterAll(async () => {
  vi.restoreAllMocks();
  for (const s of streams) s.close();
  await env.close();
});

describe("the live hub's desk-access flag", () => {
  it('sends to every agent without a desk query, then follows a desk restricted and opened again', async () => {
    const memberS = await stream(member.token);
    const outsiderS = await stream(outsider.token);

    // No desk restricted: both agents hear of an HR ticket, and no desk query ran for it.
    const before = await newRecord(env, 'ticket', owner.token, { hd_id: HR });
    await memberS.next(isChange(before.id, 'record'));
    await outsiderS.next(isChange(before.id, 'record'));
    expect(deskQueriesFor(before.id)).toBe(0);

    // Restricted to its member: the member hears of the next HR ticket, the outsider does not.
    const restricted = await caller(env)('PUT', `/api/admin/helpdesks/${HR}/`, admin.token, {
      restricted: true,
      member_ids: [member.id],
    });
    expect(restricted.statusCode, restricted.body).toBe(200);
    const secret = await newRecord(env, 'ticket', owner.token, { hd_id: HR });
    await memberS.next(isChange(secret.id, 'record'));
    const open = await newRecord(env, 'ticket', owner.token, { hd_id: 1 });
    await outsiderS.next(isChange(open.id, 'record'));
    expect(outsiderS.events.filter((e) => e.data.record_id === secret.id)).toEqual([]);
    expect(deskQueriesFor(secret.id)).toBeGreaterThan(0);

    // Open again by a plain UPDATE: both hear of the next HR ticket, without a desk query.
    await env.db.query('UPDATE helpdesks SET restricted = false WHERE id = $1', [HR]);
    const after = await newRecord(env, 'ticket', owner.token, { hd_id: HR });
    await memberS.next(isChange(after.id, 'record'));
    await outsiderS.next(isChange(after.id, 'record'));
    expect(deskQueriesFor(after.id)).toBe(0);
  });
});
