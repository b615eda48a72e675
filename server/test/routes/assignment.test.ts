// Automatic assignment per desk (docs/assignment.md): the administrators' settings and the
// agents' availability (success, 400, 403, 404), round-robin and fewest open tickets, in order
// and under concurrent creations, away / deactivated / non-member agents skipped, every way a
// ticket enters a desk, and the periodic hand-back of an away agent's tickets, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handBackAwayTickets } from '../../assignment/away.js';
import { startSlaEnv, type SlaEnv } from '../sla/sla-env.js';
import { caller, person, type Person } from './work-helpers.js';

let env: SlaEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agents: Person[];
let outsider: Person;
let requester: Person;
const HARDWARE = 2;
const NETWORK = 3;
const FACILITIES = 6;
const KNOWLEDGE_BASE = 5;

beforeAll(async () => {
  // A generous pool: 30 creations at once wait for a connection rather than fail on a busy machine.
  env = await startSlaEnv(new Date('2026-03-02T09:00:00Z'), { generousPool: true });
  call = caller(env);
  admin = await person(env, 'Admin Assign', true, true);
  agents = [];
  for (const name of ['Ann Agent', 'Ben Agent', 'Cat Agent']) {
    agents.push(await person(env, name, true));
  }
  outsider = await person(env, 'Olga Outsider', true);
  requester = await person(env, 'Rita Requester');
  // Hardware and Network are worked by the three agents only (the admin and Olga are not members).
  for (const hd of [HARDWARE, NETWORK]) {
    const res = await call('PUT', `/api/admin/helpdesks/${hd}/`, admin.token, {
      restricted: true,
      member_ids: agents.map((a) => a.id),
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => env.close());

const setRule = (
  hd: number,
  mode: string,
  away_hours: number | null = null,
  away_action = 'queue',
) => call('PUT', `/api/admin/assignment/${hd}/`, admin.token, { mode, away_hours, away_action });

const setAway = (who: Person, away: boolean) =>
  call('PUT', '/api/user/me/availability', who.token, { away });

async function raise(hd: number, extra: object = {}) {
  const res = await call('POST', '/api/ticket/', requester.token, {
    subject: 'Laptop will not start',
    description: '<p>Black screen.</p>',
    priority_id: 2,
    hd_id: hd,
    is_draft: false,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number; assignee_id: number | null };
}

const assigneeOf = async (id: number) =>
  (
    await env.db.query<{ assignee_id: string | null }>(
      'SELECT assignee_id FROM records WHERE id = $1',
      [id],
    )
  ).rows[0].assignee_id;

/** Closes every open ticket, so each test counts its own. */
const closeAll = () =>
  env.db.query(`UPDATE records SET status_id = 5 WHERE object_type = 'T' AND status_id <> 5`);

describe('assignment settings (administrators)', () => {
  it('answers 403 to an agent and 401 without a session', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/assignment/', undefined],
      [
        'PUT',
        `/api/admin/assignment/${HARDWARE}/`,
        { mode: 'off', away_hours: null, away_action: 'queue' },
      ],
    ] as const) {
      const res = await call(method, url, outsider.token, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Only administrators can do this.');
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
  });

  it('lists the ticket desks with their rule and the agents with their availability', async () => {
    const res = await call('GET', '/api/admin/assignment/', admin.token);
    expect(res.statusCode).toBe(200);
    const { desks, agents: people } = res.json().data;
    expect(desks.map((d: { id: number }) => d.id)).not.toContain(KNOWLEDGE_BASE);
    expect(desks.find((d: { id: number }) => d.id === FACILITIES)).toMatchObject({
      name: 'Facilities',
      mode: 'off',
      away_hours: null,
      away_action: 'queue',
    });
    expect(people.map((p: { fullname: string }) => p.fullname)).toEqual(
      expect.arrayContaining(['Ann Agent', 'Olga Outsider', 'Admin Assign']),
    );
    expect(people.map((p: { fullname: string }) => p.fullname)).not.toContain('Rita Requester');
    expect(people.find((p: { id: number }) => p.id === agents[0].id)).toMatchObject({
      away: false,
      changed_at: null,
    });
  });

  it('saves a rule with its admin event, and refuses bad input (400) and unknown desks (404)', async () => {
    const bad = await call('PUT', `/api/admin/assignment/${FACILITIES}/`, admin.token, {
      mode: 'random',
      away_hours: 0,
      away_action: 'drop',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      mode: 'Choose off, round-robin or fewest open tickets.',
      away_hours: 'Away hours must be a whole number from 1 to 720, or empty for never.',
      away_action: 'Choose whether the tickets go back to the queue or to the next agent.',
    });
    for (const hd of [999, KNOWLEDGE_BASE]) {
      const missing = await setRule(hd, 'round_robin');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('This help desk does not exist.');
    }
    const done = await setRule(FACILITIES, 'fewest_open', 8, 'reassign');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      id: FACILITIES,
      mode: 'fewest_open',
      away_hours: 8,
      away_action: 'reassign',
    });
    const { rows } = await env.db.query(
      `SELECT actor_id, details FROM admin_events
        WHERE action = 'helpdesk_assignment_changed' AND target_id = $1`,
      [FACILITIES],
    );
    expect(rows).toEqual([
      {
        actor_id: String(admin.id),
        details: {
          from: { mode: 'off', away_hours: null, away_action: 'queue' },
          to: { mode: 'fewest_open', away_hours: 8, away_action: 'reassign' },
        },
      },
    ]);
    expect((await setRule(FACILITIES, 'off')).statusCode).toBe(200);
  });
});

describe('availability', () => {
  it('lets an agent go away and come back, with the time, and refuses others', async () => {
    const regular = await call('PUT', '/api/user/me/availability', requester.token, { away: true });
    expect(regular.statusCode).toBe(403);
    expect((await call('GET', '/api/user/me/availability', requester.token)).statusCode).toBe(403);
    const bad = await call('PUT', '/api/user/me/availability', outsider.token, { away: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.away).toBe('Away must be true or false.');

    const away = await setAway(outsider, true);
    expect(away.statusCode).toBe(200);
    expect(away.json().data).toMatchObject({
      id: outsider.id,
      away: true,
      changed_at: '2026-03-02T09:00:00.000Z',
    });
    const read = await call('GET', '/api/user/me/availability', outsider.token);
    expect(read.json().data.away).toBe(true);
    const list = await call('GET', '/api/admin/assignment/', admin.token);
    const row = list.json().data.agents.find((p: { id: number }) => p.id === outsider.id);
    expect(row).toMatchObject({ away: true, changed_at: '2026-03-02T09:00:00.000Z' });
    expect((await setAway(outsider, false)).json().data.away).toBe(false);
  });
});

describe('assignment as a ticket enters a desk', () => {
  it('leaves tickets unassigned while the rule is off', async () => {
    const t = await raise(HARDWARE);
    expect(t.assignee_id).toBeNull();
  });

  it('round-robin: members in turn, each mailed, with history naming the rule', async () => {
    await closeAll();
    expect((await setRule(HARDWARE, 'round_robin')).statusCode).toBe(200);
    const chosen: (number | null)[] = [];
    for (let i = 0; i < 6; i++) chosen.push((await raise(HARDWARE)).assignee_id);
    const ids = agents.map((a) => a.id);
    // The turn starts at some member and goes round: each member twice, never the same twice.
    expect([...chosen].sort()).toEqual([...ids, ...ids].sort());
    for (let i = 0; i < 3; i++) expect(chosen[i + 3]).toBe(chosen[i]);
    expect(new Set(chosen.slice(0, 3)).size).toBe(3);

    const last = await raise(HARDWARE);
    const details = await call('GET', `/api/ticket/${last.id}/`, requester.token);
    expect(details.json().data.assignee_id).toBe(last.assignee_id);
    const { rows: events } = await env.db.query(
      `SELECT actor_id, details FROM record_events WHERE record_id = $1 AND action = 'assigned'`,
      [last.id],
    );
    const name = agents.find((a) => a.id === last.assignee_id)?.fullname;
    expect(events).toEqual([{ actor_id: null, details: { to: name, automatic: 'desk_rule' } }]);
    const { rows: mails } = await env.db.query(
      `SELECT to_email, kind FROM record_mail_log WHERE record_id = $1`,
      [last.id],
    );
    const email = agents.find((a) => a.id === last.assignee_id)?.email;
    expect(mails).toContainEqual({ to_email: email, kind: 'assigned' });
  });

  it('round-robin stays even under many concurrent creations', async () => {
    await closeAll();
    const made = await Promise.all(Array.from({ length: 30 }, () => raise(HARDWARE)));
    const counts = new Map<number | null, number>();
    for (const t of made) counts.set(t.assignee_id, (counts.get(t.assignee_id) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(agents.map((a) => [a.id, 10])));
  });

  it('skips away and deactivated agents and agents who are not members of the desk', async () => {
    await closeAll();
    await setAway(agents[1], true);
    await env.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [agents[2].id]);
    const made = [];
    for (let i = 0; i < 4; i++) made.push((await raise(HARDWARE)).assignee_id);
    // Only Ann is left: not Ben (away), not Cat (deactivated), not Olga or the admin (no members).
    expect(made).toEqual([agents[0].id, agents[0].id, agents[0].id, agents[0].id]);
    await setAway(agents[0], true);
    expect((await raise(HARDWARE)).assignee_id).toBeNull();
    await setAway(agents[0], false);
    await setAway(agents[1], false);
    await env.db.query('UPDATE users SET deactivated_at = NULL WHERE id = $1', [agents[2].id]);
  });

  it('fewest open tickets: the member with the fewest open tickets', async () => {
    await closeAll();
    expect((await setRule(NETWORK, 'fewest_open')).statusCode).toBe(200);
    const [ann, ben, cat] = agents;
    // Ann 3 open, Ben 1, Cat 2 (Cat also 5 closed ones, which do not count).
    const give = async (who: Person, n: number, status = 2) => {
      for (let i = 0; i < n; i++) {
        const t = await raise(FACILITIES);
        await env.db.query('UPDATE records SET assignee_id = $2, status_id = $3 WHERE id = $1', [
          t.id,
          who.id,
          status,
        ]);
      }
    };
    await give(ann, 3);
    await give(ben, 1);
    await give(cat, 2);
    await give(cat, 5, 5);
    expect((await raise(NETWORK)).assignee_id).toBe(ben.id);
    // Ben now has 2, as Cat: the tie goes on in turn from Ben, to Cat.
    expect((await raise(NETWORK)).assignee_id).toBe(cat.id);
    expect((await raise(NETWORK)).assignee_id).toBe(ben.id);
  });

  it('assigns when a ticket is moved in, raised from a draft or reopened; never an assigned one', async () => {
    await closeAll();
    const [ann] = agents;
    const agent = ann;
    // Moved in (by an agent, through the move call).
    const t = await raise(FACILITIES);
    expect(t.assignee_id).toBeNull();
    const moved = await call('POST', `/api/ticket/${t.id}/move/`, agent.token, {
      hd_id: HARDWARE,
      version: t.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.assignee_id).not.toBeNull();

    // Moved in by an edit of its desk.
    const e = await raise(FACILITIES);
    const edited = await call('PUT', `/api/ticket/${e.id}/`, agent.token, {
      hd_id: HARDWARE,
      version: e.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.assignee_id).not.toBeNull();

    // Raised from a draft.
    const draft = await raise(HARDWARE, { is_draft: true });
    expect(draft.assignee_id).toBeNull();
    const raised = await call('PUT', `/api/ticket/${draft.id}/`, requester.token, {
      is_draft: false,
      version: draft.version,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data.assignee_id).not.toBeNull();

    // Reopened by its requester after it was resolved and unassigned.
    const r = await raise(FACILITIES);
    await env.db.query('UPDATE records SET hd_id = $2, status_id = 4 WHERE id = $1', [
      r.id,
      HARDWARE,
    ]);
    const current = (await call('GET', `/api/ticket/${r.id}/`, requester.token)).json().data;
    expect(current.assignee_id).toBeNull();
    const reopened = await call('PUT', `/api/ticket/${r.id}/`, requester.token, {
      status_id: 2,
      version: current.version,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.assignee_id).not.toBeNull();

    // A pending ticket set open again did not leave the desk: nothing happens.
    const p = await raise(FACILITIES);
    await env.db.query('UPDATE records SET hd_id = $2, status_id = 3 WHERE id = $1', [
      p.id,
      HARDWARE,
    ]);
    const pv = (await call('GET', `/api/ticket/${p.id}/`, agent.token)).json().data.version;
    const opened = await call('PUT', `/api/ticket/${p.id}/`, agent.token, {
      status_id: 2,
      version: pv,
    });
    expect(opened.json().data.assignee_id).toBeNull();

    // A duplicate starts with no assignee: the desk's rule gives it one.
    const original = await raise(HARDWARE);
    const copy = await call('POST', `/api/ticket/${original.id}/duplicate/`, agent.token);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.assignee_id).not.toBeNull();

    // An assigned ticket moved in keeps its assignee.
    const a = await raise(FACILITIES);
    const assigned = await call('PUT', `/api/ticket/${a.id}/assign/`, agent.token, {
      assignee_id: agents[2].id,
      version: a.version,
    });
    const kept = await call('POST', `/api/ticket/${a.id}/move/`, agent.token, {
      hd_id: HARDWARE,
      version: assigned.json().data.version,
    });
    expect(kept.json().data.assignee_id).toBe(agents[2].id);
  });
  it('assigns the tickets a bulk action moves in or reopens, each in its own call', async () => {
    await closeAll();
    const [ann] = agents;
    const moving = [await raise(FACILITIES), await raise(FACILITIES)];
    const moved = await call('POST', '/api/records/bulk', ann.token, {
      object_type: 'T',
      action: 'move',
      value: HARDWARE,
      records: moving.map((t) => ({ id: t.id, version: t.version })),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.succeeded).toEqual(moving.map((t) => t.id));
    const resolved = await raise(HARDWARE);
    await env.db.query('UPDATE records SET assignee_id = NULL, status_id = 4 WHERE id = $1', [
      resolved.id,
    ]);
    const reopened = await call('POST', '/api/records/bulk', ann.token, {
      object_type: 'T',
      action: 'status',
      value: 2,
      records: [{ id: resolved.id }],
    });
    expect(reopened.json().data.succeeded).toEqual([resolved.id]);
    const assigned = await Promise.all([...moving.map((t) => t.id), resolved.id].map(assigneeOf));
    for (const a of assigned) expect(agents.map((p) => String(p.id))).toContain(a);
  });
});

describe('agents away too long', () => {
  it("hands an away agent's open tickets back to the queue once, after the desk's hours", async () => {
    await closeAll();
    const [ann] = agents;
    expect((await setRule(HARDWARE, 'round_robin', 4, 'queue')).statusCode).toBe(200);
    const mine: number[] = [];
    for (let i = 0; i < 2; i++) {
      const t = await raise(FACILITIES);
      await env.db.query('UPDATE records SET assignee_id = $2, hd_id = $3 WHERE id = $1', [
        t.id,
        ann.id,
        HARDWARE,
      ]);
      mine.push(t.id);
    }
    const closed = await raise(FACILITIES);
    await env.db.query(
      'UPDATE records SET assignee_id = $2, hd_id = $3, status_id = 5 WHERE id = $1',
      [closed.id, ann.id, HARDWARE],
    );
    expect((await setAway(ann, true)).statusCode).toBe(200);

    env.clock.advance(3 * 3600_000);
    expect(await handBackAwayTickets(env.jobs)).toBe(0);
    expect(await assigneeOf(mine[0])).toBe(String(ann.id));

    env.clock.advance(2 * 3600_000);
    // Two passes at once (two worker processes): the tickets are handed back once.
    const passes = await Promise.all([
      handBackAwayTickets(env.jobs),
      handBackAwayTickets(env.jobs),
    ]);
    expect(passes[0] + passes[1]).toBe(2);
    for (const id of mine) expect(await assigneeOf(id)).toBeNull();
    expect(await assigneeOf(closed.id)).toBe(String(ann.id));
    const { rows } = await env.db.query(
      `SELECT record_id, actor_id, details FROM record_events
        WHERE record_id = ANY($1::bigint[]) AND action = 'assigned' ORDER BY record_id`,
      [mine],
    );
    expect(rows).toEqual(
      mine.map((id) => ({
        record_id: String(id),
        actor_id: null,
        details: { to: null, automatic: 'away' },
      })),
    );
    // A ticket an agent gives her while she is still away stays hers (this period is done).
    await env.db.query('UPDATE records SET assignee_id = $2 WHERE id = $1', [mine[0], ann.id]);
    expect(await handBackAwayTickets(env.jobs)).toBe(0);
    expect(await assigneeOf(mine[0])).toBe(String(ann.id));
    await setAway(ann, false);
  });

  it('reassigns them by the rule when the desk says so, never to the away agent', async () => {
    await closeAll();
    const [ann, ben, cat] = agents;
    expect((await setRule(NETWORK, 'round_robin', 1, 'reassign')).statusCode).toBe(200);
    await setAway(cat, true);
    const t = await raise(FACILITIES);
    await env.db.query('UPDATE records SET assignee_id = $2, hd_id = $3 WHERE id = $1', [
      t.id,
      ann.id,
      NETWORK,
    ]);
    await setAway(ann, true);
    env.clock.advance(2 * 3600_000);
    expect(await handBackAwayTickets(env.jobs)).toBeGreaterThanOrEqual(1);
    expect(await assigneeOf(t.id)).toBe(String(ben.id));
    const { rows } = await env.db.query(
      `SELECT details FROM record_events WHERE record_id = $1 AND action = 'assigned'`,
      [t.id],
    );
    expect(rows).toEqual([{ details: { to: 'Ben Agent', automatic: 'away' } }]);
    await setAway(ann, false);
    await setAway(cat, false);
  });
});
