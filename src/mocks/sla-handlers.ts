import type { SlaPolicy } from '../features/sla/types';
import { adminsOnly } from './admin-handlers';
import { db } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { COMPANIES, HELPDESKS, NO_SLA, PRIORITIES } from './records-data';

const AGENTS_ONLY = 'Only helpdesk agents can maintain service levels.';

/**
 * A new submitted ticket's service levels: the first policy in order whose desks, priorities
 * and companies include it (server/sla/policy.ts matchingPolicySql); its targets counted in
 * plain minutes here (the server counts working hours).
 */
export function slaOfNewTicket(t: {
  hd_id: number;
  priority_id: number | null;
  company_id: number | null;
  created_at: string;
}) {
  const has = (ids: number[] | null, id: number | null) =>
    ids === null || (id !== null && ids.includes(id));
  const policy = [...db.slaPolicies]
    .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
    .find(
      (p) =>
        has(p.hd_ids, t.hd_id) &&
        has(p.priority_ids, t.priority_id) &&
        has(p.company_ids, t.company_id),
    );
  if (!policy) return NO_SLA;
  const due = (minutes: number | null) =>
    minutes === null ? null : new Date(Date.parse(t.created_at) + minutes * 60_000).toISOString();
  const first = due(policy.first_response_minutes);
  const resolution = due(policy.resolution_minutes);
  const next = first ?? resolution;
  const left = next === null ? Infinity : Date.parse(next) - Date.now();
  return {
    sla_policy_id: policy.id,
    first_response_due_at: first,
    first_responded_at: null,
    next_response_due_at: null,
    resolution_due_at: resolution,
    resolved_at: null,
    sla: {
      state:
        left < 0 ? ('overdue' as const) : left < 3600_000 ? ('warning' as const) : ('ok' as const),
      target: first ? ('first_response' as const) : ('resolution' as const),
      due_at: next,
    },
  };
}
const NOT_FOUND = 'This policy does not exist.';

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3));

/**
 * The rules the server checks beyond the contract's schema (server/routes/sla/routes.ts
 * validInput), with its messages; the policy as stored when there is none to report.
 */
function validate(b: Record<string, unknown>): {
  fields: Record<string, string>;
  input: Omit<SlaPolicy, 'id' | 'sort_order' | 'version' | 'created_at' | 'updated_at'>;
} {
  const list = (v: unknown) => (Array.isArray(v) && v.length ? (v as number[]) : null);
  const minutes = (v: unknown) => (typeof v === 'number' ? v : null);
  const input = {
    name: String(b.name).trim(),
    hd_ids: list(b.hd_ids),
    priority_ids: list(b.priority_ids),
    company_ids: list(b.company_ids),
    first_response_minutes: minutes(b.first_response_minutes),
    next_response_minutes: minutes(b.next_response_minutes),
    resolution_minutes: minutes(b.resolution_minutes),
    time_zone: String(b.time_zone),
    hours: b.hours as SlaPolicy['hours'],
    holidays: [...((b.holidays as string[] | undefined) ?? [])].sort(),
  };
  const fields: Record<string, string> = {};
  if (!isTimeZone(input.time_zone)) fields.time_zone = 'Choose a time zone.';
  input.hours.forEach((h, i) => {
    if (h && minutesOf(h.end) <= minutesOf(h.start)) {
      fields[`hours.${i}.end`] = 'The end must be after the start.';
    }
  });
  if (input.hours.every((h) => h === null)) {
    fields.hours = 'At least one weekday needs working hours.';
  }
  const targets = [
    input.first_response_minutes,
    input.next_response_minutes,
    input.resolution_minutes,
  ];
  if (targets.every((t) => t === null)) fields.first_response_minutes = 'Set at least one target.';
  const known: [keyof typeof input & string, (id: number) => boolean, string][] = [
    [
      'hd_ids',
      (id) => HELPDESKS.some((hd) => hd.hd_id === id && hd.object_type === 'T'),
      'Choose ticket help desks (or none for any).',
    ],
    [
      'priority_ids',
      (id) => PRIORITIES.some((p) => p.priority_id === id),
      'Choose priorities (or none for any).',
    ],
    [
      'company_ids',
      (id) => COMPANIES.some((c) => c.company_id === id),
      'Choose companies (or none for any).',
    ],
  ];
  for (const [field, exists, message] of known) {
    if (!((input[field] as number[] | null) ?? []).every(exists)) fields[field] = message;
  }
  return { fields, input };
}

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

