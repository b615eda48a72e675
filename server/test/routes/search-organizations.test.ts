// Search over an organization's tickets (docs/api-working.md "Organizations"): a member of an
// organization whose members see each other's tickets finds a colleague's ticket; a member of
// another organization, of one that does not share, or of none never does (BOLA), and the
// sharing ends when the member leaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newTicket, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let alice: Person;
let bob: Person;
let carol: Person;
let erin: Person;
let dave: Person;
let acme: number;

async function organization(body: object): Promise<number> {
  const res = await call('POST', '/api/organizations', admin.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.organization.id;
}

async function join(orgId: number, who: Person) {
  const res = await call('PUT', `/api/organizations/${orgId}/members/${who.id}`, agent.token, {});
  expect(res.statusCode, res.body).toBe(200);
}

async function found(who: Person, q: string): Promise<{ id: number; access: string }[]> {
  const res = await call('POST', '/api/search/query', who.token, { q, type: 'T' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: number; access: string }[]).map((i) => ({
    id: i.id,
    access: i.access,
  }));
}

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  admin = await person(env, 'Admin Orgsearch', true, true);
  agent = await person(env, 'Agent Orgsearch', true);
  alice = await person(env, 'Alice Orgsearch');
  bob = await person(env, 'Bob Orgsearch');
  carol = await person(env, 'Carol Orgsearch');
  erin = await person(env, 'Erin Orgsearch');
  dave = await person(env, 'Dave Orgsearch');
  acme = await organization({ name: 'Acme Search', members_see_tickets: true });
  const globex = await organization({ name: 'Globex Search', members_see_tickets: true });
  const initech = await organization({ name: 'Initech Search', members_see_tickets: false });
  await join(acme, alice);
  await join(acme, bob);
  await join(globex, carol);
  await join(initech, erin);
});
afterAll(() => env?.close());

describe("search over an organization's tickets", () => {
  it("finds a colleague's ticket for a member, never for another organization's member", async () => {
    const mine = await newTicket(env, alice.token, { subject: 'Hyperdrive calibration' });
    const theirs = await newTicket(env, bob.token, { subject: 'Hyperdrive coolant leak' });
    const globexTicket = await newTicket(env, carol.token, { subject: 'Hyperdrive at Globex' });
    const initechTicket = await newTicket(env, erin.token, { subject: 'Hyperdrive at Initech' });
    const own = await newTicket(env, dave.token, { subject: 'Hyperdrive for nobody' });

    expect(await found(alice, 'hyperdrive')).toEqual([
      { id: theirs.id, access: 'organization' },
      { id: mine.id, access: 'owner' },
    ]);
    expect((await found(bob, 'hyperdr')).map((h) => h.id)).toEqual([theirs.id, mine.id]);
    // Another organization's members, a member of one that does not share, and a user of none.
    expect((await found(carol, 'hyperdrive')).map((h) => h.id)).toEqual([globexTicket.id]);
    expect((await found(erin, 'hyperdrive')).map((h) => h.id)).toEqual([initechTicket.id]);
    expect((await found(dave, 'hyperdrive')).map((h) => h.id)).toEqual([own.id]);
    // Each ticket is found once, also when it is shared with the member as well.
    await env.db.query('INSERT INTO record_shares (record_id, user_id) VALUES ($1, $2)', [
      theirs.id,
      alice.id,
    ]);
    expect(await found(alice, 'hyperdrive')).toEqual([
      { id: theirs.id, access: 'shared' },
      { id: mine.id, access: 'owner' },
    ]);
    const counted = await call('POST', '/api/search/query', alice.token, {
      q: 'hyperdrive',
      type: 'T',
    });
    expect(counted.json().data.total).toBe(2);
  });

  it('stops when the member leaves the organization', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Flux capacitor' });
    expect((await found(bob, 'flux')).map((h) => h.id)).toEqual([t.id]);
    const left = await call('DELETE', `/api/organizations/${acme}/members/${bob.id}`, agent.token);
    expect(left.statusCode, left.body).toBe(200);
    expect(await found(bob, 'flux')).toEqual([]);
  });
});
