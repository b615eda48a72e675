// A merge and a split are announced on the live stream like any change (migration 013's
// triggers): the sources, the target and the new ticket, to the agents and to each requester.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';
import { isChange, openStream, type SseEvent, type SseStream } from './sse-client.js';

let env: TestEnv;
let base: string;
let agent: Person;
let owner: Person;
const streams: SseStream[] = [];

async function stream(token: string): Promise<SseStream> {
  const s = await openStream(base, token);
  streams.push(s);
  await s.next((e) => e.event === 'ready');
  return s;
}

const historyEvent = (recordId: number, type: string) => (e: SseEvent) =>
  isChange(recordId, 'event')(e) && e.data.type === type;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  agent = await person(env, 'Live Merge Agent', true);
  owner = await person(env, 'Live Merge Owner');
});

afterAll(async () => {
  for (const s of streams) s.close();
  await env.close();
});

describe('merge and split on the live stream', () => {
  it('announces the merged source, the target and the split ticket', async () => {
    const agentS = await stream(agent.token);
    const ownerS = await stream(owner.token);
    const target = await newRecord(env, 'ticket', owner.token, { subject: 'Live target' });
    const source = await newRecord(env, 'ticket', owner.token, { subject: 'Live source' });
    const call = caller(env);
    const reply = await call('POST', `/api/ticket/${source.id}/communication/`, owner.token, {
      body: '<p>Moved along.</p>',
    });
    expect(reply.statusCode).toBe(200);

    const merged = await call('POST', `/api/ticket/${target.id}/merge/`, agent.token, {
      source_ids: [source.id],
    });
    expect(merged.statusCode).toBe(200);
    for (const s of [agentS, ownerS]) {
      await s.next(historyEvent(target.id, 'merged'));
      await s.next(historyEvent(source.id, 'merged_into'));
      // The source's own row: closed, by the agent.
      await s.next(
        (e) =>
          isChange(source.id, 'record')(e) &&
          e.data.op === 'update' &&
          e.data.actor_id === agent.id,
      );
    }

    const split = await call('POST', `/api/ticket/${target.id}/split/`, agent.token, {
      message_id: reply.json().data.id,
    });
    expect(split.statusCode).toBe(200);
    const made = split.json().data.id as number;
    await agentS.next(historyEvent(made, 'split_from'));
    await ownerS.next(historyEvent(target.id, 'split_out'));
  });
});
