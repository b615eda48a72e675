// Conditions on a ticket's state that the dashboard counts and the list filters share, so a
// figure and the list its link opens always agree (docs/api-overview.md). Each is SQL on the
// record alias `r`; the latest public message is one probe of record_messages_thread_idx.

/** The ticket's status is open (not closed) or closed. */
export function statusGroup(group: 'open' | 'closed', alias = 'r'): string {
  return `${alias}.status_id IN (SELECT id FROM statuses WHERE is_closed = ${group === 'closed'})`;
}

/** `SELECT <what> FROM` the newest public message of record `alias` (alias `m`, author `u`). */
function latestMessage(what: string, alias: string): string {
  return `(SELECT ${what}
             FROM record_messages m LEFT JOIN users u ON u.id = m.author_id
            WHERE m.record_id = ${alias}.id AND m.thread = 'communication'
            ORDER BY m.created_at DESC, m.id DESC LIMIT 1)`;
}

/** Open, and the newest public message is from an agent (not the requester): their turn. */
export function waitingForRequester(alias = 'r'): string {
  return `(${statusGroup('open', alias)} AND coalesce(${latestMessage(
    `u.user_is_hde AND m.author_id <> ${alias}.owner_id`,
    alias,
  )}, false))`;
}

/** An agent (not the requester) wrote in the public thread in the last 7 days. */
export function recentlyAnswered(alias = 'r'): string {
  return `EXISTS (SELECT 1 FROM record_messages m JOIN users u ON u.id = m.author_id
                   WHERE m.record_id = ${alias}.id AND m.thread = 'communication'
                     AND m.created_at > now() - interval '7 days'
                     AND u.user_is_hde AND m.author_id <> ${alias}.owner_id)`;
}

/**
 * Open, and the requester has waited more than 24 hours: they wrote last, or nobody has
 * written since the ticket was raised.
 */
export function overdue(alias = 'r'): string {
  return `(${statusGroup('open', alias)} AND ${alias}.created_at < now() - interval '24 hours'
           AND coalesce(${latestMessage(
             `m.author_id = ${alias}.owner_id AND m.created_at < now() - interval '24 hours'`,
             alias,
           )}, true))`;
}

/**
 * A running SLA target is past due (`overdue`) or due within the hour (`due_soon`) at `now` (a
 * query parameter: the SLA clock's time). A range on records_hd_sla_idx.
 */
export function slaDue(which: 'overdue' | 'due_soon', now: string, alias = 'r'): string {
  return which === 'overdue'
    ? `${alias}.sla_due_at < ${now}`
    : `(${alias}.sla_due_at >= ${now} AND ${alias}.sla_due_at < ${now}::timestamptz + interval '1 hour')`;
}
