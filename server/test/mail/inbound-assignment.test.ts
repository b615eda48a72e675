// Automatic assignment of mail (docs/assignment.md): a ticket raised by mail, and a resolved one
// a requester's mail reopens, get an agent by their desk's rule in the import's transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers.js';
import { person, type Person } from '../work-helpers.js';
import { SUPPORT, newMessageId, startInboundEnv, type InboundEnv } from './inbound-env.js';

let t: InboundEnv;
let ann: Person;
let ben: Person;
const IT_SUPPORT = 1;

beforeAll(async () => {
  t = await startInboundEnv();
  ann = await person(t.env, 'Ann Mailagent', true);
  ben = await person(t.env, 'Ben Mailagent', true);
  // IT Support, the support address's desk, is worked by Ann and Ben, round-robin.
  await t.env.db.query('UPDATE helpdesks SET restricted = true WHERE id = $1', [IT_SUPPORT]);
  await t.env.db.query(
    'INSERT INTO helpdesk_members (helpdesk_id, user_id) VALUES ($1, $2), ($1, $3)',
    [IT_SUPPORT, ann.id, ben.id],
  );
  await t.env.db.query(
    `INSERT INTO desk_assignment (helpdesk_id, mode) VALUES ($1, 'round_robin')`,
    [IT_SUPPORT],
  );
});
afterAll(async () => {
  await t?.close();
});

const ticketRow = async (id: number) =>
  (
    await t.env.db.query<{ assignee_id: string | null; status: string }>(
      `SELECT r.assignee_id, s.code AS status FROM records r JOIN statuses s ON s.id = r.status_id
        WHERE r.id = $1`,
      [id],
    )
  ).rows[0];

const ruleEvents = async (id: number) =>
  (
    await t.env.db.query<{ details: object }>(
      `SELECT details FROM record_events
        WHERE record_id = $1 AND action = 'assigned' AND actor_id IS NULL ORDER BY id`,
      [id],
    )
  ).rows.map((r) => r.details);

describe('assignment of mail', () => {
  it('assigns a ticket raised by mail, and again when a mail reopens it unassigned', async () => {
    const carol = uniqueEmail('carol');
    const messageId = newMessageId();
    await t.send({
      from: `Carol <${carol}>`,
      to: SUPPORT,
      subject: 'Mouse',
      text: 'Broken',
      messageId,
    });
    const row = await t.imported(messageId);
    expect(row.state).toBe('ticket');
    const id = row.record_id as number;
    const first = await ticketRow(id);
    expect([String(ann.id), String(ben.id)]).toContain(first.assignee_id);
    const name = first.assignee_id === String(ann.id) ? ann.fullname : ben.fullname;
    expect(await ruleEvents(id)).toEqual([{ to: name, automatic: 'desk_rule' }]);

    // Resolved and unassigned; Carol writes again: reopened, and the other agent's turn.
    await t.env.db.query(
      `UPDATE records SET assignee_id = NULL, status_id = (SELECT id FROM statuses WHERE code = 'resolved')
        WHERE id = $1`,
      [id],
    );
    const again = newMessageId();
    await t.send({
      from: `Carol <${carol}>`,
      to: SUPPORT,
      subject: 'Re: Mouse',
      text: 'Still broken',
      messageId: again,
      inReplyTo: messageId,
      references: [messageId],
    });
    const reply = await t.imported(again);
    expect(reply.state).toBe('message');
    expect(reply.record_id).toBe(id);
    const after = await ticketRow(id);
    expect(after.status).toBe('open');
    expect(after.assignee_id).not.toBeNull();
    expect(after.assignee_id).not.toBe(first.assignee_id);
    expect(await ruleEvents(id)).toHaveLength(2);
  });
});
