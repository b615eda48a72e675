// A trigger's actions, run in the rules consumer's transaction (server/events/outbox.ts) with the
// statements the routes use, so history, service levels, mails and live events follow as they do
// for a person. Each history event says which trigger made it (actor null, `details.rule`) and
// carries the chain it belongs to (`details.rule_chain`), which is what loop protection reads.
import { prepared } from '../db/prepared.js';
import type { Queryable } from '../db/transaction.js';
import type { Language } from '../lib/i18n.js';
import {
  addressOf,
  followersAndThread,
  loadMailThread,
  queueAssigneeMail,
  queueFollowerMails,
  queueRecordMail,
  type RecordMailContext,
} from '../mail/record-mail.js';
import { findAgent, worksOnDeskOf } from '../routes/agent-actions/sql.js';
import { valueChanges, type FieldValues } from '../routes/custom-fields/record-values.js';
import { recordEvent, type HistoryAction } from '../routes/records/history.js';
import { recomputeSla } from '../sla/recompute.js';
import { assignNext } from '../assignment/assign-next.js';
import { ticketSnapshot } from '../webhooks/events.js';
import { queueWebhookCall } from '../webhooks/call.js';
import { loadTicketState, type TicketState } from './evaluate.js';
import type { Action } from './schema.js';
import { templateValues, ticketFieldDefs } from './template-values.js';
import { renderTemplate } from './templates.js';

export interface RuleChain {
  /** 1 for the changes of triggers fired by a person's change, 2 for those they fire. */
  depth: number;
  /** The triggers that made the changes of this chain so far. */
  triggers: number[];
}

