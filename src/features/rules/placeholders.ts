/** The placeholders a template may use (server/rules/templates.ts PLACEHOLDERS), plus `fields.<key>`. */
export const PLACEHOLDERS = [
  'ticket.id',
  'ticket.subject',
  'ticket.url',
  'ticket.status',
  'ticket.priority',
  'requester.name',
  'requester.email',
  'organization.name',
  'assignee.name',
  'desk.name',
  'last_message',
] as const;
