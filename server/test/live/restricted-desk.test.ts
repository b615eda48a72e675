// Live events respect restricted help desks (docs/api-admin.md): a desk's records reach its
// member agents and their requester, never an agent who is not a member. "Never received" is
// shown by order: a later event reached the outsider, so the earlier one never will.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { newRecord, person, type Person } from '../work-helpers.js';
import { isChange, openStream, type SseStream } from './sse-client.js';

const HR = 4;
let env: TestEnv;
let base: string;
let member: Person;
let outsider: Person;
let owner: Person;
const streams: SseStream[] = [];

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
  member = await person(env, 'Member Live', true);
  outsider = await person(env, 'Outsider Live', true);
  owner = await person(env, 'Owner Live');
  await env.db.query('UPDATE helpdesks SET restricted = true WHERE id = $1', [HR]);
  await env.db.query('INSERT INTO helpdesk_members (helpdesk_id, user_id) VALUES ($1, $2)', [
    HR,
    member.id,
  ]);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await env.close();
});

describe('live events of a restricted desk', () => {
  it('reach its members and the requester, not an agent who is not a member', async () => {
    const memberS = await stream(member.token);
    const outsiderS = await stream(outsider.token);
    const ownerS = await stream(owner.token);

    const secret = await newRecord(env, 'ticket', owner.token, { hd_id: HR });
    await memberS.next(isChange(secret.id, 'record'));
    await ownerS.next(isChange(secret.id, 'record'));

    const open = await newRecord(env, 'ticket', owner.token, { hd_id: 1 });
    await outsiderS.next(isChange(open.id, 'record'));
    expect(outsiderS.events.filter((e) => e.data.record_id === secret.id)).toEqual([]);
  });
});
