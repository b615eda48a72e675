// The organizations' part of the visibility rule (migration 030): a regular user who belongs to
// an organization marked "members see each other's tickets" sees that organization's tickets
// (access "organization": read, reply, follow; never the work log, never edit). visibility.ts
// adds these conditions to visibleTo() and viewerColumns(); the live hub asks the same
// question of an event's record. docs/api-working.md "Organizations".

/** SQL: the organizations `me` belongs to whose members see each other's tickets. */
export function sharingOrganizations(me: string): string {
  return `SELECT m.company_id FROM organization_members m
            JOIN companies c ON c.id = m.company_id AND c.members_see_tickets
           WHERE m.user_id = ${me}::bigint`;
}

/**
 * `EXISTS` a membership of `me` in the organization of ticket `alias`, when that organization
 * shares its tickets (two primary-key probes: organization_members, companies).
 */
export function organizationShares(me: string, alias = 'r'): string {
  return `(${alias}.object_type = 'T' AND ${alias}.company_id IS NOT NULL AND EXISTS (
            SELECT 1 FROM organization_members m
              JOIN companies c ON c.id = m.company_id AND c.members_see_tickets
             WHERE m.user_id = ${me}::bigint AND m.company_id = ${alias}.company_id))`;
}

/** SQL: the primary organization of user `user` (null when none): a new ticket's company. */
export function primaryOrganization(user: string): string {
  return `(SELECT company_id FROM organization_members WHERE user_id = ${user} AND is_primary)`;
}