/** docs/api-sla.md: the policies, agents only. */
export function slaHandlers() {
  /** Signed-in helpdesk agents only (403 otherwise). */
  const agents = <Info extends { request: Request }, Answer>(handler: (info: Info) => Answer) =>
    authed((user, info: Info) =>
      user.user_is_hde ? handler(info) : fail(403, 'Forbidden', AGENTS_ONLY),
    );
  const ordered = () =>
    [...db.slaPolicies].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  return [
    http.get(
      '/api/sla/policies/',
      agents(() => ok(ordered())),
    ),
    http.get(
      '/api/sla/policies/{id}/',
      agents(({ params }) => {
        const policy = db.slaPolicies.find((p) => p.id === Number(params.id));
        return policy ? ok(policy) : fail(404, 'Not Found', NOT_FOUND);
      }),
    ),
    http.post(
      '/api/sla/policies/',
      adminsOnly(async (_user, { request }) => {
        const { fields, input } = validate(await bodyOf(request));
        if (Object.keys(fields).length) return invalid(fields);
        const now = new Date().toISOString();
        const policy: SlaPolicy = {
          ...input,
          id: Math.max(0, ...db.slaPolicies.map((p) => p.id)) + 1,
          sort_order: Math.max(0, ...db.slaPolicies.map((p) => p.sort_order)) + 1,
          version: 1,
          created_at: now,
          updated_at: now,
        };
        db.slaPolicies.push(policy);
        return ok(policy);
      }),
    ),
    http.put(
      '/api/sla/policies/order/',
      adminsOnly(async (_user, { request }) => {
        const ids = (await bodyOf(request)).ids as number[];
        const known = db.slaPolicies.map((p) => p.id);
        if (ids.length !== known.length || !known.every((id) => ids.includes(id))) {
          return invalid({ ids: 'Give every policy id once, in the new order.' });
        }
        const now = new Date().toISOString();
        db.slaPolicies = db.slaPolicies.map((p) => {
          const at = ids.indexOf(p.id) + 1;
          return at === p.sort_order
            ? p
            : { ...p, sort_order: at, version: p.version + 1, updated_at: now };
        });
        return ok(ordered());
      }),
    ),
    http.put(
      '/api/sla/policies/{id}/',
      adminsOnly(async (_user, { request, params }) => {
        const b = await bodyOf(request);
        const { fields, input } = validate(b);
        if (Object.keys(fields).length) return invalid(fields);
        const current = db.slaPolicies.find((p) => p.id === Number(params.id));
        if (!current) return fail(404, 'Not Found', NOT_FOUND);
        if (b.version !== current.version) {
          return fail(
            409,
            'Conflict',
            'Someone else changed this policy. The current version is shown.',
            undefined,
            { current },
          );
        }
        const policy = {
          ...current,
          ...input,
          version: current.version + 1,
          updated_at: new Date().toISOString(),
        };
        db.slaPolicies = db.slaPolicies.map((p) => (p.id === policy.id ? policy : p));
        return ok(policy);
      }),
    ),
    http.delete(
      '/api/sla/policies/{id}/',
      adminsOnly((_user, { params }) => {
        const id = Number(params.id);
        if (!db.slaPolicies.some((p) => p.id === id)) return fail(404, 'Not Found', NOT_FOUND);
        db.slaPolicies = db.slaPolicies.filter((p) => p.id !== id);
        return ok({ id });
      }),
    ),
  ];
}
