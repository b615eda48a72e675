// Time-based rules ("automations", docs/rules.md): the triggers' conditions and actions plus time
// conditions, checked by a scheduled pass. The time conditions narrow the open tickets in SQL
// (indexes of migrations/042_automations.sql); the triggers' conditions are then checked per
// ticket by the triggers' own code (./evaluate.ts) and the actions run by the triggers' runner
// (./engine.ts `runTrigger`), each ticket in its own transaction. A rule acts on a ticket once
// per matching period: the period's key is recorded in `automation_runs` in the transaction of
// the actions, so a killed worker's pass leaves each action done once or not at all.
import type { FromSchema } from 'json-schema-to-ts';
import type { DatabaseError } from 'pg';
import type { Db } from '../db/pool.js';
import { withTransaction, type Queryable } from '../db/transaction.js';
import type { JobQueue } from '../jobs/queue.js';
import { HttpError } from '../lib/http-error.js';
import { M } from '../lib/schemas.js';
import { Params, visibleTo, type Viewer } from '../routes/records/visibility.js';
import { businessMsBetween } from '../sla/calendar.js';
import { policyFromJson } from '../sla/policy.js';
import { runTrigger, type RulesContext, type RulesLogger } from './engine.js';
import { holds, loadTicketState, type EventContext, type TicketState } from './evaluate.js';
import type { Action, Condition } from './schema.js';
import { RULE_MESSAGES } from './schema.js';
import { checkTrigger, templateIds } from './validate.js';

export const AUTOMATION_MESSAGES = {
  timeCondition:
    'Choose a time condition: status_for, no_requester_reply, created_ago or due_within.',
  timeConditions: 'Give 1 to 4 time conditions.',
  hours: 'Give a number of hours from 1 to 8760.',
  businessHours: 'Give a number of business hours from 1 to 2000.',
  days: 'Give a number of days from 1 to 3650.',
  minutes: 'Give a number of minutes from 1 to 10080.',
  status: 'Choose an open ticket status.',
  eventOnly: 'This condition needs a change: time-based rules cannot use it.',
  twice: 'Give each kind of time condition once.',
  name: 'Name must be 1 to 100 characters.',
  nameTaken: 'A time-based rule with this name already exists.',
} as const;

const count = (max: number, message: string) =>
  ({ type: 'integer', minimum: 1, maximum: max, [M]: message }) as const;
const closed = { additionalProperties: false, [M]: RULE_MESSAGES.unknownPart } as const;

export const timeConditionSchema = {
  $id: 'AutomationTimeCondition',
  type: 'object',
  description: 'One time condition; `field` chooses its parameters. All of a rule’s must hold.',
  required: ['field'],
  discriminator: { propertyName: 'field' },
  [M]: AUTOMATION_MESSAGES.timeCondition,
  oneOf: [
    {
      type: 'object',
      description: 'The ticket has had this (open) status for more than `hours` hours',
      required: ['field', 'status_id', 'hours'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'status_for' },
        status_id: count(2147483647, AUTOMATION_MESSAGES.status),
        hours: count(8760, AUTOMATION_MESSAGES.hours),
      },
    },
    {
      type: 'object',
      description:
        "The newest message is an agent's and the requester has not replied for more than `business_hours` business hours (the hours of the ticket's service-level policy; none: every hour counts)",
      required: ['field', 'business_hours'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'no_requester_reply' },
        business_hours: count(2000, AUTOMATION_MESSAGES.businessHours),
      },
    },
    {
      type: 'object',
      description: 'The ticket was created more than `days` days ago',
      required: ['field', 'days'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'created_ago' },
        days: count(3650, AUTOMATION_MESSAGES.days),
      },
    },
    {
      type: 'object',
      description: "The ticket's next service-level due time is within the next `minutes` minutes",
      required: ['field', 'minutes'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'due_within' },
        minutes: count(10080, AUTOMATION_MESSAGES.minutes),
      },
    },
  ],
} as const;

export type TimeCondition = FromSchema<typeof timeConditionSchema>;

export interface AutomationInput {
  name: string;
  active: boolean;
  match: 'all' | 'any';
  conditions: Condition[];
  time_conditions: TimeCondition[];
  actions: Action[];
}

export interface AutomationRow extends AutomationInput {
  id: number;
  position: number;
  updated_at: Date;
}

const COLUMNS = `id, name, active, position, match, conditions, time_conditions, actions, updated_at`;

// ---------------------------------------------------------------------------------------------
// Storage

export async function listAutomations(q: Queryable, activeOnly = false): Promise<AutomationRow[]> {
  const { rows } = await q.query<AutomationRow>(
    `SELECT ${COLUMNS} FROM automations ${activeOnly ? 'WHERE active' : ''} ORDER BY position, id`,
  );
  return rows;
}