export interface ActionRun {
  tx: Queryable;
  ctx: RecordMailContext;
  /** The rule that acts: a trigger, or a time-based rule (`kind: 'automation'`). */
  trigger: { id: number; name: string; kind?: 'automation' };
  /** The chain the actions' changes belong to (already including this trigger). */
  chain: RuleChain;
  /** The ticket as it is now: each action that changes it updates it here too. */
  ticket: TicketState;
  /** An action moved what the service levels depend on: recomputed once, after the actions. */
  slaDirty: boolean;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Why an action did nothing (it cannot succeed on a retry either): logged, not retried. Thrown
 * only before the action wrote anything, so the actions need no savepoint each.
 */
export class ActionSkipped extends Error {}

const ruleDetails = (run: ActionRun, details: Record<string, unknown>) => ({
  ...details,
  rule: {
    id: run.trigger.id,
    name: run.trigger.name,
    ...(run.trigger.kind ? { kind: run.trigger.kind } : {}),
  },
  rule_chain: run.chain,
});

function event(run: ActionRun, action: HistoryAction, details: Record<string, unknown>) {
  return recordEvent(run.tx, {
    recordId: run.ticket.id,
    actorId: null,
    action,
    details: ruleDetails(run, details),
  });
}

/** The ticket, as webhook deliveries show it, to one endpoint (none when it is off). */
async function callWebhook(run: ActionRun, endpointId: number): Promise<void> {
  const ticket = await ticketSnapshot(run.tx, run.ticket.id, run.ctx.config.publicUrl);
  const payload = { ticket, trigger: run.trigger };
  const sent = await queueWebhookCall(run.tx, run.ctx.queue, {
    endpointId,
    recordId: run.ticket.id,
    payload,
  });
  if (!sent) throw new ActionSkipped(`webhook endpoint ${endpointId} is off or gone`);
}

const ref = (t: TicketState) => ({ id: t.id, object_type: 'T' as const, title: t.title });

/** Sets one column and bumps the version, as the routes' writes do. */
async function setColumn(run: ActionRun, column: string, value: unknown): Promise<void> {
  await run.tx.query(
    `UPDATE records SET ${column} = $2, version = version + 1, updated_at = now() WHERE id = $1`,
    [run.ticket.id, value],
  );
}

async function refresh(run: ActionRun): Promise<void> {
  const t = await loadTicketState(run.tx, run.ticket.id);
  if (t) run.ticket = t;
}

async function lookupName(q: Queryable, table: string, id: number, where = 'true') {
  const { rows } = await q.query<{ name: string }>(
    `SELECT name FROM ${table} WHERE id = $1 AND ${where}`,
    [id],
  );
  return rows[0]?.name;
}

async function setStatus(run: ActionRun, statusId: number): Promise<void> {
  const t = run.ticket;
  if (t.status_id === statusId) return;
  const to = await lookupName(run.tx, 'statuses', statusId, `object_type = 'T'`);
  if (to === undefined) throw new ActionSkipped(`status ${statusId} no longer exists`);
  await setColumn(run, 'status_id', statusId);
  await event(run, 'status_changed', { from: t.status_name, to });
  await queueFollowerMails(run.tx, run.ctx, ref(t), null, {
    type: 'status_changed',
    actor: run.trigger.name,
    from: t.status_name,
    to,
  });
  run.slaDirty = true;
  run.ticket = { ...t, status_id: statusId, status_name: to };
}

async function setPriority(run: ActionRun, priorityId: number): Promise<void> {
  const t = run.ticket;
  if (t.priority_id === priorityId) return;
  const to = await lookupName(run.tx, 'priorities', priorityId);
  if (to === undefined) throw new ActionSkipped(`priority ${priorityId} no longer exists`);
  await setColumn(run, 'priority_id', priorityId);
  await event(run, 'updated', {
    fields: ['priority_id'],
    changes: { priority_id: { from: t.priority_name, to } },
  });
  run.slaDirty = true;
  run.ticket = { ...t, priority_id: priorityId, priority_name: to };
}

async function setDesk(run: ActionRun, deskId: number): Promise<void> {
  const t = run.ticket;
  if (t.hd_id === deskId) return;
  const to = await lookupName(run.tx, 'helpdesks', deskId, `object_type = 'T'`);
  if (to === undefined) throw new ActionSkipped(`help desk ${deskId} no longer exists`);
  await setColumn(run, 'hd_id', deskId);
  await event(run, 'moved', { from: t.hd_name, to });
  run.slaDirty = true;
  // The desk decides the service-level policy: the ticket is read again.
  await refresh(run);
}

async function setAssignee(run: ActionRun, agentId: number | null): Promise<void> {
  const t = run.ticket;
  if (t.assignee_id === agentId) return;
  const agent = agentId === null ? undefined : await findAgent(run.tx, agentId);
  if (agentId !== null) {
    if (!agent) throw new ActionSkipped(`user ${agentId} is not an active agent`);
    if (!(await worksOnDeskOf(run.tx, agentId, t.id)))
      throw new ActionSkipped(`agent ${agentId} does not work on the ticket's desk`);
  }
  await setColumn(run, 'assignee_id', agentId);
  await event(run, 'assigned', { to: agent?.fullname ?? null });
  if (agent) await queueAssigneeMail(run.tx, run.ctx, ref(t), agent, run.trigger.name);
  run.ticket = { ...t, assignee_id: agentId, assignee_name: agent?.fullname ?? null };
}

async function changeTags(run: ActionRun, tagIds: number[], add: boolean): Promise<void> {
  const { rows } = await run.tx.query<{ id: number; name: string }>(
    add
      ? `WITH t AS (SELECT id, name FROM tags WHERE id = ANY ($2::int[])),
              u AS (UPDATE records SET tag_ids = tag_ids || ARRAY(
                      SELECT id FROM t WHERE NOT id = ANY (records.tag_ids) ORDER BY id)
                     WHERE id = $1 RETURNING 1)
         SELECT t.id, t.name FROM t, records r WHERE r.id = $1 AND NOT t.id = ANY (r.tag_ids)
          ORDER BY t.id`
      : `WITH t AS (SELECT id, name FROM tags WHERE id = ANY ($2::int[])),
              u AS (UPDATE records SET tag_ids = ARRAY(
                      SELECT x FROM unnest(records.tag_ids) x WHERE NOT x = ANY ($2::int[]))
                     WHERE id = $1 RETURNING 1)
         SELECT t.id, t.name FROM t, records r WHERE r.id = $1 AND t.id = ANY (r.tag_ids)
          ORDER BY t.id`,
    [run.ticket.id, tagIds],
  );
  // The select reads the row as it was before the update (one snapshot): the tags that changed.
  for (const tag of rows) await event(run, add ? 'tagged' : 'untagged', { name: tag.name });
  const changed = rows.map((r) => r.id);
  const ids = run.ticket.tag_ids;
  run.ticket = {
    ...run.ticket,
    tag_ids: add ? [...ids, ...changed] : ids.filter((id) => !changed.includes(id)),
  };
}

async function setFields(run: ActionRun, values: Record<string, unknown>): Promise<void> {
  const { rows } = await run.tx.query<{ key: string }>(
    `SELECT key FROM custom_fields WHERE object_type = 'T' AND active AND key = ANY ($1::text[])`,
    [Object.keys(values)],
  );
  const active = new Set(rows.map((r) => r.key));
  const patch = Object.fromEntries(Object.entries(values).filter(([k]) => active.has(k)));
  const skipped = Object.keys(values).filter((k) => !active.has(k));
  if (skipped.length) run.log.warn({ trigger: run.trigger.id, skipped }, 'inactive custom fields');
  const before = run.ticket.fields as FieldValues;
  const after: FieldValues = { ...before };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete after[k];
    else after[k] = v as FieldValues[string];
  }
  const { names, changes } = valueChanges(before, after);
  if (!names.length) return;
  await run.tx.query(
    `UPDATE records SET fields = jsonb_strip_nulls(fields || $2::jsonb), version = version + 1,
            updated_at = now() WHERE id = $1`,
    [run.ticket.id, JSON.stringify(patch)],
  );
  await event(run, 'updated', { fields: names, changes });
  run.ticket = { ...run.ticket, fields: after };
}

