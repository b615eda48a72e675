import type { SlaPolicy } from '../features/sla/types';
import { db } from './db';
import { authed, bodyOf, fail, http, ok } from './http';

const AGENTS_ONLY = 'Only helpdesk agents can maintain service levels.';
const NOT_FOUND = 'This policy does not exist.';

/** The rules the server checks (routes/sla/routes.ts), with its messages. */
function validate(b: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if (!name || name.length > 100) fields.name = 'Name must be 1 to 100 characters.';
  const targets = ['first_response_minutes', 'next_response_minutes', 'resolution_minutes'];
  for (const t of targets) {
    const v = b[t];
    if (v !== null && v !== undefined && !(Number.isInteger(v) && (v as number) >= 1)) {
      fields[t] = 'A target is a whole number of minutes from 1 to 525,600, or empty.';
    }
  }
  if (targets.every((t) => b[t] === null || b[t] === undefined)) {
    fields.first_response_minutes = 'Set at least one target.';
  }
  const hours = Array.isArray(b.hours) ? b.hours : [];
  if (hours.length !== 7 || hours.every((h) => h === null)) {
    fields.hours = 'At least one weekday needs working hours.';
  }
  if (typeof b.time_zone !== 'string' || !b.time_zone) fields.time_zone = 'Choose a time zone.';
  return fields;
}

function fromBody(b: Record<string, unknown>, base: SlaPolicy): SlaPolicy {
  const ids = (v: unknown) => (Array.isArray(v) && v.length ? (v as number[]) : null);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    ...base,
    name: String(b.name).trim(),
    hd_ids: ids(b.hd_ids),
    priority_ids: ids(b.priority_ids),
    company_ids: ids(b.company_ids),
    first_response_minutes: num(b.first_response_minutes),
    next_response_minutes: num(b.next_response_minutes),
    resolution_minutes: num(b.resolution_minutes),
    time_zone: String(b.time_zone),
    hours: b.hours as SlaPolicy['hours'],
    holidays: Array.isArray(b.holidays) ? (b.holidays as string[]) : [],
    updated_at: new Date().toISOString(),
  };
}

/** docs/api-sla.md: the policies, agents only. */
export function slaHandlers() {
  /** Signed-in helpdesk agents only (401, else 403). */
  const agents = <Info extends { request: Request }, Answer>(handler: (info: Info) => Answer) =>
    authed((user, info: Info) =>
      user.user_is_hde ? handler(info) : fail(403, 'Forbidden', AGENTS_ONLY),
    );
  const ordered = () => [...db.slaPolicies].sort((a, b) => a.sort_order - b.sort_order);
  return [
    http.get(
      '/api/sla/policies/',
      agents(() => ok(ordered())),
    ),
    http.post(
      '/api/sla/policies/',
      agents(async ({ request }) => {
        const b = await bodyOf(request);
        const fields = validate(b);
        if (Object.keys(fields).length)
          return fail(400, 'Bad Request', 'Validation failed', fields);
        const now = new Date().toISOString();
        const id = Math.max(0, ...db.slaPolicies.map((p) => p.id)) + 1;
        const sortOrder = Math.max(0, ...db.slaPolicies.map((p) => p.sort_order)) + 1;
        const policy = fromBody(b, {
          ...db.slaPolicies[0],
          id,
          sort_order: sortOrder,
          version: 1,
          created_at: now,
        });
        db.slaPolicies.push(policy);
        return ok(policy);
      }),
    ),
    http.put(
      '/api/sla/policies/order/',
      agents(async ({ request }) => {
        const b = await bodyOf(request);
        const ids = Array.isArray(b.ids) ? (b.ids as number[]) : [];
        const known = db.slaPolicies.map((p) => p.id);
        if (ids.length !== known.length || !known.every((id) => ids.includes(id))) {
          return fail(400, 'Bad Request', 'Validation failed', {
            ids: 'Give every policy id once, in the new order.',
          });
        }
        db.slaPolicies = db.slaPolicies.map((p) => ({ ...p, sort_order: ids.indexOf(p.id) + 1 }));
        return ok(ordered());
      }),
    ),
    http.put(
      '/api/sla/policies/{id}/',
      agents(async ({ request, params }) => {
        const current = db.slaPolicies.find((p) => p.id === Number(params.id));
        if (!current) return fail(404, 'Not Found', NOT_FOUND);
        const b = await bodyOf(request);
        const fields = validate(b);
        if (Object.keys(fields).length)
          return fail(400, 'Bad Request', 'Validation failed', fields);
        if (b.version !== current.version) {
          return fail(
            409,
            'Conflict',
            'Someone else changed this policy. The current version is shown.',
            undefined,
            { current },
          );
        }
        const policy = fromBody(b, { ...current, version: current.version + 1 });
        db.slaPolicies = db.slaPolicies.map((p) => (p.id === policy.id ? policy : p));
        return ok(policy);
      }),
    ),
    http.delete(
      '/api/sla/policies/{id}/',
      agents(({ params }) => {
        const id = Number(params.id);
        if (!db.slaPolicies.some((p) => p.id === id)) return fail(404, 'Not Found', NOT_FOUND);
        db.slaPolicies = db.slaPolicies.filter((p) => p.id !== id);
        return ok({ id });
      }),
    ),
  ];
}