export async function getAutomation(q: Queryable, id: number): Promise<AutomationRow | undefined> {
  const { rows } = await q.query<AutomationRow>(
    `SELECT ${COLUMNS} FROM automations WHERE id = $1`,
    [id],
  );
  return rows[0];
}

type RuleConditions = Pick<AutomationInput, 'match' | 'conditions' | 'time_conditions'>;

/** What the schema cannot tell of the conditions: none needs an event, each time kind once. */
async function timeProblems(q: Queryable, a: RuleConditions): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  a.conditions.forEach((c, i) => {
    if (c.field === 'change' || c.field === 'actor')
      fields[`conditions.${i}.field`] = AUTOMATION_MESSAGES.eventOnly;
  });
  const seen = new Set<string>();
  const statusIds: number[] = [];
  a.time_conditions.forEach((c, i) => {
    if (seen.has(c.field)) fields[`time_conditions.${i}.field`] = AUTOMATION_MESSAGES.twice;
    seen.add(c.field);
    if (c.field === 'status_for') statusIds.push(c.status_id);
  });
  if (statusIds.length) {
    const { rows } = await q.query<{ id: number }>(
      `SELECT id FROM statuses WHERE object_type = 'T' AND NOT is_closed AND id = ANY ($1::int[])`,
      [statusIds],
    );
    a.time_conditions.forEach((c, i) => {
      if (c.field === 'status_for' && !rows.some((r) => r.id === c.status_id))
        fields[`time_conditions.${i}.status_id`] = AUTOMATION_MESSAGES.status;
    });
  }
  return fields;
}

/** A rule's conditions (for a preview): 400 naming each bad part. */
export async function checkConditions(q: Queryable, a: RuleConditions): Promise<void> {
  const fields = await timeProblems(q, a);
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
  await checkTrigger(q, a.conditions, []);
}

/** A whole rule, as the triggers' are checked (ids exist, patterns compile, ...) and more. */
export async function checkAutomation(q: Queryable, a: AutomationInput): Promise<void> {
  const fields = await timeProblems(q, a);
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
  await checkTrigger(q, a.conditions, a.actions);
}

async function saving<T>(q: Queryable, a: AutomationInput, run: () => Promise<T>): Promise<T> {
  await checkAutomation(q, a);
  try {
    return await run();
  } catch (err) {
    if ((err as DatabaseError).code === '23505')
      throw new HttpError(400, 'Validation failed', { name: AUTOMATION_MESSAGES.nameTaken });
    throw err;
  }
}

const values = (a: AutomationInput) => [
  a.name,
  a.active,
  a.match,
  JSON.stringify(a.conditions),
  JSON.stringify(a.time_conditions),
  JSON.stringify(a.actions),
  templateIds(a.actions),
];

export function insertAutomation(q: Queryable, a: AutomationInput): Promise<AutomationRow> {
  return saving(q, a, async () => {
    const { rows } = await q.query<AutomationRow>(
      `INSERT INTO automations (name, active, match, conditions, time_conditions, actions, template_ids, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT coalesce(max(position), 0) + 1 FROM automations))
       RETURNING ${COLUMNS}`,
      values(a),
    );
    return rows[0];
  });
}

export function updateAutomation(
  q: Queryable,
  id: number,
  a: AutomationInput & { position?: number },
): Promise<AutomationRow | undefined> {
  return saving(q, a, async () => {
    const { rows } = await q.query<AutomationRow>(
      `UPDATE automations SET name = $1, active = $2, match = $3, conditions = $4,
              time_conditions = $5, actions = $6, template_ids = $7,
              position = coalesce($9, position), updated_at = now()
        WHERE id = $8 RETURNING ${COLUMNS}`,
      [...values(a), id, a.position ?? null],
    );
    return rows[0];
  });
}

export async function deleteAutomation(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM automations WHERE id = $1', [id]);
  return rowCount === 1;
}

// ---------------------------------------------------------------------------------------------
// Matching

interface Candidate {
  id: number;
  period: string;
  /** When the agent's unanswered message was written (no_requester_reply), as ISO text. */
  waiting_since: string | null;
}

/**
 * The SQL that finds the open tickets meeting a rule's time conditions at `$1` (now), with the
 * key of the period they are in: the time the ticket entered its status, the agent's message
 * waiting for an answer, its due time (creation: once per ticket). `no_requester_reply` is
 * narrowed by wall-clock hours here (business hours are never more) and checked exactly per
 * ticket.
 */