async function template(q: Queryable, id: number) {
  const { rows } = await q.query<{
    name: string;
    subject_en: string;
    body_en: string;
    subject_es: string;
    body_es: string;
  }>('SELECT name, subject_en, body_en, subject_es, body_es FROM rule_templates WHERE id = $1', [
    id,
  ]);
  if (!rows[0]) throw new ActionSkipped(`template ${id} no longer exists`);
  return rows[0];
}

type TemplateRow = Awaited<ReturnType<typeof template>>;

/** The template's version in `lang` (English when the Spanish one is empty). */
const version = (t: TemplateRow, lang: Language) =>
  lang === 'es' && (t.subject_es || t.body_es)
    ? { subject: t.subject_es, body: t.body_es }
    : { subject: t.subject_en, body: t.body_en };

async function addNote(run: ActionRun, templateId: number): Promise<void> {
  const t = await template(run.tx, templateId);
  const values = templateValues(
    run.ctx.config,
    run.ticket,
    await ticketFieldDefs(run.tx),
    'en',
    true,
  );
  const body = renderTemplate(version(t, 'en'), values).html;
  // A work-log entry (agents only), as an agent's note; by the rule, so no author.
  await run.tx.query(
    prepared(
      `WITH m AS (
         INSERT INTO record_messages (record_id, thread, author_id, sent_as, action, body)
         VALUES ($1, 'worklog', NULL, 'helpdesk', 'entry', $2) RETURNING record_id)
       INSERT INTO record_events (record_id, actor_id, action, details, internal)
       SELECT record_id, NULL, 'worklog_added', $3, true FROM m`,
      [run.ticket.id, body, JSON.stringify(ruleDetails(run, { time_spent_minutes: null }))],
    ),
  );
}

interface MailTarget {
  email: string;
  language: Language;
  agent: boolean;
}

