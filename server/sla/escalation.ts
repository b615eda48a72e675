// Firing one escalation (a warning at 80 % of a target, or its breach): a row in
// sla_escalations whose key makes it happen once per target and cycle whatever the number of
// workers, then, only if this transaction inserted that row, an entry in the record's history,
// a live event (NOTIFY record_events) and a mail to the assignee, or to every agent when the
// ticket is unassigned. All in the caller's transaction: it commits or vanishes as a whole.
import type { Queryable } from '../db/transaction.js';
import { detailsLink, loadMailThread, queueRecordMail } from '../mail/record-mail.js';
import type { Recipient } from '../routes/threads/sql.js';
import { recordEvent } from '../routes/records/history.js';
import { deskOpenToUser } from '../routes/records/visibility.js';
import { escalationMail, type Level } from './escalation-mail.js';
import type { RunningTarget } from './compute.js';
import type { SlaContext } from './recompute.js';

export interface EscalatedTicket {
  id: string;
  title: string;
  assignee_id: string | null;
}

export async function fireEscalation(
  tx: Queryable,
  ctx: SlaContext,
  r: EscalatedTicket,
  t: RunningTarget,
  level: Level,
  now: Date,
  opts: { silent?: boolean } = {},
): Promise<void> {
  const inserted = await tx.query(
    `INSERT INTO sla_escalations (record_id, target, level, started_at, due_at, fired_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [r.id, t.target, level, t.startedAt, t.dueAt, now],
  );
  if (inserted.rowCount !== 1 || opts.silent) return;
  const recordId = Number(r.id);
  const action = level === 'breach' ? 'sla_breach' : 'sla_warning';
  await recordEvent(tx, {
    recordId,
    actorId: null,
    action,
    details: { target: t.target, due_at: t.dueAt.toISOString() },
    internal: true,
  });
  await tx.query(`SELECT pg_notify('record_events', $1)`, [
    JSON.stringify({ record_id: recordId, kind: action, target: t.target }),
  ]);
  const { rows: people } = await tx.query<Recipient>(
    `SELECT u.id, u.email, u.fullname, u.language, u.user_is_hde FROM users u
      WHERE u.user_is_hde AND u.confirmed_at IS NOT NULL AND u.deactivated_at IS NULL
        AND ($1::bigint IS NULL OR u.id = $1)
        AND ${deskOpenToUser('u.id', '(SELECT hd_id FROM records WHERE id = $2)')}
      ORDER BY u.id`,
    [r.assignee_id, recordId],
  );
  if (!people.length) return;
  const thread = await loadMailThread(tx, recordId);
  const ref = { id: recordId, object_type: 'T' as const, title: r.title };
  for (const p of people) {
    await queueRecordMail(tx, ctx, thread, {
      recordId,
      to: p.email,
      agentId: Number(p.id),
      kind: action,
      content: escalationMail(p.language, {
        recordId,
        title: r.title,
        target: t.target,
        level,
        dueAt: t.dueAt,
        name: p.fullname,
        link: detailsLink(ctx.config, ref, true),
      }),
    });
  }
}