function matchSql(
  time: readonly TimeCondition[],
  params: Params,
): { from: string; where: string[]; period: string } {
  const p = (v: unknown) => params.add(v);
  const where = [
    `r.object_type = 'T'`,
    `NOT r.is_draft`,
    `r.merged_into_id IS NULL`,
    `r.status_id IN (SELECT id FROM statuses WHERE object_type = 'T' AND NOT is_closed)`,
  ];
  const parts: string[] = [];
  let from = 'records r';
  for (const c of time) {
    switch (c.field) {
      case 'status_for':
        where.push(
          `r.status_id = ${p(c.status_id)}`,
          `coalesce(r.status_changed_at, r.created_at) <= $1::timestamptz - make_interval(hours => ${p(c.hours)})`,
        );
        parts.push(
          `'s' || (extract(epoch FROM coalesce(r.status_changed_at, r.created_at)) * 1000)::bigint`,
        );
        break;
      case 'created_ago':
        where.push(`r.created_at <= $1::timestamptz - make_interval(days => ${p(c.days)})`);
        parts.push(`'c'`);
        break;
      case 'due_within':
        where.push(
          `r.sla_due_at > $1::timestamptz`,
          `r.sla_due_at <= $1::timestamptz + make_interval(mins => ${p(c.minutes)})`,
        );
        parts.push(`'d' || (extract(epoch FROM r.sla_due_at) * 1000)::bigint`);
        break;
      case 'no_requester_reply':
        from += ` CROSS JOIN LATERAL (
            SELECT m.id, m.author_id, m.created_at FROM record_messages m
             WHERE m.record_id = r.id AND m.thread = 'communication'
             ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm`;
        where.push(
          `lm.author_id IS DISTINCT FROM r.owner_id`,
          `EXISTS (SELECT 1 FROM users u WHERE u.id = lm.author_id AND u.user_is_hde)`,
          `lm.created_at <= $1::timestamptz - make_interval(hours => ${p(c.business_hours)})`,
        );
        parts.push(`'m' || lm.id`);
        break;
    }
  }
  return { from, where, period: parts.length ? parts.join(` || ':' || `) : `'c'` };
}

const waitingSql = (time: readonly TimeCondition[]) =>
  time.some((c) => c.field === 'no_requester_reply') ? `lm.created_at::text` : 'NULL::text';

/**
 * The candidates after `afterId`, by id (a batch at a time: the list is never read whole);
 * `viewer`: only the tickets they see (the preview).
 */
async function candidates(
  q: Queryable,
  time: readonly TimeCondition[],
  now: Date,
  afterId: number,
  limit: number,
  opts: { notRunBy?: number; viewer?: Viewer } = {},
): Promise<Candidate[]> {
  const p = new Params([now]);
  const m = matchSql(time, p);
  const where = [...m.where, `r.id > ${p.add(afterId)}`];
  if (opts.notRunBy !== undefined)
    where.push(`NOT EXISTS (SELECT 1 FROM automation_runs ar
                             WHERE ar.automation_id = ${p.add(opts.notRunBy)}
                               AND ar.record_id = r.id AND ar.period = ${m.period})`);
  if (opts.viewer) where.push(visibleTo(p, opts.viewer));
  const { rows } = await q.query<Candidate>(
    `SELECT r.id::int, ${m.period} AS period, ${waitingSql(time)} AS waiting_since
       FROM ${m.from}
      WHERE ${where.join(' AND ')}
      ORDER BY r.id LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows;
}

/** One ticket again, locked, if it still meets the time conditions (in the action's transaction). */
async function recheck(
  q: Queryable,
  time: readonly TimeCondition[],
  now: Date,
  id: number,
): Promise<Candidate | undefined> {
  const p = new Params([now, id]);
  const m = matchSql(time, p);
  const { rows } = await q.query<Candidate>(
    `SELECT r.id::int, ${m.period} AS period, ${waitingSql(time)} AS waiting_since
       FROM ${m.from} WHERE ${m.where.join(' AND ')} AND r.id = $2 FOR UPDATE OF r`,
    p.values,
  );
  return rows[0];
}

/** The rest of the rule, per ticket: business hours waited, the triggers' conditions. */
function meets(
  a: Pick<AutomationRow, 'match' | 'conditions' | 'time_conditions'>,
  t: TicketState,
  c: Candidate,
  now: Date,
  onTimeout: (pattern: string) => void,
): boolean {
  const wait = a.time_conditions.find((x) => x.field === 'no_requester_reply');
  if (wait && c.waiting_since) {
    const policy = policyFromJson(t.policy);
    const since = new Date(c.waiting_since);
    const ms = policy
      ? businessMsBetween(
          { timeZone: policy.time_zone, hours: policy.hours, holidays: policy.holidays },
          since,
          now,
        )
      : now.getTime() - since.getTime();
    if (ms < wait.business_hours * 3_600_000) return false;
  }
  const e: EventContext = { events: [], actor: null, changes: {}, now };
  return holds(a, t, e, onTimeout);
}

const BATCH = 500;
/** Tickets acted on at once within a pass (each in its own transaction and connection). */
const PASS_LANES = 4;

export type PreviewResult = {
  count: number;
  /** The count stopped at the limit: at least this many match. */
  more: boolean;
  tickets: { id: number; subject: string }[];
};

export const PREVIEW_LIMIT = 10_000;

/**
 * How many open tickets the rule matches now (up to PREVIEW_LIMIT) and the first ten, of those
 * `viewer` sees.
 */
export async function previewAutomation(
  q: Queryable,
  a: Pick<AutomationRow, 'match' | 'conditions' | 'time_conditions'>,
  now: Date,
  viewer: Viewer,
): Promise<PreviewResult> {
  const out: PreviewResult = { count: 0, more: false, tickets: [] };
  let after = 0;
  for (;;) {
    const batch = await candidates(q, a.time_conditions, now, after, BATCH, { viewer });
    for (const c of batch) {
      const t = await loadTicketState(q, c.id);
      if (!t || !meets(a, t, c, now, () => undefined)) continue;
      if (out.count >= PREVIEW_LIMIT) return { ...out, more: true };
      out.count += 1;
      if (out.tickets.length < 10) out.tickets.push({ id: t.id, subject: t.title });
    }
    if (batch.length < BATCH) return out;
    after = batch[batch.length - 1].id;
  }
}

// ---------------------------------------------------------------------------------------------
// The pass

export interface PassContext extends RulesContext {
  db: Db;
}

/** Two processes never run a pass at once: the pass holds this session-level advisory lock. */
const PASS_LOCK = "hashtext('helpdesk.automations.pass')";

/** One ticket: checked again and acted on in one transaction with the record of it. */
async function actOn(
  ctx: PassContext,
  log: RulesLogger,
  a: AutomationRow,
  id: number,
  now: Date,
): Promise<boolean> {
  return withTransaction(ctx.db, async (tx) => {
    const c = await recheck(tx, a.time_conditions, now, id);
    if (!c) return false;
    const t = await loadTicketState(tx, id);
    const onTimeout = (pattern: string) =>
      log.warn({ automation: a.id, ticket: id, pattern }, 'a rule pattern ran out of time');
    if (!t || !meets(a, t, c, now, onTimeout)) return false;
    const { rowCount } = await tx.query(
      `INSERT INTO automation_runs (automation_id, record_id, period) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [a.id, id, c.period],
    );
    if (rowCount !== 1) return false;
    // Its changes are depth 1 of a chain: the updated triggers run once on them.
    await runTrigger(
      tx,
      ctx,
      log,
      { id: a.id, name: a.name, actions: a.actions, kind: 'automation' },
      t,
      {
        depth: 1,
        triggers: [],
      },
    );
    return true;
  });
}