/** Who a `send_mail` action writes to (before the loop filter). */
async function recipients(
  run: ActionRun,
  a: Extract<Action, { type: 'send_mail' }>,
): Promise<MailTarget[]> {
  const t = run.ticket;
  switch (a.to) {
    case 'requester':
      return [{ email: t.owner_email, language: t.owner_language, agent: t.owner_is_hde }];
    case 'assignee': {
      if (t.assignee_id === null) return [];
      const agent = await findAgent(run.tx, t.assignee_id);
      return agent ? [{ email: agent.email, language: agent.language, agent: true }] : [];
    }
    case 'followers': {
      const { recipients: people } = await followersAndThread(run.tx, t.id, 0);
      return people.map((p) => ({ email: p.email, language: p.language, agent: p.user_is_hde }));
    }
    case 'desk_agents': {
      // The desk's members; a desk with none is every agent's who may work on it.
      const { rows } = await run.tx.query<{ email: string; language: Language }>(
        `WITH members AS (SELECT user_id FROM helpdesk_members WHERE helpdesk_id = $1)
         SELECT u.email, u.language FROM users u
          WHERE u.user_is_hde AND u.confirmed_at IS NOT NULL AND u.deactivated_at IS NULL
            AND (u.id IN (SELECT user_id FROM members) OR NOT EXISTS (SELECT 1 FROM members))
          ORDER BY u.id`,
        [t.hd_id],
      );
      return rows.map((r) => ({ ...r, agent: true }));
    }
    case 'address': {
      const address = a.address ?? '';
      const { rows } = await run.tx.query<{ language: Language; user_is_hde: boolean }>(
        'SELECT language, user_is_hde FROM users WHERE lower(email) = lower($1)',
        [address],
      );
      return [
        {
          email: address,
          language: rows[0]?.language ?? 'en',
          agent: rows[0]?.user_is_hde ?? false,
        },
      ];
    }
  }
}

/**
 * Addresses a rule never mails (no mail loops): the product's own (every mail channel's and
 * MAIL_FROM's), and senders whose mail came in as written by a machine (auto-submitted,
 * auto-replies, bulk and list mail, bounces).
 */
export async function blockedAddresses(
  q: Queryable,
  mailFrom: string,
  addresses: string[],
): Promise<Set<string>> {
  const { rows } = await q.query<{ address: string }>(
    `SELECT a AS address FROM unnest($1::text[]) a
      WHERE lower(a) = lower($2)
         OR EXISTS (SELECT 1 FROM mail_channels c WHERE lower(c.address) = lower(a))
         OR EXISTS (SELECT 1 FROM inbound_mails m
                     WHERE lower(m.from_email) = lower(a) AND m.state = 'ignored'
                       AND m.reason IN ('auto_submitted', 'auto_response_suppress', 'auto_reply',
                                        'bulk', 'list', 'bounce', 'own_address'))`,
    [addresses, addressOf(mailFrom)],
  );
  return new Set(rows.map((r) => r.address.toLowerCase()));
}

async function sendMail(run: ActionRun, a: Extract<Action, { type: 'send_mail' }>) {
  const t = await template(run.tx, a.template_id);
  const targets = await recipients(run, a);
  const unique = [...new Map(targets.map((r) => [r.email.toLowerCase(), r])).values()];
  const blocked = await blockedAddresses(
    run.tx,
    run.ctx.config.mailFrom,
    unique.map((r) => r.email),
  );
  const allowed = unique.filter((r) => !blocked.has(r.email.toLowerCase()));
  if (allowed.length < unique.length)
    run.log.warn(
      { trigger: run.trigger.id, ticket: run.ticket.id, refused: unique.length - allowed.length },
      'a rule does not mail its own addresses or machine senders',
    );
  if (!allowed.length) return;
  const [thread, defs] = await Promise.all([
    loadMailThread(run.tx, run.ticket.id),
    ticketFieldDefs(run.tx),
  ]);
  for (const r of allowed) {
    const values = templateValues(run.ctx.config, run.ticket, defs, r.language, r.agent);
    const content = renderTemplate(version(t, r.language), values);
    // No `replyAs`: a notification from the desk, so it says Auto-Submitted: auto-generated.
    await queueRecordMail(run.tx, run.ctx, thread, {
      recordId: run.ticket.id,
      to: r.email,
      kind: 'rule',
      content,
    });
  }
  // The timeline says the trigger mailed (the communication log has each mail).
  await recordEvent(run.tx, {
    recordId: run.ticket.id,
    actorId: null,
    action: 'mailed',
    details: ruleDetails(run, { template: t.name, to: allowed.map((r) => r.email).join(', ') }),
    internal: true,
  });
}

