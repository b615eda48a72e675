// The rules engine: the `rules` event consumer (server/events/outbox.ts). For each change of a
// ticket (the history events one transaction wrote, taken together) it finds what happened
// (created, updated, a requester's or an agent's message, a service-level warning or breach),
// reads the ticket once, and runs the active triggers for that in `position` order, each
// trigger's actions when its conditions hold, until one says `stop`. Everything runs in the
// consumer's transaction: the actions' writes, history and mails happen exactly once.
//
// Loop protection (docs/rules.md): a trigger's changes carry `details.rule_chain` { depth,
// triggers }. A person's change starts a chain at depth 0; the changes its triggers make (depth
// 1) run the *updated* triggers once more, never one already in the chain, and the changes those
// make (depth 2) run nothing.
import type pg from 'pg';
import type { Queryable } from '../db/transaction.js';
import type { EventConsumer, OutboxEvent, OutboxLogger } from '../events/outbox.js';
import type { RecordMailContext } from '../mail/record-mail.js';
import { listTriggers, RULES_CONSUMER, type TriggerRow } from '../routes/triggers/sql.js';
import {
  ActionSkipped,
  finishActions,
  runAction,
  type ActionRun,
  type RuleChain,
} from './actions.js';
import {
  holds,
  loadTicketState,
  type ActorKind,
  type EventContext,
  type TicketState,
} from './evaluate.js';
import { CHANGE_ATTRIBUTES, type ChangeAttribute, type TriggerEvent } from './schema.js';

/** The deepest chain whose changes still run triggers (the updated ones, once). */
export const MAX_CHAIN_DEPTH = 1;

export type RulesContext = RecordMailContext;

interface GroupEvent {
  id: string;
  actor_id: string | null;
  action: string;
  details: Record<string, unknown>;
}

/** The history events written together with `e` (its transaction's `now()`), oldest first. */
async function changeOf(q: Queryable, e: OutboxEvent): Promise<GroupEvent[]> {
  const { rows } = await q.query<GroupEvent>(
    `SELECT id, actor_id, action, details FROM record_events
      WHERE record_id = $1
        AND created_at = (SELECT created_at FROM record_events WHERE id = $2) ORDER BY id`,
    [e.recordId, e.id],
  );
  return rows;
}

const chainOf = (events: GroupEvent[]): RuleChain | undefined => {
  let chain: RuleChain | undefined;
  for (const e of events) {
    const c = e.details.rule_chain as RuleChain | undefined;
    if (!c) continue;
    chain = {
      depth: Math.max(chain?.depth ?? 0, c.depth),
      triggers: [...new Set([...(chain?.triggers ?? []), ...c.triggers])],
    };
  }
  return chain;
};

/** What happened, in the words of a trigger's `event`. */
function whatHappened(
  events: GroupEvent[],
  t: TicketState,
  actorIsAgent: boolean,
  byRule: boolean,
): TriggerEvent[] {
  // A trigger's mail changes nothing of the ticket: no trigger runs for it.
  if (events.every((e) => e.action === 'mailed')) return [];
  if (byRule) return ['ticket_updated'];
  const actions = events.map((e) => e.action);
  if (actions.includes('created')) return ['ticket_created'];
  const out = new Set<TriggerEvent>();
  for (const e of events) {
    if (e.action === 'sla_warning') out.add('sla_warning');
    else if (e.action === 'sla_breach') out.add('sla_breach');
    else if (e.action === 'rated') out.add('rating_received');
    else if (e.action === 'message_added') {
      const kind = e.details.action;
      if (kind === 'reply' || kind === 'forward') {
        const byRequester = !actorIsAgent || Number(e.actor_id) === t.owner_id;
        out.add(byRequester && kind === 'reply' ? 'requester_message' : 'agent_message');
      } else out.add('ticket_updated');
    } else out.add('ticket_updated');
  }
  return [...out];
}

