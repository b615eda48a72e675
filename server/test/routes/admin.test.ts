// Roles and desk access (docs/api-admin.md): the administrators' calls (success, 400, 403 for a
// non-admin, 404, 409), and the restricted desk's BOLA: a non-member agent gets 404 for its
// records and finds them in no list, search, count, dashboard, chart or mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drainJobs,
  login,
  mailTo,
  parsedMailsTo,
  startTestEnv,
  tokenFromLink,
  type TestEnv,
} from '../helpers.js';
import { caller, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let member: Person;
let outsider: Person;
let requester: Person;
const HR = 4;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  admin = await person(env, 'Admin Roles', true, true);
  member = await person(env, 'Member Agent', true);
  outsider = await person(env, 'Outsider Agent', true);
  requester = await person(env, 'Requester Roles');
});
afterAll(() => env.close());

const restrictHr = (memberIds: number[]) =>
  call('PUT', `/api/admin/helpdesks/${HR}/`, admin.token, {
    restricted: true,
    member_ids: memberIds,
  });

describe('admin calls', () => {
  it('answer 403 to a non-admin agent and 401 without a session', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/helpdesks/', undefined],
      ['PUT', `/api/admin/helpdesks/${HR}/`, { restricted: false, member_ids: [] }],
      ['GET', '/api/admin/users/', undefined],
      ['POST', '/api/admin/users/', { fullname: 'X', email: 'x@example.com', role: 'user' }],
      ['PUT', `/api/admin/users/${member.id}/`, { user_is_admin: true }],
      ['POST', '/api/sla/policies/', {}],
      ['GET', '/api/mail-channel/', undefined],
      ['POST', '/api/macros', {}],
      ['POST', '/api/classification/', { category_name: 'Nope' }],
    ] as const) {
      const res = await call(method, url, outsider.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Only administrators can do this.');
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
  });

  it('lists the desks and restricts one to its members, with 400 and 404 for bad input', async () => {
    const list = await call('GET', '/api/admin/helpdesks/', admin.token);
    expect(list.statusCode).toBe(200);
    const hr = list.json().data.items.find((d: { id: number }) => d.id === HR);
    expect(hr).toMatchObject({ name: 'HR', object_type: 'T', restricted: false, members: [] });

    const bad = await restrictHr([requester.id]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.member_ids).toBe('Choose active helpdesk agents as members.');
    const empty = await restrictHr([]);
    expect(empty.json().fields.member_ids).toBe(
      'A restricted help desk needs at least one member.',
    );
    const missing = await call('PUT', '/api/admin/helpdesks/999/', admin.token, {
      restricted: false,
      member_ids: [],
    });
    expect(missing.statusCode).toBe(404);

    const done = await restrictHr([member.id]);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      restricted: true,
      members: [{ id: member.id, fullname: 'Member Agent' }],
    });
    const audit = await env.db.query(
      `SELECT action FROM admin_events WHERE target_type = 'helpdesk' AND target_id = $1`,
      [HR],
    );
    expect(audit.rows.map((r) => r.action)).toContain('helpdesk_access_changed');
  });

  it('invites a user with a mailed link in their language that sets a password', async () => {
    const email = `invitee-${Date.now()}@example.com`;
    const res = await call('POST', '/api/admin/users/', admin.token, {
      fullname: 'Invited Agent',
      email,
      role: 'agent',
      language: 'es',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      fullname: 'Invited Agent',
      user_is_hde: true,
      user_is_admin: false,
      confirmed: false,
      active: true,
    });
    const mail = await mailTo(env, email);
    expect(mail.raw).toContain('Elegir mi contrase'); // (the raw mail's UTF-8 stays bytes)
    const reset = await call('POST', '/api/reset-password/', undefined, {
      token: tokenFromLink(mail.link),
      password: 'a fine new password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(env, email, 'a fine new password')).statusCode).toBe(200);

    const again = await call('POST', '/api/admin/users/', admin.token, {
      fullname: 'Twice',
      email: email.toUpperCase(),
      role: 'user',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.email).toBe('An account with this email address already exists.');
    const badRole = await call('POST', '/api/admin/users/', admin.token, {
      fullname: 'Bad',
      email: 'bad-role@example.com',
      role: 'owner',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().fields.role).toBe('Role must be user, agent or admin.');
  });

  it('makes and removes admins, never the caller themselves, and 404s an unknown user', async () => {
    const other = await person(env, 'Promoted', false);
    const made = await call('PUT', `/api/admin/users/${other.id}/`, admin.token, {
      user_is_admin: true,
    });
    expect(made.json().data).toMatchObject({ user_is_admin: true, user_is_hde: true });
    // Their running session sees the new role at once.
    const me = await call('GET', '/api/user/me', other.token);
    expect(me.json().data.user_is_admin).toBe(true);
    const removed = await call('PUT', `/api/admin/users/${other.id}/`, admin.token, {
      user_is_hde: false,
    });
    expect(removed.json().data).toMatchObject({ user_is_admin: false, user_is_hde: false });

    const self = await call('PUT', `/api/admin/users/${admin.id}/`, admin.token, {
      user_is_admin: false,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot remove your own administrator role.');
    const selfOff = await call('PUT', `/api/admin/users/${admin.id}/`, admin.token, {
      active: false,
    });
    expect(selfOff.statusCode).toBe(409);
    expect(selfOff.json().message).toBe('You cannot deactivate your own account.');
    const none = await call('PUT', '/api/admin/users/999999/', admin.token, { active: false });
    expect(none.statusCode).toBe(404);
    const bad = await call('PUT', `/api/admin/users/${other.id}/`, admin.token, { active: 'no' });
    expect(bad.statusCode).toBe(400);
  });

  it('deactivates a user: their sessions end at once and they cannot sign in until reactivated', async () => {
    const u = await person(env, 'Leaving User');
    const users = await call('GET', '/api/admin/users/?text=leaving', admin.token);
    expect(users.json().data.items).toEqual([
      expect.objectContaining({ id: u.id, active: true, user_is_admin: false }),
    ]);
    const off = await call('PUT', `/api/admin/users/${u.id}/`, admin.token, { active: false });
    expect(off.json().data.active).toBe(false);
    expect((await call('GET', '/api/user/me', u.token)).statusCode).toBe(401);
    const { email } = (await env.db.query('SELECT email FROM users WHERE id = $1', [u.id])).rows[0];
    const refused = await login(env, email, 'correct horse battery');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account has been deactivated. Ask an administrator to reactivate it.',
    );
    // A wrong password still answers as for anyone: the state is not told to strangers.
    expect((await login(env, email, 'wrong password!')).statusCode).toBe(401);
    await call('PUT', `/api/admin/users/${u.id}/`, admin.token, { active: true });
    expect((await login(env, email, 'correct horse battery')).statusCode).toBe(200);
  });
});

describe('a restricted desk', () => {
  let ticket: number;
  beforeAll(async () => {
    await restrictHr([member.id]);
    const res = await call('POST', '/api/ticket/', requester.token, {
      subject: 'Payroll secret zebra',
      description: '<p>About my salary.</p>',
      priority_id: 2,
      hd_id: HR,
    });
    expect(res.statusCode).toBe(200);
    ticket = res.json().data.id;
    // The outsider follows nothing, the member follows it: only the member hears of a reply.
    await call('PUT', `/api/ticket/${ticket}/follow/`, member.token, { following: true });
  });

  it('is a 404 for a non-member agent on the record calls, and open to its member', async () => {
    expect((await call('GET', `/api/ticket/${ticket}/`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/ticket/${ticket}/details/`, outsider.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/ticket/${ticket}/`, member.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/ticket/${ticket}/`, requester.token)).statusCode).toBe(200);
  });

  it('is absent from a non-member agent’s list, search, counts and dashboard', async () => {
    const list = (token: string, filters: object = {}) =>
      call('POST', '/api/search/ticket/hd', token, { page_size: 100, filters });
    const ids = async (token: string) =>
      (await list(token)).json().data.items.map((r: { id: number }) => r.id);
    expect(await ids(outsider.token)).not.toContain(ticket);
    expect(await ids(member.token)).toContain(ticket);
    const search = async (token: string) =>
      (await call('POST', '/api/search/query', token, { q: 'zebra', type: 'T' })).json().data;
    expect(JSON.stringify(await search(outsider.token))).not.toContain('zebra');
    expect(JSON.stringify(await search(member.token))).toContain('zebra');
    const count = async (token: string) => (await list(token, { hd_id: HR })).json().data.total;
    expect(await count(outsider.token)).toBe(0);
    expect(await count(member.token)).toBe(1);
    const dashboard = (await call('GET', '/api/dashboard/', outsider.token)).json().data;
    expect(JSON.stringify(dashboard)).not.toContain('"hd_name":"HR"');
  });

  it('refuses to move a record into it or assign it to a non-member', async () => {
    const other = await call('POST', '/api/ticket/', requester.token, {
      subject: 'Open desk',
      description: '<p>x</p>',
      priority_id: 2,
    });
    const t = other.json().data;
    const move = await call('PUT', `/api/ticket/${t.id}/`, outsider.token, {
      hd_id: HR,
      version: t.version,
    });
    expect(move.statusCode).toBe(400);
    expect(move.json().fields.hd_id).toBe(
      'This help desk is restricted to its members: only they can put records into it.',
    );
    const record = (await call('GET', `/api/ticket/${ticket}/`, member.token)).json().data;
    const assign = await call('PUT', `/api/ticket/${ticket}/assign/`, member.token, {
      assignee_id: outsider.id,
      version: record.version,
    });
    expect(assign.statusCode).toBe(400);
    expect(assign.json().fields.assignee_id).toBe(
      'This agent is not a member of the help desk of this record.',
    );
  });

  it('mails its member and not a non-member follower about a reply', async () => {
    // Following is refused to a non-member; one who followed before the desk was restricted...
    const follow = await call('PUT', `/api/ticket/${ticket}/follow/`, outsider.token, {
      following: true,
    });
    expect(follow.statusCode).toBe(404);
    await env.db.query(
      'INSERT INTO record_follows (record_id, user_id, following) VALUES ($1, $2, true)',
      [ticket, outsider.id],
    );
    // ...hears nothing either.
    const reply = await call('POST', `/api/ticket/${ticket}/communication/`, requester.token, {
      body: '<p>Any news?</p>',
    });
    expect(reply.statusCode).toBe(200);
    await drainJobs(env);
    expect(await parsedMailsTo(env, member.email)).not.toHaveLength(0);
    expect(await parsedMailsTo(env, outsider.email)).toHaveLength(0);
  });
});