async function applyMacro(run: ActionRun, macroId: number): Promise<void> {
  const { rows } = await run.tx.query<{
    name: string;
    body: string;
    status_id: number | null;
    priority_id: number | null;
    assignee_id: string | null;
    category_ids: number[];
  }>(
    'SELECT name, body, status_id, priority_id, assignee_id, category_ids FROM macros WHERE id = $1',
    [macroId],
  );
  const m = rows[0];
  if (!m) throw new ActionSkipped(`macro ${macroId} no longer exists`);
  // Each part on its own: one that cannot run (its agent left) is logged, the others go on.
  const part = async (what: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (err) {
      if (!(err instanceof ActionSkipped)) throw err;
      run.log.warn(
        { trigger: run.trigger.id, macro: macroId, what, reason: err.message },
        'a macro part was skipped',
      );
    }
  };
  if (m.status_id !== null) await part('status', () => setStatus(run, m.status_id as number));
  if (m.priority_id !== null)
    await part('priority', () => setPriority(run, m.priority_id as number));
  if (m.assignee_id !== null) await part('assignee', () => setAssignee(run, Number(m.assignee_id)));
  if (m.category_ids.length) {
    const { rows: added } = await run.tx.query<{ name: string }>(
      `WITH i AS (INSERT INTO record_categories (record_id, category_id)
                  SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING RETURNING category_id)
       SELECT c.name FROM i JOIN categories c ON c.id = i.category_id ORDER BY c.name`,
      [run.ticket.id, m.category_ids],
    );
    if (added.length) await event(run, 'classified', { names: added.map((r) => r.name) });
  }
  if (m.body.trim()) {
    // The macro's text as the desk's reply: in the conversation, mailed to the followers.
    const t = run.ticket;
    const body = m.body
      .replace(/\{\{requester_name\}\}/g, t.owner_name)
      .replace(/\{\{ticket_id\}\}/g, String(t.id))
      .replace(/\{\{agent_name\}\}/g, t.hd_name);
    const { rows: msg } = await run.tx.query<{ id: string }>(
      `WITH m AS (
         INSERT INTO record_messages (record_id, thread, author_id, sent_as, action, body)
         VALUES ($1, 'communication', NULL, 'helpdesk', 'reply', $2) RETURNING id, record_id),
       e AS (INSERT INTO record_events (record_id, actor_id, action, details)
             SELECT record_id, NULL, 'message_added', $3 FROM m)
       SELECT id FROM m`,
      [t.id, body, JSON.stringify(ruleDetails(run, { action: 'reply' }))],
    );
    await queueFollowerMails(
      run.tx,
      run.ctx,
      ref(t),
      null,
      { type: 'message', author: t.hd_name, body },
      { messageRowId: Number(msg[0].id) },
    );
    await refresh(run);
  }
}

/** The service levels, once, when the actions moved what they depend on (as a route does). */
export async function finishActions(run: ActionRun): Promise<void> {
  if (run.slaDirty) await recomputeSla(run.tx, run.ctx, run.ticket.id);
  run.slaDirty = false;
}

/** Runs one action. Throws to have the event retried; ActionSkipped when a retry cannot help. */
export async function runAction(run: ActionRun, a: Action): Promise<void> {
  switch (a.type) {
    case 'set_desk':
      return setDesk(run, a.desk_id);
    case 'set_status':
      return setStatus(run, a.status_id);
    case 'set_priority':
      return setPriority(run, a.priority_id);
    case 'set_assignee':
      return setAssignee(run, a.agent_id);
    case 'assign_next':
      // The desk's own rule; round-robin where the desk has none.
      await assignNext(run.tx, run.ticket.id, {
        mail: run.ctx,
        whenOff: 'round_robin',
        details: ruleDetails(run, {}),
      });
      return refresh(run);
    case 'add_tags':
      return changeTags(run, a.tag_ids, true);
    case 'remove_tags':
      return changeTags(run, a.tag_ids, false);
    case 'set_fields':
      return setFields(run, a.values);
    case 'add_note':
      return addNote(run, a.template_id);
    case 'send_mail':
      return sendMail(run, a);
    case 'call_webhook':
      return callWebhook(run, a.webhook_id);
    case 'apply_macro':
      return applyMacro(run, a.macro_id);
  }
}
