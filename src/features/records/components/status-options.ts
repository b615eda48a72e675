import { useAppSelector } from '../../../app/hooks';
import type { User } from '../../../lib/types';
import type { Kind } from '../kinds';
import type { HdRecord, Status } from '../types';
import { useDropdown } from './use-dropdown';
import type { Option } from './use-dropdown';

const requesterOf = (record: HdRecord) =>
  (record as unknown as { requester_id?: number }).requester_id;

/**
 * The status choices: agents any status; a ticket's owner only closes or reopens it
 * (docs/api-records.md); otherwise none (no Status field).
 */
export function statusChoices(
  kind: Kind,
  record: HdRecord,
  user: User | null,
  statuses: Status[] | null,
): Option[] | undefined {
  if (!user || !statuses) return undefined;
  const all = statuses.map((s) => ({ value: String(s.status_id), label: s.status_name }));
  if (user.user_is_hde) return all;
  if (kind.type !== 'T' || requesterOf(record) !== user.id) return undefined;
  const allowed = statuses.filter(
    (s) =>
      s.status_id === record.status_id || ['open', 'closed'].includes(s.status_name.toLowerCase()),
  );
  return allowed.map((s) => ({ value: String(s.status_id), label: s.status_name }));
}

/**
 * A record's status choices for the signed-in user, asked for by the controls that show them
 * (the side panel, the edit form) rather than by the page: on a phone the side panel is not built
 * at first, and the list's arrival re-renders only those controls. `settled` once the list has
 * come (or failed: then there are no choices).
 */
export function useStatusOptions(
  kind: Kind,
  record: HdRecord,
): { options: Option[] | undefined; settled: boolean } {
  const statuses = useDropdown(kind.type === 'T' ? 'ticketStatus' : 'contentStatus');
  const user = useAppSelector((state) => state.auth.user);
  return {
    options: statusChoices(kind, record, user, statuses.data),
    settled: statuses.data !== null || statuses.error !== null,
  };
}
