// Organizations (server/routes/organizations/): agents list, read and edit them and their
// members; administrators create and delete them. The answers, messages and order are the
// server's; the mock-parity scenario (server/test/mock-parity/steps/organizations.ts) keeps them so.
import { STATUSES } from './records-data';
import { db } from './db';
import { checkValues, valuesShapeProblems } from './custom-field-values';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { syncCompanies, type MockOrganization } from './organization-data';

const AGENTS_ONLY = 'Only helpdesk agents can manage organizations.';
const ADMINS_ONLY = 'Only administrators can do this.';
const NOT_FOUND = 'This organization does not exist.';
const USER_NOT_FOUND = 'This user does not exist.';
const NOT_A_MEMBER = 'This user is not a member of this organization.';
const DOMAIN_TAKEN = 'This domain belongs to another organization.';
const NAME_TAKEN = 'An organization with this name already exists.';
const HAS_TICKETS =
  'This organization still has tickets or service-level policies: move them to another company first.';

const FIELDS_REQUIRED = 'Send the custom fields as an object of values by key.';
const VERSION_REQUIRED = 'The fields version must be a positive whole number.';

const PEOPLE_FIELDS_AGENTS_ONLY = 'Only helpdesk agents can see and set people’s fields.';

/** PUT …/fields: the body's schema checks (both properties required). */
function fieldsBodyProblems(b: Record<string, unknown>): Record<string, string> {
  const problems = valuesShapeProblems(b);
  if (b.fields === undefined) problems.fields = FIELDS_REQUIRED;
  if (b.fields_version === undefined) problems.fields_version = VERSION_REQUIRED;
  return problems;
}

/** A user's or organization's values after a save (as the server's savePartyFields). */
function saveValues(
  user: MockUser,
  kind: 'U' | 'O',
  current: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> | Response {
  const checked = checkValues(user, kind, {
    sent: b.fields,
    version: b.fields_version,
    hdId: null,
    draft: false,
    raising: false,
    current,
    isNew: false,
  });
  if ('status' in checked) {
    return checked.status === 409
      ? fail(409, 'Conflict', checked.message)
      : fail(400, 'Bad Request', 'Validation failed', checked.fields);
  }
  const next = { ...current, ...checked.patch };
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== null));
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The server counts open tickets up to the lists' cap (LIST_COUNT_CAP): "10000+". */
const COUNT_CAP = 10_000;

const isOpen = (statusId: number) => STATUSES.some((s) => s.status_id === statusId && !s.is_closed);

function organizationOf({ fields: _fields, ...o }: MockOrganization) {
  const tickets = db.records.filter(
    (r) => r.object_type === 'T' && !r.is_draft && r.company_id === o.id,
  );
  const open = tickets.filter((r) => isOpen(r.status_id)).length;
  return {
    ...o,
    domains: [...o.domains].sort(byName),
    member_count: db.memberships.filter((m) => m.company_id === o.id).length,
    open_ticket_count: Math.min(open, COUNT_CAP),
    open_ticket_count_is_capped: open > COUNT_CAP,
  };
}

function detailsOf(o: MockOrganization) {
  const members = db.memberships
    .filter((m) => m.company_id === o.id)
    .map((m) => {
      const u = db.users.find((x) => x.id === m.user_id);
      return {
        id: m.user_id,
        fullname: u?.fullname ?? '',
        email: u?.email ?? '',
        is_primary: m.is_primary,
      };
    })
    .sort((a, b) => byName(a.fullname.toLowerCase(), b.fullname.toLowerCase()) || a.id - b.id);
  const recent = db.records
    .filter((r) => r.object_type === 'T' && !r.is_draft && r.company_id === o.id)
    .sort((a, b) => byName(b.created_at, a.created_at) || b.id - a.id)
    .slice(0, 10)
    .flatMap((r) =>
      r.object_type === 'T'
        ? [
            {
              id: r.id,
              subject: r.subject,
              status_name: r.status_name,
              is_closed: !isOpen(r.status_id),
              requester_name: db.users.find((u) => u.id === r.requester_id)?.fullname ?? '',
              created_at: r.created_at,
            },
          ]
        : [],
    );
  return {
    organization: organizationOf(o),
    fields: o.fields ?? {},
    members,
    recent_tickets: recent,
  };
}