/** The attributes a change touched, from its history events. */
function touched(events: GroupEvent[]): Set<ChangeAttribute> {
  const out = new Set<ChangeAttribute>();
  for (const e of events) {
    if (e.action === 'moved') out.add('desk');
    if (e.action === 'status_changed') out.add('status');
    if (e.action === 'assigned') out.add('assignee');
    if (e.action === 'merged_into') out.add('status');
    if (e.action === 'updated') {
      const fields = (e.details.fields as string[] | undefined) ?? [];
      if (fields.includes('hd_id')) out.add('desk');
      if (fields.includes('priority_id')) out.add('priority');
      if (fields.includes('company_id')) out.add('organization');
      if (fields.includes('status_id')) out.add('status');
    }
  }
  return out;
}

const COLUMN: Record<ChangeAttribute, keyof TicketState> = {
  desk: 'hd_id',
  status: 'status_id',
  priority: 'priority_id',
  assignee: 'assignee_id',
  organization: 'company_id',
};
const SNAPSHOT: Record<ChangeAttribute, string> = {
  desk: 'hd_id',
  status: 'status_id',
  priority: 'priority_id',
  assignee: 'assignee_id',
  organization: 'company_id',
};

type Snapshot = Partial<Record<ChangeAttribute, number | null>>;

/**
 * What changed (from, to) for the attributes this change touched: "from" is the value the
 * rules last saw (`rule_ticket_snapshots`), "to" the ticket's value now. The snapshot then
 * takes the new values of those attributes only, so a later change still pending keeps its own.
 */