/**
 * One pass over every active rule. Returns how many tickets were acted on, or null when another
 * process's pass holds the lock (this one does nothing).
 */
export async function runAutomationPass(
  ctx: PassContext,
  log: RulesLogger,
): Promise<number | null> {
  const lock = await ctx.db.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await lock.query<{ ok: boolean }>(
      `SELECT pg_try_advisory_lock(${PASS_LOCK}) AS ok`,
    );
    if (!rows[0].ok) return null;
    try {
      return await passOnce(ctx, log);
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(${PASS_LOCK})`).catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    // A connection whose unlock failed is closed, not pooled: the lock goes with it.
    lock.release(broken);
  }
}

async function passOnce(ctx: PassContext, log: RulesLogger): Promise<number> {
  const now = ctx.clock.now();
  let acted = 0;
  for (const a of await listAutomations(ctx.db, true)) {
    let after = 0;
    for (;;) {
      const batch = await candidates(ctx.db, a.time_conditions, now, after, BATCH, {
        notRunBy: a.id,
      });
      // A few tickets at a time, each its own transaction: most of a ticket's time is round
      // trips, and the pool has room.
      let next = 0;
      const lane = async () => {
        while (next < batch.length) {
          const c = batch[next++];
          try {
            if (await actOn(ctx, log, a, c.id, now)) acted += 1;
          } catch (err) {
            // Rolled back, nothing recorded: the next pass tries this ticket again.
            log.warn(
              { automation: a.id, ticket: c.id, err },
              'a time-based rule failed on a ticket',
            );
          }
        }
      };
      await Promise.all(Array.from({ length: PASS_LANES }, lane));
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }
  }
  return acted;
}

/** Registers the pass's handler and its schedule (every AUTOMATION_PASS_MINUTES minutes). */
export async function startAutomationWorker(
  ctx: PassContext & { queue: JobQueue },
  log: RulesLogger,
): Promise<void> {
  await ctx.queue.work(
    'automations.pass',
    async () => {
      const acted = await runAutomationPass(ctx, log);
      if (acted) log.info({ acted }, 'time-based rules pass');
    },
    { concurrency: 1 },
  );
  await ctx.queue.schedule('automations.pass', `*/${ctx.config.automationPassMinutes} * * * *`, {});
}
