// An organization's member changes announce themselves to the people whose sight changed
// (docs/api-working.md "Organizations"): joining or leaving an organization that shares its
// tickets, or its sharing switched, sends that member "many records changed, reload" (the
// stream's `count` event), and nobody else. "Never received" is shown by order: a later event
// reached the other stream, so the earlier one never will.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';
import { isChange, openStream, type SseEvent, type SseStream } from './sse-client.js';

let env: TestEnv;
let base: string;
let admin: Person;
let agent: Person;
let alice: Person;
let bob: Person;
const streams: SseStream[] = [];

async function stream(token: string): Promise<SseStream> {
  const s = await openStream(base, token);
  streams.push(s);
  await s.next((e) => e.event === 'ready');
  return s;
}

const isReload = (e: SseEvent) => e.event === 'change' && 'count' in e.data;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  admin = await person(env, 'Admin Sight', true, true);
  agent = await person(env, 'Agent Sight', true);
  alice = await person(env, 'Alice Sight');
  bob = await person(env, 'Bob Sight');
});

afterAll(async () => {
  for (const s of streams) s.close();
  await env.close();
});

describe("an organization's members", () => {
  it('hear "reload" when they join or leave a sharing organization, or its sharing switches', async () => {
    const call = caller(env);
    const created = await call('POST', '/api/organizations', admin.token, {
      name: 'Sight Test',
      members_see_tickets: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const org = created.json().data.organization.id as number;
    const aliceS = await stream(alice.token);
    const bobS = await stream(bob.token);
    const agentS = await stream(agent.token);

    const joined = await call('PUT', `/api/organizations/${org}/members/${alice.id}`, agent.token);
    expect(joined.statusCode, joined.body).toBe(200);
    const reload = await aliceS.next(isReload);
    expect(reload.data).toEqual({ kind: 'record', op: 'update', count: 0 });

    const off = await call('PUT', `/api/organizations/${org}`, agent.token, {
      name: 'Sight Test',
      members_see_tickets: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await aliceS.next(isReload, { from: aliceS.events.indexOf(reload) + 1 });

    // Leaving an organization that does not share changes nothing: no event.
    const left = await call('DELETE', `/api/organizations/${org}/members/${alice.id}`, agent.token);
    expect(left.statusCode, left.body).toBe(200);
    const own = await newRecord(env, 'ticket', alice.token);
    await aliceS.next(isChange(own.id, 'record'));
    expect(aliceS.events.filter(isReload)).toHaveLength(2);

    // Bob and the agent, whose sight never changed, heard none of it.
    const bobs = await newRecord(env, 'ticket', bob.token);
    await bobS.next(isChange(bobs.id, 'record'));
    await agentS.next(isChange(bobs.id, 'record'));
    expect(bobS.events.filter(isReload)).toEqual([]);
    expect(agentS.events.filter(isReload)).toEqual([]);
  });
});