async function changesOf(
  q: Queryable,
  t: TicketState,
  which: Set<ChangeAttribute>,
  created: boolean,
): Promise<EventContext['changes']> {
  const { rows } = await q.query<Record<string, number | null>>(
    `SELECT hd_id, status_id, priority_id, assignee_id::int, company_id
       FROM rule_ticket_snapshots WHERE record_id = $1`,
    [t.id],
  );
  const before: Snapshot | undefined = rows[0]
    ? Object.fromEntries(CHANGE_ATTRIBUTES.map((a) => [a, rows[0][SNAPSHOT[a]]]))
    : undefined;
  const changes: EventContext['changes'] = {};
  const now = (a: ChangeAttribute) => t[COLUMN[a]] as number | null;
  for (const a of which) {
    const from = before ? (before[a] ?? null) : undefined;
    if (from === now(a)) continue;
    changes[a] = { from, to: now(a) };
  }
  const keep = created || !before ? [...CHANGE_ATTRIBUTES] : [...which];
  if (keep.length) {
    const cols = keep.map((a) => SNAPSHOT[a]);
    await q.query(
      `INSERT INTO rule_ticket_snapshots (record_id, ${cols.join(', ')})
       VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})
       ON CONFLICT (record_id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
      [t.id, ...keep.map(now)],
    );
  }
  return changes;
}

/** The snapshot takes the ticket's values of these attributes, without reading them here. */
async function advanceSnapshot(q: Queryable, recordId: number, which: Set<ChangeAttribute>) {
  if (!which.size) return;
  const cols = [...which].map((a) => SNAPSHOT[a]);
  await q.query(
    `INSERT INTO rule_ticket_snapshots (record_id, hd_id, status_id, priority_id, assignee_id, company_id)
     SELECT id, hd_id, status_id, priority_id, assignee_id, company_id FROM records WHERE id = $1
     ON CONFLICT (record_id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
    [recordId],
  );
}

/** The message a message event is about (HTML), for `body` conditions. */
async function messageOf(q: Queryable, recordId: number, eventIds: string[]) {
  const { rows } = await q.query<{ body: string }>(
    `SELECT m.body FROM record_messages m
      WHERE m.record_id = $1 AND m.thread = 'communication'
        AND m.created_at = (SELECT created_at FROM record_events WHERE id = $2)
      ORDER BY m.id DESC LIMIT 1`,
    [recordId, eventIds[0]],
  );
  return rows[0]?.body;
}

export interface RulesLogger extends OutboxLogger {
  info: (obj: object, msg: string) => void;
}

/** Handles one history event (the first of its change; the others were handled with it). */
export async function handleRuleEvent(
  tx: pg.PoolClient,
  ctx: RulesContext,
  log: RulesLogger,
  e: OutboxEvent,
): Promise<void> {
  const [events, all] = await Promise.all([changeOf(tx, e), listTriggers(tx, true)]);
  if (events.length && Number(events[0].id) !== e.id) return;
  // The change's other events are handled with this one: their outbox rows go with it.
  if (events.length > 1) {
    await tx.query(
      `DELETE FROM event_outbox WHERE consumer = $1 AND event_id = ANY ($2::bigint[])`,
      [RULES_CONSUMER, events.slice(1).map((x) => x.id)],
    );
  }
  const chain = chainOf(events);
  const byRule = events.some((x) => x.details.rule !== undefined);
  if (chain && chain.depth > MAX_CHAIN_DEPTH) return;
  // A rule's change runs the updated triggers only: with none, only the snapshot moves on.
  if (byRule && !all.some((tr) => tr.event === 'ticket_updated')) {
    await advanceSnapshot(tx, e.recordId, touched(events));
    return;
  }
  const t = await loadTicketState(tx, e.recordId);
  if (!t || t.object_type !== 'T' || t.is_draft || t.merged_into_id !== null) return;

  const { rows: actorRows } = await tx.query<{ user_is_hde: boolean }>(
    'SELECT user_is_hde FROM users WHERE id = $1',
    [e.actorId],
  );
  const actorIsAgent = actorRows[0]?.user_is_hde ?? false;
  const what = whatHappened(events, t, actorIsAgent, byRule);
  const created = what.includes('ticket_created');
  const changes = await changesOf(tx, t, touched(events), created);
  const triggers = all.filter((tr) => what.includes(tr.event) && !chain?.triggers.includes(tr.id));
  if (!triggers.length) return;

  const actor: ActorKind | null = byRule
    ? 'rule'
    : e.actorId === null
      ? null
      : e.actorId === t.owner_id || !actorIsAgent
        ? 'requester'
        : 'agent';
  const message = what.some((w) => w === 'requester_message' || w === 'agent_message')
    ? await messageOf(
        tx,
        t.id,
        events.filter((x) => x.action === 'message_added').map((x) => x.id),
      )
    : undefined;
  const context: EventContext = { events: what, actor, changes, message, now: ctx.clock.now() };
  const depth = (chain?.depth ?? 0) + 1;
  let ticket = t;
  for (const trigger of triggers) {
    const onTimeout = (pattern: string) =>
      log.warn({ trigger: trigger.id, ticket: t.id, pattern }, 'a rule pattern ran out of time');
    if (!holds(trigger, ticket, context, onTimeout)) continue;
    ticket = await runTrigger(tx, ctx, log, trigger, ticket, {
      depth,
      triggers: [...(chain?.triggers ?? []), trigger.id],
    });
    if (trigger.stop) break;
  }
}

/** Runs a rule's actions in order on the ticket (the time-based rules' pass runs them too). */
export async function runTrigger(
  tx: pg.PoolClient,
  ctx: RulesContext,
  log: RulesLogger,
  trigger: Pick<TriggerRow, 'id' | 'name' | 'actions'> & { kind?: 'automation' },
  ticket: TicketState,
  chain: RuleChain,
): Promise<TicketState> {
  const rule = {
    id: trigger.id,
    name: trigger.name,
    ...(trigger.kind ? { kind: trigger.kind } : {}),
  };
  const run: ActionRun = { tx, ctx, trigger: rule, chain, ticket, log, slaDirty: false };
  for (const [index, action] of trigger.actions.entries()) {
    try {
      await runAction(run, action);
    } catch (err) {
      // An action that cannot succeed on a retry either (its agent left, its template went) is
      // logged and skipped (it wrote nothing); anything else rolls the whole event back, to be
      // retried.
      if (!(err instanceof ActionSkipped)) throw err;
      log.warn(
        { trigger: trigger.id, ticket: ticket.id, action: index, reason: err.message },
        'a rule action was skipped',
      );
    }
  }
  await finishActions(run);
  log.info(
    { [trigger.kind ?? 'trigger']: trigger.id, ticket: ticket.id, depth: chain.depth },
    trigger.kind === 'automation' ? 'time-based rule ran' : 'trigger ran',
  );
  return run.ticket;
}

export function rulesConsumer(ctx: RulesContext, log: RulesLogger): EventConsumer {
  return { name: RULES_CONSUMER, handle: (tx, e) => handleRuleEvent(tx, ctx, log, e) };
}
