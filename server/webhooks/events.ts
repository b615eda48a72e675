// Which record events become webhook events, and what a delivery's body says (docs/webhooks.md).
import type { Queryable } from '../db/transaction.js';
import type { HistoryAction } from '../routes/records/history.js';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'ticket.message_added',
  'ticket.merged',
  'ticket.sla_breach',
  'ticket.rated',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of a call made by a trigger's action (not subscribed to: the trigger names it). */
export const TRIGGER_EVENT = 'trigger.called';

/** A ticket's history action → the webhook event it is (others are not sent). */
const BY_ACTION: Partial<Record<HistoryAction, WebhookEvent>> = {
  created: 'ticket.created',
  updated: 'ticket.updated',
  status_changed: 'ticket.updated',
  assigned: 'ticket.updated',
  moved: 'ticket.updated',
  classified: 'ticket.updated',
  tagged: 'ticket.updated',
  untagged: 'ticket.updated',
  message_added: 'ticket.message_added',
  merged: 'ticket.merged',
  sla_breach: 'ticket.sla_breach',
  rated: 'ticket.rated',
};

export function webhookEventOf(action: HistoryAction): WebhookEvent | undefined {
  return BY_ACTION[action];
}

export interface TicketSnapshot {
  id: number;
  subject: string;
  status: string;
  priority: string | null;
  helpdesk: string;
  requester: { id: number; name: string; email: string };
  assignee: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  url: string;
}

interface TicketRow {
  id: string;
  title: string;
  status: string;
  priority: string | null;
  helpdesk: string;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  assignee_id: string | null;
  assignee_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The ticket as a delivery shows it; undefined for a content item, a draft or a gone record. */
export async function ticketSnapshot(
  q: Queryable,
  recordId: number,
  publicUrl: string,
): Promise<TicketSnapshot | undefined> {
  const { rows } = await q.query<TicketRow>(
    `SELECT r.id, r.title, s.name AS status, p.name AS priority, h.name AS helpdesk,
            o.id AS owner_id, o.fullname AS owner_name, o.email AS owner_email,
            a.id AS assignee_id, a.fullname AS assignee_name, r.created_at, r.updated_at
       FROM records r
       JOIN statuses s ON s.id = r.status_id
       JOIN helpdesks h ON h.id = r.hd_id
       JOIN users o ON o.id = r.owner_id
       LEFT JOIN priorities p ON p.id = r.priority_id
       LEFT JOIN users a ON a.id = r.assignee_id
      WHERE r.id = $1 AND r.object_type = 'T' AND NOT r.is_draft`,
    [recordId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    subject: r.title,
    status: r.status,
    priority: r.priority,
    helpdesk: r.helpdesk,
    requester: { id: Number(r.owner_id), name: r.owner_name, email: r.owner_email },
    assignee: r.assignee_id ? { id: Number(r.assignee_id), name: r.assignee_name ?? '' } : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    url: `${publicUrl}/hd_ticket/details?hdTicketId=${r.id}`,
  };
}
