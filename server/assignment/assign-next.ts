// Automatic assignment by a ticket desk's rule (docs/assignment.md): round-robin or fewest open
// tickets among the agents who work on the desk and are available. Runs inside the caller's
// transaction: the desk's `desk_assignment` row is locked first, so assignments on one desk take
// turns across requests and processes, and the turn moves on only if the change commits.
import type { Queryable } from '../db/transaction.js';
import { translate } from '../lib/i18n.js';
import { queueAssigneeMail, type RecordMailContext } from '../mail/record-mail.js';
import { recordEvent } from '../routes/records/history.js';
import { deskOpenToUser } from '../routes/records/visibility.js';

export const ASSIGNMENT_MODES = ['off', 'round_robin', 'fewest_open'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** Why the rule assigned: a ticket entered the desk, or an away agent's ticket was handed on. */
export type AssignmentReason = 'desk_rule' | 'away';

/** Who the assignee mail names as having assigned the ticket (in the assignee's language). */
export const RULE_ACTOR = "The help desk's assignment rule";

export interface ChosenAgent {
  id: number;
  fullname: string;
}

export interface AssignOptions {
  /** Queue the chosen agent's "assigned to you" mail, as a person's assignment does. */
  mail?: RecordMailContext;
  /** Only a ticket with no assignee (one entering its desk); otherwise it is reassigned. */
  onlyUnassigned?: boolean;
  /** An agent not to choose (the away agent whose ticket is handed on). */
  except?: number;
  /** The history event's `automatic` detail. Default: desk_rule. */
  reason?: AssignmentReason;
  /** The rule to use when the desk's is off (a trigger's "next agent" action); default: none. */
  whenOff?: Exclude<AssignmentMode, 'off'>;
  /** More details for the history event (a trigger's name and chain). */
  details?: Record<string, unknown>;
}

interface DeskTurn {
  hd_id: number;
  mode: AssignmentMode;
  last_agent_id: string | null;
  assignee_id: string | null;
  title: string;
}

interface Picked {
  id: string;
  fullname: string;
  email: string;
  language: 'en' | 'es';
  user_is_hde: boolean;
}

/** The ticket's desk rule, its row locked (the turn); undefined when the desk has no row. */
async function lockTurn(q: Queryable, ticketId: number): Promise<DeskTurn | undefined> {
  const { rows } = await q.query<DeskTurn>(
    `SELECT r.hd_id, d.mode, d.last_agent_id, r.assignee_id, r.title
       FROM records r JOIN desk_assignment d ON d.helpdesk_id = r.hd_id
      WHERE r.id = $1 AND r.object_type = 'T' AND NOT r.is_draft
        FOR UPDATE OF d`,
    [ticketId],
  );
  return rows[0];
}

/**
 * Assigns ticket `ticketId` to the next available agent of its desk by the desk's rule, with the
 * `assigned` history event (`automatic`: why) and, given `mail`, the assignee's mail. Answers the
 * agent chosen, or null when the rule is off, the ticket is a draft, content or (with
 * `onlyUnassigned`) already assigned, or no agent of the desk is available.
 */
export async function assignNext(
  q: Queryable,
  ticketId: number,
  opts: AssignOptions = {},
): Promise<ChosenAgent | null> {
  let turn = await lockTurn(q, ticketId);
  if (!turn && opts.whenOff) {
    // A desk never configured: its row is made so the turn has something to lock.
    await q.query(
      `INSERT INTO desk_assignment (helpdesk_id)
       SELECT hd_id FROM records WHERE id = $1 AND object_type = 'T'
       ON CONFLICT DO NOTHING`,
      [ticketId],
    );
    turn = await lockTurn(q, ticketId);
  }
  if (!turn) return null;
  if (opts.onlyUnassigned && turn.assignee_id !== null) return null;
  const mode = turn.mode === 'off' ? opts.whenOff : turn.mode;
  if (!mode) return null;
  // Available: an active, confirmed agent who works on the desk and is not away. Round-robin
  // takes the first after the last one chosen (by id, wrapping); fewest open tickets takes the
  // one with the fewest open tickets anywhere, ties in round-robin order.
  const { rows } = await q.query<Picked>(
    `WITH pick AS (
       SELECT u.id, u.fullname, u.email, u.language, u.user_is_hde
         FROM users u
        WHERE u.user_is_hde AND u.confirmed_at IS NOT NULL AND u.deactivated_at IS NULL
          AND u.id IS DISTINCT FROM $4::bigint
          AND NOT EXISTS (SELECT 1 FROM agent_availability a WHERE a.user_id = u.id AND a.away)
          AND ${deskOpenToUser('u.id', '$2::int')}
        ORDER BY CASE WHEN $3 = 'fewest_open' THEN
                   (SELECT count(*) FROM records o JOIN statuses s ON s.id = o.status_id
                     WHERE o.assignee_id = u.id AND o.object_type = 'T' AND NOT o.is_draft
                       AND NOT s.is_closed AND o.id <> $1)
                 ELSE 0 END,
                 u.id <= coalesce($5::bigint, 0), u.id
        LIMIT 1),
     turn AS (UPDATE desk_assignment d SET last_agent_id = pick.id FROM pick
               WHERE d.helpdesk_id = $2),
     assigned AS (UPDATE records r
                     SET assignee_id = pick.id, version = r.version + 1, updated_at = now()
                    FROM pick WHERE r.id = $1)
     SELECT * FROM pick`,
    [ticketId, turn.hd_id, mode, opts.except ?? null, turn.last_agent_id],
  );
  const agent = rows[0];
  if (!agent) return null;
  await recordEvent(q, {
    recordId: ticketId,
    actorId: null,
    action: 'assigned',
    details: { ...opts.details, to: agent.fullname, automatic: opts.reason ?? 'desk_rule' },
  });
  if (opts.mail) {
    const ref = { id: ticketId, object_type: 'T' as const, title: turn.title };
    await queueAssigneeMail(q, opts.mail, ref, agent, translate(agent.language, RULE_ACTOR));
  }
  return { id: Number(agent.id), fullname: agent.fullname };
}

/**
 * A ticket entered its desk (raised, moved, reopened): with no assignee, the desk's rule picks
 * one, and they are mailed. The caller's transaction is the change's own.
 */
export function assignOnEntry(
  q: Queryable,
  ctx: RecordMailContext,
  ticketId: number,
): Promise<ChosenAgent | null> {
  return assignNext(q, ticketId, { mail: ctx, onlyUnassigned: true });
}

/**
 * Whether a change puts a submitted ticket into its desk's queue anew: it was moved to another
 * desk, raised from a draft, or reopened (from a closed status to an open one).
 */
export async function enteredDesk(
  q: Queryable,
  before: { hd_id: number; status_id: number; is_draft: boolean },
  after: { hd_id: number; status_id: number; is_draft: boolean },
): Promise<boolean> {
  if (after.is_draft) return false;
  if (before.is_draft || before.hd_id !== after.hd_id) return true;
  if (before.status_id === after.status_id) return false;
  const { rows } = await q.query<{ reopened: boolean }>(
    `SELECT coalesce((SELECT is_closed FROM statuses WHERE id = $1), false)
            AND NOT coalesce((SELECT is_closed FROM statuses WHERE id = $2), true) AS reopened`,
    [before.status_id, after.status_id],
  );
  return rows[0].reopened;
}
