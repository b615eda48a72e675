// Organizations (docs/api-working.md "Organizations"): agents manage them, administrators create
// and delete them; a member of an organization that shares its tickets reads, answers and
// follows its tickets (never the work log, never an edit) and nothing of another organization;
// a new ticket's company defaults to the requester's primary organization; an unknown sender at
// an organization's domain joins it; the live stream follows the same rule.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../helpers.js';
import { SUPPORT, newMessageId, startInboundEnv, type InboundEnv } from '../mail/inbound-env.js';
import { isChange, openStream, type SseStream } from '../live/sse-client.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';

let t: InboundEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;
const streams: SseStream[] = [];

const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
const WORKLOG_MARKER = 'ORG-WORKLOG-SECRET';

async function adminPerson(fullname: string): Promise<Person> {
  const u = await createUser(t.env, { fullname, hde: true, admin: true });
  return { id: u.id, token: await tokenFor(t.env, u.email, u.password), fullname, email: u.email };
}

/** Creates an organization as the administrator; answers its id. */
async function organization(body: object): Promise<number> {
  const res = await call('POST', '/api/organizations', admin.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.organization.id;
}

async function addMember(orgId: number, who: Person, body: object = {}) {
  const res = await call('PUT', `/api/organizations/${orgId}/members/${who.id}`, agent.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let acme: number;
let globex: number;

beforeAll(async () => {
  t = await startInboundEnv({ presenceTtlMs: 1000, liveHeartbeatMs: 1000 });
  call = caller(t.env);
  admin = await adminPerson('Ada Admin');
  agent = await person(t.env, 'Andy Agent', true);
  alice = await person(t.env, 'Alice Acme');
  bob = await person(t.env, 'Bob Acme');
  carol = await person(t.env, 'Carol Globex');
  dave = await person(t.env, 'Dave Nobody');
  acme = await organization({
    name: 'Acme Test',
    domains: ['acme.example'],
    members_see_tickets: true,
  });
  globex = await organization({ name: 'Globex Test', members_see_tickets: true });
  await addMember(acme, alice);
  await addMember(acme, bob);
  await addMember(globex, carol);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

describe('/api/organizations', () => {
  it('lets an administrator create and delete, and an agent list, read and edit', async () => {
    const created = await call('POST', '/api/organizations', admin.token, {
      name: '  Initrode Test ',
      domains: ['Initrode.example', 'initrode.example', 'mail.initrode.example'],
      notes: 'Key account',
      members_see_tickets: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const org = created.json().data;
    expect(org.organization).toMatchObject({
      name: 'Initrode Test',
      domains: ['initrode.example', 'mail.initrode.example'],
      notes: 'Key account',
      members_see_tickets: false,
      member_count: 0,
      open_ticket_count: 0,
    });
    expect(org.members).toEqual([]);
    const id = org.organization.id;

    const list = await call('GET', '/api/organizations', agent.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((o: { name: string }) => o.name)).toContain('Initrode Test');
    // The company lookup (seed spec: company/) lists it too.
    const companies = await call('GET', '/api/company/', alice.token);
    expect(companies.json().data).toContainEqual({ company_id: id, company_name: 'Initrode Test' });

    const edited = await call('PUT', `/api/organizations/${id}`, agent.token, {
      name: 'Initrode Test 2',
      domains: ['initrode.example'],
      members_see_tickets: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.organization).toMatchObject({
      name: 'Initrode Test 2',
      domains: ['initrode.example'],
      notes: '',
      members_see_tickets: true,
    });

    const withMember = await addMember(id, dave);
    expect(withMember.members).toEqual([
      { id: dave.id, fullname: dave.fullname, email: dave.email, is_primary: true },
    ]);
    const removed = await call(
      'DELETE',
      `/api/organizations/${id}/members/${dave.id}`,
      agent.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.members).toEqual([]);

    expect((await call('DELETE', `/api/organizations/${id}`, admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/organizations/${id}`, agent.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/organizations/${id}`, admin.token)).statusCode).toBe(404);
  });

  it('answers 400 with field messages', async () => {
    const res = await call('POST', '/api/organizations', admin.token, {
      name: ' ',
      domains: ['not a domain'],
      notes: 'x'.repeat(5001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Name must be 1 to 100 characters.',
      notes: 'Notes must be at most 5,000 characters.',
    });
    expect(Object.keys(res.json().fields).some((k) => k.startsWith('domains'))).toBe(true);
    const member = await call(
      'PUT',
      `/api/organizations/${acme}/members/${alice.id}`,
      agent.token,
      {
        is_primary: 'yes',
      },
    );
    expect(member.statusCode).toBe(400);
    expect(member.json().fields).toEqual({ is_primary: 'Primary must be true or false.' });
    expect((await call('GET', '/api/organizations/0', agent.token)).statusCode).toBe(400);
  });

  it('answers 403 to regular users, and to agents who are not administrators on create and delete', async () => {
    for (const [method, url] of [
      ['GET', '/api/organizations'],
      ['GET', `/api/organizations/${acme}`],
      ['PUT', `/api/organizations/${acme}`],
      ['PUT', `/api/organizations/${acme}/members/${alice.id}`],
      ['DELETE', `/api/organizations/${acme}/members/${alice.id}`],
      ['POST', '/api/organizations'],
      ['DELETE', `/api/organizations/${acme}`],
    ] as const) {
      const res = await call(method, url, alice.token, { name: 'Acme Test' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const create = await call('POST', '/api/organizations', agent.token, { name: 'Not mine' });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('Only administrators can do this.');
    expect((await call('DELETE', `/api/organizations/${acme}`, agent.token)).statusCode).toBe(403);
  });

  it('answers 404 for a missing organization, user or membership', async () => {
    const missing = 2147483000;
    expect((await call('GET', `/api/organizations/${missing}`, agent.token)).json()).toMatchObject({
      statusCode: 404,
      message: 'This organization does not exist.',
    });
    expect(
      (await call('PUT', `/api/organizations/${missing}`, agent.token, { name: 'X' })).statusCode,
    ).toBe(404);
    const noUser = await call('PUT', `/api/organizations/${acme}/members/999999999`, agent.token);
    expect(noUser.json()).toMatchObject({ statusCode: 404, message: 'This user does not exist.' });
    const notMember = await call(
      'DELETE',
      `/api/organizations/${acme}/members/${dave.id}`,
      agent.token,
    );
    expect(notMember.json()).toMatchObject({
      statusCode: 404,
      message: 'This user is not a member of this organization.',
    });
  });

  it('answers 409 for a domain or a name already taken, and for deleting an organization with tickets', async () => {
    const domain = await call('POST', '/api/organizations', admin.token, {
      name: 'Acme Rival',
      domains: ['ACME.example'],
    });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().fields).toEqual({
      domains: 'This domain belongs to another organization.',
    });
    // Nothing half-written: the rival does not exist.
    const names = (await call('GET', '/api/organizations', agent.token)).json().data;
    expect(names.map((o: { name: string }) => o.name)).not.toContain('Acme Rival');
    const name = await call('PUT', `/api/organizations/${globex}`, agent.token, {
      name: 'Acme Test',
    });
    expect(name.statusCode).toBe(409);
    expect(name.json().fields).toEqual({ name: 'An organization with this name already exists.' });

    const used = await organization({ name: 'Used Test' });
    await newRecord(t.env, 'ticket', agent.token, { company_id: used });
    const del = await call('DELETE', `/api/organizations/${used}`, admin.token);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('still has tickets');
  });

  it('keeps one primary organization per member', async () => {
    const other = await organization({ name: 'Second Home' });
    const added = await addMember(other, bob);
    expect(added.members[0]).toMatchObject({ id: bob.id, is_primary: false });
    const primary = await addMember(other, bob, { is_primary: true });
    expect(primary.members[0]).toMatchObject({ id: bob.id, is_primary: true });
    const acmeNow = (await call('GET', `/api/organizations/${acme}`, agent.token)).json().data;
    expect(acmeNow.members.find((m: { id: number }) => m.id === bob.id).is_primary).toBe(false);
    await addMember(acme, bob, { is_primary: true });
    await call('DELETE', `/api/organizations/${other}/members/${bob.id}`, agent.token);
  });
});

describe("a ticket's company", () => {
  it("defaults to the requester's primary organization unless given", async () => {
    const own = await newRecord(t.env, 'ticket', alice.token);
    const read = (await call('GET', `/api/ticket/${own.id}/`, alice.token)).json().data;
    expect(read).toMatchObject({ company_id: acme, company_name: 'Acme Test' });
    const given = await newRecord(t.env, 'ticket', alice.token, { company_id: 3 });
    expect(given).toMatchObject({ company_id: 3 });
    const none = await newRecord(t.env, 'ticket', dave.token);
    expect(none).toMatchObject({ company_id: null });
  });

  it('of a mail from an unknown sender at a member domain is that organization, which they join', async () => {
    const address = `zoe.${process.pid}@acme.example`;
    const messageId = newMessageId();
    await t.send({
      from: `Zoe <${address}>`,
      to: SUPPORT,
      subject: 'Mail in',
      text: 'Hi',
      messageId,
    });
    const row = await t.imported(messageId);
    expect(row.state).toBe('ticket');
    const ticket = await t.env.db.query<{ company_id: number }>(
      'SELECT company_id FROM records WHERE id = $1',
      [row.record_id],
    );
    expect(ticket.rows[0].company_id).toBe(acme);
    const org = (await call('GET', `/api/organizations/${acme}`, agent.token)).json().data;
    expect(org.members.map((m: { email: string }) => m.email)).toContain(address);
    expect(org.recent_tickets[0]).toMatchObject({ id: row.record_id, subject: 'Mail in' });
  });
});

describe("organization members and each other's tickets (BOLA)", () => {
  let bobs: number;
  let carols: number;

  beforeAll(async () => {
    bobs = (await newRecord(t.env, 'ticket', bob.token, { subject: 'Bob printer' })).id;
    carols = (await newRecord(t.env, 'ticket', carol.token, { subject: 'Carol secret' })).id;
    for (const id of [bobs, carols]) {
      await t.env.db.query(
        `INSERT INTO record_messages (record_id, thread, author_id, action, body)
         VALUES ($1, 'worklog', $2, 'entry', $3)`,
        [id, agent.id, `<p>${WORKLOG_MARKER}</p>`],
      );
    }
  });

  // Every record call on a colleague's ticket: Alice as a member (read, reply, follow: yes; work
  // log, edits, sharing, agent actions: no) and on another organization's ticket (404).
  const calls = (id: number) =>
    [
      ['GET', `/api/ticket/${id}/`, undefined, 200],
      ['PUT', `/api/ticket/${id}/`, { version: 1, subject: 'Edited' }, 403],
      ['GET', `/api/ticket/${id}/shared-with/`, undefined, 200],
      ['PUT', `/api/ticket/${id}/shared-with/`, { user_ids: [] }, 403],
      ['GET', `/api/ticket/${id}/classification/`, undefined, 200],
      ['PUT', `/api/ticket/${id}/classification/`, { category_ids: [14] }, 403],
      ['GET', `/api/ticket/${id}/related/`, undefined, 200],
      ['GET', `/api/ticket/${id}/history/`, undefined, 200],
      ['GET', `/api/attachment/T/${id}`, undefined, 200],
      ['GET', `/api/communication-from/?record_id=${id}`, undefined, 200],
      ['GET', `/api/ticket/${id}/communication/`, undefined, 200],
      ['POST', `/api/ticket/${id}/communication/`, { body: '<p>Same here.</p>' }, 200],
      ['GET', `/api/ticket/${id}/worklog/`, undefined, 403],
      ['POST', `/api/ticket/${id}/worklog/`, { body: '<p>Mine</p>' }, 403],
      ['GET', `/api/ticket/${id}/communication-log/`, undefined, 403],
      ['GET', `/api/ticket/${id}/follow/`, undefined, 200],
      ['PUT', `/api/ticket/${id}/follow/`, { following: true }, 200],
      ['PUT', `/api/ticket/${id}/assign/`, { assignee_id: agent.id, version: 1 }, 403],
      ['DELETE', `/api/ticket/${id}/`, undefined, 403],
      ['GET', `/api/ticket/${id}/details/`, undefined, 200],
    ] as const;

  it("lets a member read, answer and follow a colleague's ticket, never its work log or fields", async () => {
    const failures: string[] = [];
    for (const [method, url, payload, expected] of calls(bobs)) {
      const res = await call(method, url, alice.token, payload);
      if (res.statusCode !== expected) {
        failures.push(`${method} ${url}: expected ${expected}, got ${res.statusCode}`);
      }
      if (res.body.includes(WORKLOG_MARKER)) failures.push(`${method} ${url} leaked the work log`);
    }
    expect(failures).toEqual([]);
    const read = (await call('GET', `/api/ticket/${bobs}/`, alice.token)).json().data;
    expect(read).toMatchObject({ access: 'organization', following: true });
  });

  it("answers 404 to every call on another organization's ticket", async () => {
    const failures: string[] = [];
    for (const [method, url, payload] of calls(carols)) {
      const res = await call(method, url, alice.token, payload);
      if (res.statusCode !== 404) failures.push(`${method} ${url}: got ${res.statusCode}`);
      if (res.body.includes('Carol secret')) failures.push(`${method} ${url} named the ticket`);
    }
    expect(failures).toEqual([]);
    // Dave, in no organization, gets 404 for Bob's.
    expect((await call('GET', `/api/ticket/${bobs}/`, dave.token)).json().message).toBe(NOT_FOUND);
  });

  it("lists the organization's tickets in the member's list, and nothing of other organizations", async () => {
    const list = await call('POST', '/api/search/ticket/my', alice.token, {
      filters: { organization_tickets: true },
    });
    expect(list.statusCode).toBe(200);
    const titles = list.json().data.items.map((r: { subject: string }) => r.subject);
    expect(titles).toContain('Bob printer');
    expect(titles).not.toContain('Carol secret');
    const own = await call('POST', '/api/search/ticket/my', alice.token, {});
    expect(own.json().data.items.map((r: { subject: string }) => r.subject)).not.toContain(
      'Bob printer',
    );
    // A member of both organizations lists both; someone in none lists nothing.
    const frank = await person(t.env, 'Frank Both');
    await addMember(acme, frank);
    await addMember(globex, frank);
    const both = await call('POST', '/api/search/ticket/my', frank.token, {
      filters: { organization_tickets: true },
      sort: 'subject',
    });
    const bothTitles = both.json().data.items.map((r: { subject: string }) => r.subject);
    expect(bothTitles).toEqual(expect.arrayContaining(['Bob printer', 'Carol secret']));
    const none = await call('POST', '/api/search/ticket/my', dave.token, {
      filters: { organization_tickets: true },
    });
    expect(none.json().data).toMatchObject({ items: [], total: 0 });
    const bad = await call('POST', '/api/search/ticket/my', alice.token, {
      filters: { organization_tickets: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("lands a member's mail reply on a colleague's ticket, and another organization's member's on a new one", async () => {
    const reply = async (from: Person, subject: string) => {
      const messageId = newMessageId();
      await t.send({ from: from.email, to: SUPPORT, subject, text: 'Same here.', messageId });
      return t.imported(messageId);
    };
    expect(await reply(alice, `Re: [#${bobs}] Bob printer`)).toMatchObject({
      state: 'message',
      record_id: bobs,
    });
    const stranger = await reply(carol, `Re: [#${bobs}] Bob printer`);
    expect(stranger.state).toBe('ticket');
    expect(stranger.record_id).not.toBe(bobs);
  });

  it('stops sharing when the organization stops sharing or the member leaves', async () => {
    const org = await organization({ name: 'Hooli Test', members_see_tickets: false });
    await addMember(org, dave);
    const erin = await person(t.env, 'Erin Hooli');
    await addMember(org, erin);
    const hers = (await newRecord(t.env, 'ticket', erin.token)).id;
    expect((await call('GET', `/api/ticket/${hers}/`, dave.token)).statusCode).toBe(404);
    await call('PUT', `/api/organizations/${org}`, agent.token, {
      name: 'Hooli Test',
      members_see_tickets: true,
    });
    expect((await call('GET', `/api/ticket/${hers}/`, dave.token)).statusCode).toBe(200);
    await call('DELETE', `/api/organizations/${org}/members/${dave.id}`, agent.token);
    expect((await call('GET', `/api/ticket/${hers}/`, dave.token)).statusCode).toBe(404);
  });

  it("streams a colleague's ticket's events to a member, never another organization's nor the work log", async () => {
    await t.env.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.env.app.server.address() as AddressInfo).port}`;
    const aliceS = await openStream(base, alice.token);
    streams.push(aliceS);
    await aliceS.next((e) => e.event === 'ready');
    const carolsNew = await newRecord(t.env, 'ticket', carol.token, { subject: 'Carol again' });
    await call('POST', `/api/ticket/${bobs}/worklog/`, agent.token, { body: '<p>Internal</p>' });
    const bobsNew = await newRecord(t.env, 'ticket', bob.token, { subject: 'Bob again' });
    await aliceS.next(isChange(bobsNew.id, 'record'));
    // Events leave in order: Carol's ticket and the work log came before and never arrived.
    expect(aliceS.events.filter((e) => e.data.record_id === carolsNew.id)).toEqual([]);
    expect(aliceS.events.filter((e) => e.data.internal === true)).toEqual([]);
  });

  it('counts open tickets up to the lists\' cap and says so beyond it ("10000+")', async () => {
    const big = await organization({ name: 'Umbrella Test' });
    const open = await t.env.db.query<{ id: number }>(
      `SELECT id FROM statuses WHERE object_type = 'T' AND NOT is_closed ORDER BY id LIMIT 1`,
    );
    const insert = (n: number) =>
      t.env.db.query(
        `INSERT INTO records (object_type, title, owner_id, hd_id, status_id, priority_id, company_id)
         SELECT 'T', 'Bulk ' || g, $1, 1, $2, 2, $3 FROM generate_series(1, $4::int) g`,
        [alice.id, open.rows[0].id, big, n],
      );
    const counted = async () => {
      const res = await call('GET', '/api/organizations', agent.token);
      return res.json().data.find((o: { id: number }) => o.id === big);
    };
    await insert(10000);
    expect(await counted()).toMatchObject({
      open_ticket_count: 10000,
      open_ticket_count_is_capped: false,
    });
    await insert(5);
    expect(await counted()).toMatchObject({
      open_ticket_count: 10000,
      open_ticket_count_is_capped: true,
    });
    const one = await call('GET', `/api/organizations/${big}`, agent.token);
    expect(one.json().data.organization).toMatchObject({ open_ticket_count_is_capped: true });
    await t.env.db.query('DELETE FROM records WHERE company_id = $1', [big]);
  });

  it('keeps every change in admin_events: who did what to which organization', async () => {
    const id = await organization({ name: 'Audit Test' });
    await call('PUT', `/api/organizations/${id}`, agent.token, {
      name: 'Audit Test 2',
      members_see_tickets: true,
    });
    await addMember(id, dave, { is_primary: false });
    await call('DELETE', `/api/organizations/${id}/members/${dave.id}`, agent.token);
    const gone = await call('DELETE', `/api/organizations/${id}`, admin.token);
    expect(gone.statusCode, gone.body).toBe(200);
    const { rows } = await t.env.db.query<{ action: string; actor_id: string; details: object }>(
      `SELECT action, actor_id, details FROM admin_events
        WHERE target_type = 'organization' AND target_id = $1 ORDER BY id`,
      [id],
    );
    expect(rows.map((r) => [r.action, Number(r.actor_id)])).toEqual([
      ['organization_created', admin.id],
      ['organization_updated', agent.id],
      ['organization_member_set', agent.id],
      ['organization_member_removed', agent.id],
      ['organization_deleted', admin.id],
    ]);
    expect(rows[1].details).toMatchObject({ name: 'Audit Test 2', members_see_tickets: true });
    expect(rows[2].details).toEqual({ user_id: dave.id, is_primary: false });
  });
});
