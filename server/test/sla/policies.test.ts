// SLA policy maintenance: agents only, validation with field messages, stale edits, the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, person, type Person } from '../work-helpers.js';
import { policyInput, startSlaEnv, type SlaEnv } from './sla-env.js';

let env: SlaEnv;
let agent: Person;
let user: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  env = await startSlaEnv(new Date('2026-03-09T09:00:00Z'));
  call = caller(env);
  agent = await person(env, 'Agent Policy', true, true);
  user = await person(env, 'Regular Policy');
});
afterAll(() => env.close());

describe('who may maintain policies', () => {
  it('401 without a session, 403 for a regular user on every call', async () => {
    expect((await call('GET', '/api/sla/policies/')).statusCode).toBe(401);
    for (const [method, url, body] of [
      ['GET', '/api/sla/policies/', undefined],
      ['POST', '/api/sla/policies/', policyInput()],
      ['GET', '/api/sla/policies/1/', undefined],
      ['PUT', '/api/sla/policies/1/', { ...policyInput(), version: 1 }],
      ['DELETE', '/api/sla/policies/1/', undefined],
      ['PUT', '/api/sla/policies/order/', { ids: [1] }],
    ] as const) {
      const res = await call(method, url, user.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      // Reading is every agent's; writing is the administrators' (docs/api-admin.md).
      expect(res.json().message).toBe(
        method === 'GET'
          ? 'Only helpdesk agents can maintain service levels.'
          : 'Only administrators can do this.',
      );
    }
  });
});

describe('creating, reading, editing, deleting', () => {
  it('an agent creates a policy and reads it back, last in the order', async () => {
    const res = await call('POST', '/api/sla/policies/', agent.token, policyInput());
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'High priority',
      hd_ids: null,
      priority_ids: [3],
      company_ids: null,
      first_response_minutes: 60,
      time_zone: 'Europe/Madrid',
      version: 1,
    });
    expect(p.hours[1]).toEqual({ start: '09:00', end: '17:00' });
    const second = await call(
      'POST',
      '/api/sla/policies/',
      agent.token,
      policyInput({ name: 'Everything else', priority_ids: null, holidays: ['2026-12-25'] }),
    );
    expect(second.json().data.sort_order).toBeGreaterThan(p.sort_order);
    expect(second.json().data.holidays).toEqual(['2026-12-25']);
    const one = await call('GET', `/api/sla/policies/${p.id}/`, agent.token);
    expect(one.json().data.name).toBe('High priority');
  });

  it('answers 400 with a message per field', async () => {
    const res = await call('POST', '/api/sla/policies/', agent.token, {
      name: '',
      first_response_minutes: 0,
      time_zone: 'Europe/Madrid',
      hours: [null],
      holidays: ['not a date'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Name must be 1 to 100 characters.',
      first_response_minutes: 'A target is a whole number of minutes from 1 to 525,600, or empty.',
      hours: 'Give the hours of each of the 7 weekdays (Sunday first) as HH:MM, or none.',
      'holidays.0': 'Holidays must be dates (YYYY-MM-DD).',
    });
  });

  it('checks what the schema cannot: time zone, hours order, some hours, a target, ids', async () => {
    const hours = policyInput().hours.map(() => null);
    const bad = await call('POST', '/api/sla/policies/', agent.token, {
      ...policyInput({
        time_zone: 'Mars/Olympus',
        hours,
        first_response_minutes: null,
        next_response_minutes: null,
        resolution_minutes: null,
        hd_ids: [5],
        company_ids: [99999],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      time_zone: 'Choose a time zone.',
      hours: 'At least one weekday needs working hours.',
      first_response_minutes: 'Set at least one target.',
      hd_ids: 'Choose ticket help desks (or none for any).',
      company_ids: 'Choose companies (or none for any).',
    });
    const reversed = policyInput().hours.map((h) => (h ? { start: '17:00', end: '09:00' } : h));
    const res = await call(
      'POST',
      '/api/sla/policies/',
      agent.token,
      policyInput({ hours: reversed }),
    );
    expect(res.json().fields['hours.1.end']).toBe('The end must be after the start.');
  });

  it('edits at the current version; a stale version gets 409 with the current policy', async () => {
    const p = (
      await call('POST', '/api/sla/policies/', agent.token, policyInput({ name: 'Edit me' }))
    ).json().data;
    const ok = await call('PUT', `/api/sla/policies/${p.id}/`, agent.token, {
      ...policyInput({ name: 'Edited', first_response_minutes: 30 }),
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'Edited',
      first_response_minutes: 30,
      version: 2,
    });
    const stale = await call('PUT', `/api/sla/policies/${p.id}/`, agent.token, {
      ...policyInput({ name: 'Late' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Edited', version: 2 });
  });

  it('deletes; a missing policy is 404', async () => {
    const p = (
      await call('POST', '/api/sla/policies/', agent.token, policyInput({ name: 'Gone' }))
    ).json().data;
    expect((await call('DELETE', `/api/sla/policies/${p.id}/`, agent.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/sla/policies/${p.id}/`, agent.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/sla/policies/${p.id}/`, agent.token)).statusCode).toBe(404);
    const put = await call('PUT', `/api/sla/policies/${p.id}/`, agent.token, {
      ...policyInput(),
      version: 1,
    });
    expect(put.statusCode).toBe(404);
  });

  it('every change queues the recompute of the open tickets', async () => {
    const { rows } = await env.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sla.recompute'`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(5);
  });
});

describe('the order', () => {
  it('sets the order from the full list of ids; anything else is 400', async () => {
    const list = (await call('GET', '/api/sla/policies/', agent.token)).json().data as {
      id: number;
    }[];
    const reversed = list.map((p) => p.id).reverse();
    const res = await call('PUT', '/api/sla/policies/order/', agent.token, { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual(reversed);
    const again = (await call('GET', '/api/sla/policies/', agent.token)).json().data;
    expect(again.map((p: { id: number }) => p.id)).toEqual(reversed);

    const missing = await call('PUT', '/api/sla/policies/order/', agent.token, {
      ids: reversed.slice(1),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ ids: 'Give every policy id once, in the new order.' });
    const twice = await call('PUT', '/api/sla/policies/order/', agent.token, {
      ids: [reversed[0], reversed[0]],
    });
    expect(twice.statusCode).toBe(400);
  });
});