/** The organization a valid body describes, or the 409 the server's unique keys give. */
function write(b: Record<string, unknown>, id: number) {
  const name = String(b.name).trim();
  const domains = [
    ...new Set(((b.domains as string[] | undefined) ?? []).map((d) => d.toLowerCase())),
  ];
  if (db.organizations.some((o) => o.id !== id && o.name === name)) {
    return fail(409, 'Conflict', NAME_TAKEN, { name: NAME_TAKEN });
  }
  if (db.organizations.some((o) => o.id !== id && o.domains.some((d) => domains.includes(d)))) {
    return fail(409, 'Conflict', DOMAIN_TAKEN, { domains: DOMAIN_TAKEN });
  }
  return {
    id,
    name,
    domains,
    notes: typeof b.notes === 'string' ? b.notes.trim() : '',
    members_see_tickets: b.members_see_tickets === true,
    updated_at: new Date().toISOString(),
  } satisfies MockOrganization;
}

const find = (id: number) => db.organizations.find((o) => o.id === id);
const touch = (o: MockOrganization) => {
  o.updated_at = new Date().toISOString();
};

export function organizationHandlers() {
  const agentsOnly = <Info extends { request: Request }, Answer>(
    handler: (user: MockUser, info: Info) => Answer,
  ) =>
    authed((user: MockUser, info: Info) =>
      user.user_is_hde ? handler(user, info) : fail(403, 'Forbidden', AGENTS_ONLY),
    );
  const adminsOnly = <Info extends { request: Request }, Answer>(
    handler: (user: MockUser, info: Info) => Answer,
  ) =>
    authed((user: MockUser, info: Info) =>
      user.user_is_admin ? handler(user, info) : fail(403, 'Forbidden', ADMINS_ONLY),
    );
  return [
    http.get(
      '/api/organizations',
      agentsOnly(() =>
        ok(
          [...db.organizations]
            .sort((a, b) => byName(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id)
            .map(organizationOf),
        ),
      ),
    ),
    http.get(
      '/api/organizations/{id}',
      agentsOnly((_user, { params }) => {
        const o = find(Number(params.id));
        return o ? ok(detailsOf(o)) : fail(404, 'Not Found', NOT_FOUND);
      }),
    ),
    http.post(
      '/api/organizations',
      adminsOnly(async (_user, { request }) => {
        const made = write(await bodyOf(request), db.nextOrganizationId);
        if (made instanceof Response) return made;
        db.nextOrganizationId += 1;
        db.organizations.push(made);
        syncCompanies(db.organizations);
        return ok(detailsOf(made));
      }),
    ),
    http.put(
      '/api/organizations/{id}',
      agentsOnly(async (_user, { request, params }) => {
        const id = Number(params.id);
        const at = db.organizations.findIndex((o) => o.id === id);
        if (at < 0) return fail(404, 'Not Found', NOT_FOUND);
        const made = write(await bodyOf(request), id);
        if (made instanceof Response) return made;
        db.organizations[at] = made;
        syncCompanies(db.organizations);
        return ok(detailsOf(made));
      }),
    ),
    http.put(
      '/api/organizations/{id}/fields',
      agentsOnly(async (user, { request, params }) => {
        const b = await bodyOf(request);
        const problems = fieldsBodyProblems(b);
        if (Object.keys(problems).length) {
          return fail(400, 'Bad Request', 'Validation failed', problems);
        }
        const o = find(Number(params.id));
        if (!o) return fail(404, 'Not Found', NOT_FOUND);
        const saved = saveValues(user, 'O', o.fields ?? {}, b);
        if (saved instanceof Response) return saved;
        o.fields = saved;
        return ok(detailsOf(o));
      }),
    ),
    http.get(
      '/api/users/{id}/fields',
      authed((user, { params }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', PEOPLE_FIELDS_AGENTS_ONLY);
        const id = Number(params.id);
        if (!db.users.some((u) => u.id === id)) return fail(404, 'Not Found', USER_NOT_FOUND);
        return ok({ id, fields: db.userFields[id] ?? {} });
      }),
    ),
    http.put(
      '/api/users/{id}/fields',
      authed(async (user, { request, params }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', PEOPLE_FIELDS_AGENTS_ONLY);
        const b = await bodyOf(request);
        const problems = fieldsBodyProblems(b);
        if (Object.keys(problems).length) {
          return fail(400, 'Bad Request', 'Validation failed', problems);
        }
        const id = Number(params.id);
        if (!db.users.some((u) => u.id === id)) return fail(404, 'Not Found', USER_NOT_FOUND);
        const saved = saveValues(user, 'U', db.userFields[id] ?? {}, b);
        if (saved instanceof Response) return saved;
        db.userFields[id] = saved;
        return ok({ id, fields: saved });
      }),
    ),
    http.delete(
      '/api/organizations/{id}',
      adminsOnly((_user, { params }) => {
        const id = Number(params.id);
        if (!find(id)) return fail(404, 'Not Found', NOT_FOUND);
        const used =
          db.records.some((r) => r.object_type === 'T' && r.company_id === id) ||
          db.slaPolicies.some((p) => p.company_ids?.includes(id));
        if (used) return fail(409, 'Conflict', HAS_TICKETS);
        db.organizations = db.organizations.filter((o) => o.id !== id);
        db.memberships = db.memberships.filter((m) => m.company_id !== id);
        syncCompanies(db.organizations);
        return ok({ id });
      }),
    ),
    http.put(
      '/api/organizations/{id}/members/{user_id}',
      agentsOnly(async (_user, { request, params }) => {
        const id = Number(params.id);
        const userId = Number(params.user_id);
        const o = find(id);
        if (!o) return fail(404, 'Not Found', NOT_FOUND);
        if (!db.users.some((u) => u.id === userId)) return fail(404, 'Not Found', USER_NOT_FOUND);
        const b = await bodyOf(request);
        const hasPrimary = db.memberships.some(
          (m) => m.user_id === userId && m.is_primary && m.company_id !== id,
        );
        const primary = typeof b.is_primary === 'boolean' ? b.is_primary : !hasPrimary;
        if (primary) {
          for (const m of db.memberships) if (m.user_id === userId) m.is_primary = false;
        }
        const mine = db.memberships.find((m) => m.user_id === userId && m.company_id === id);
        if (mine) mine.is_primary = primary;
        else db.memberships.push({ user_id: userId, company_id: id, is_primary: primary });
        touch(o);
        return ok(detailsOf(o));
      }),
    ),
    http.delete(
      '/api/organizations/{id}/members/{user_id}',
      agentsOnly((_user, { params }) => {
        const id = Number(params.id);
        const userId = Number(params.user_id);
        const o = find(id);
        const was = db.memberships.length;
        db.memberships = db.memberships.filter(
          (m) => !(m.user_id === userId && m.company_id === id),
        );
        if (db.memberships.length === was) {
          return fail(404, 'Not Found', o ? NOT_A_MEMBER : NOT_FOUND);
        }
        if (o) touch(o);
        return o ? ok(detailsOf(o)) : fail(404, 'Not Found', NOT_FOUND);
      }),
    ),
  ];
}

/** access.ts: the organizations of `userId` that share their tickets. */
export function sharingOrganizationIds(userId: number): number[] {
  return db.memberships
    .filter((m) => m.user_id === userId)
    .map((m) => m.company_id)
    .filter((id) => db.organizations.some((o) => o.id === id && o.members_see_tickets));
}

/** A new ticket's company when none is given: the requester's primary organization. */
export function primaryOrganizationId(userId: number): number | null {
  return db.memberships.find((m) => m.user_id === userId && m.is_primary)?.company_id ?? null;
}
