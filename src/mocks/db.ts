import type { HdRecord } from '../features/records/types';
import type { Macro } from '../features/records/details-types';
import type { CustomField } from '../features/custom-fields/types';
import type { components } from '../api/schema';
import type { HistoryAction } from '../features/records/work-types';
import type { Language, User } from '../lib/types';
import { seedChannels } from './mail-data';
import type { MockChannel } from './mail-data';
import type { SlaPolicy } from '../features/sla/types';
import { seedRecords } from './records-data';
import {
  seedOrganizations,
  syncCompanies,
  type MockMembership,
  type MockOrganization,
} from './organization-data';
import { seedSlaPolicies } from './sla-data';
import { seedCategories, type MockCategory } from './taxonomy-data';
import { freshWorkData } from './work-data';
import type { WorkData } from './work-data';

/** A relation's type as seen from one side (server/routes/relations/sql.ts LINKS). */
export type MockLink = 'related' | 'parent_of' | 'child_of' | 'duplicate_of' | 'has_duplicate';

/** In-memory data mirroring the API (docs/api.md), with the demo accounts. */
const DEMO_PASSWORD = 'helpdesk-demo';

export interface MockSessionInfo {
  user_agent: string;
  created: string;
  last_active: string;
  two_step_setup_required: boolean;
}

export interface MockTwoStep {
  secret: string;
  enabled: boolean;
  lastStep: number | null;
  /** Unused recovery codes, as typed back (lower case, no dash). */
  recovery: Set<string>;
}

export interface MockApiToken {
  id: number;
  userId: number;
  name: string;
  scopes: ('tickets:read' | 'tickets:write' | 'content:read' | 'content:write' | 'admin')[];
  created: string;
  expires: string;
  last_used: string | null;
  last_ip: string | null;
}

interface DbUser extends User {
  password: string;
  confirmed: boolean;
}

export interface Db {
  users: DbUser[];
  /**
   * Sessions (jti → user) and the revoked ones: logout revokes one, a password reset all of the
   * account's, a password change all but the caller's. A token from before a page reload (the db
   * lives in the page) is taken as a session, so a dev:mock session survives the reload, unless
   * its account's sessions were ended since (`loggedOut`).
   */
  sessions: Map<string, number>;
  /** What the session list shows of each session (server: the sessions row, migration 041). */
  sessionInfo: Map<string, MockSessionInfo>;
  revoked: Set<string>;
  /** Two-step sign-in by user (server: two_step, two_step_recovery_codes). */
  twoStep: Map<number, MockTwoStep>;
  /** Sign-in challenges (the token itself here) → user and expiry (ms). */
  challenges: Map<string, { userId: number; expires: number }>;
  /** The administrators' "require two-step for agents and admins". */
  requireTwoStepStaff: boolean;
  /** Personal API tokens (server: api_tokens; the secrets are not kept). */
  apiTokens: MockApiToken[];
  nextApiTokenId: number;
  loggedOut: Set<number>;
  /** One-time tokens for confirm/ and reset-password/. */
  confirmTokens: Map<string, number>;
  resetTokens: Map<string, number>;
  nextId: number;
  /** Tickets and content items (docs/api-records.md), one id sequence for both. */
  records: HdRecord[];
  nextRecordId: number;
  /** Attachments, threads, following, mail log (src/mocks/work-data.ts). */
  work: WorkData;
  /** The classification tree (taxonomy-data.ts) and the next node's id. */
  categories: MockCategory[];
  nextCategoryId: number;
  /** Working a record (docs/api-working.md): shares, classification, favourites, relations. */
  shares: { record_id: number; user_id: number }[];
  recordCategories: { record_id: number; category_id: number }[];
  favorites: { user_id: number; category_id: number }[];
  /** One row per relation, shown on both records; `link` as seen from `a` (absent: related). */
  relations: { a: number; b: number; link?: MockLink }[];
  /** Merged tickets: a source's id → the ticket it was merged into (merge-handlers.ts). */
  mergedInto: Map<number, number>;
  /** The record history (newest last here; the API answers newest first). */
  events: MockEvent[];
  nextEventId: number;
  /** Each help desk's mail channel (src/mocks/mail-data.ts); desks without one are absent. */
  mailChannels: MockChannel[];
  /** SLA policies (docs/api-sla.md), in the order they are tried. */
  slaPolicies: SlaPolicy[];
  /** Macros (docs/api-records.md "Macros"). */
  macros: Macro[];
  nextMacroId: number;
  /** Custom field definitions, and each object's set version (migration 031). */
  customFields: CustomField[];
  nextCustomFieldId: number;
  customFieldSets: Record<CustomField['object_type'], number>;
  /** Saved views (docs/api-bulk-views.md), newest last. */
  savedViews: MockView[];
  nextViewId: number;
  /** Organizations (a ticket's company) and their members (organization-data.ts). */
  organizations: MockOrganization[];
  memberships: MockMembership[];
  /** Users' custom field values by user id (the server's users.fields). */
  userFields: Record<number, Record<string, unknown>>;
  nextOrganizationId: number;
  /** Tags (docs/api-working.md "Tags") and which records carry them. */
  tags: { id: number; name: string }[];
  nextTagId: number;
  recordTags: { record_id: number; tag_id: number }[];
  /** Triggers and their templates (docs/rules.md; rule-handlers.ts). */
  triggers: components['schemas']['Trigger'][];
  nextTriggerId: number;
  ruleTemplates: components['schemas']['RuleTemplate'][];
  nextRuleTemplateId: number;
}

/** A saved view as stored (the API adds `mine` and the owner's name). */
export interface MockView {
  id: number;
  owner_id: number;
  name: string;
  object_type: 'T' | 'C';
  shared: boolean;
  filters: Record<string, unknown>;
  sort: string;
  columns: string[];
  created_at: string;
  updated_at: string;
}

interface MockEvent {
  id: number;
  record_id: number;
  action: HistoryAction;
  actor_id: number | null;
  details: Record<string, unknown>;
  /** Work-log events: agents only. */
  internal: boolean;
  created_at: string;
}

function demoUsers(): DbUser[] {
  const base = { user_is_admin: false, items_per_page: 10 as const, language: 'en' as Language };
  return [
    {
      ...base,
      id: 1,
      fullname: 'Agent Smith',
      email: 'agent@example.com',
      user_is_hde: true,
      user_is_admin: true,
      password: DEMO_PASSWORD,
      confirmed: true,
    },
    {
      ...base,
      id: 2,
      fullname: 'Alice Example',
      email: 'alice@example.com',
      user_is_hde: false,
      password: DEMO_PASSWORD,
      confirmed: true,
    },
    {
      ...base,
      id: 3,
      fullname: 'Bob Example',
      email: 'bob@example.com',
      user_is_hde: false,
      password: DEMO_PASSWORD,
      confirmed: true,
    },
  ];
}

function freshDb(): Db {
  return {
    users: demoUsers(),
    sessions: new Map(),
    sessionInfo: new Map(),
    revoked: new Set(),
    twoStep: new Map(),
    challenges: new Map(),
    requireTwoStepStaff: false,
    apiTokens: [],
    nextApiTokenId: 1,
    loggedOut: new Set(),
    confirmTokens: new Map(),
    resetTokens: new Map(),
    nextId: 4,
    records: seedRecords(),
    nextRecordId: 46,
    work: freshWorkData(),
    categories: seedCategories(),
    nextCategoryId: 101,
    shares: [],
    recordCategories: [],
    favorites: [],
    relations: [],
    mergedInto: new Map(),
    events: [],
    nextEventId: 1,
    mailChannels: seedChannels(),
    slaPolicies: seedSlaPolicies(),
    savedViews: [],
    nextViewId: 1,
    macros: [],
    nextMacroId: 1,
    customFields: [],
    nextCustomFieldId: 1,
    customFieldSets: { T: 1, C: 1, U: 1, O: 1 },
    organizations: seedOrganizations(),
    memberships: [],
    userFields: {},
    nextOrganizationId: 101,
    tags: [],
    nextTagId: 1,
    recordTags: [],
    triggers: [],
    nextTriggerId: 1,
    ruleTemplates: [],
    nextRuleTemplateId: 1,
  };
}

export let db: Db = freshDb();

export function resetDb(): void {
  db = freshDb();
  syncCompanies(db.organizations);
}

/** Removes a record and everything of it (the database's cascades). */
export function forgetRecord(id: number): void {
  db.records = db.records.filter((r) => r.id !== id);
  db.relations = db.relations.filter((rel) => rel.a !== id && rel.b !== id);
  db.shares = db.shares.filter((s) => s.record_id !== id);
  db.recordCategories = db.recordCategories.filter((c) => c.record_id !== id);
  db.recordTags = db.recordTags.filter((t) => t.record_id !== id);
  db.events = db.events.filter((e) => e.record_id !== id);
  db.work.attachments = db.work.attachments.filter((a) => a.record_id !== id);
  db.work.messages = db.work.messages.filter((m) => m.record_id !== id);
  db.work.mails = db.work.mails.filter((m) => m.record_id !== id);
}

/** Writes one history event of a record (server/routes/records/history.ts does it for real). */
export function logEvent(
  recordId: number,
  actorId: number | null,
  action: HistoryAction,
  details: Record<string, unknown> = {},
  internal = false,
): void {
  db.events.push({
    id: db.nextEventId++,
    record_id: recordId,
    action,
    actor_id: actorId,
    details,
    internal,
    created_at: new Date().toISOString(),
  });
}

export function publicUser(user: DbUser): User {
  const { password: _password, confirmed: _confirmed, ...rest } = user;
  return rest;
}

export function findUserByEmail(email: string): DbUser | undefined {
  const wanted = email.trim().toLowerCase();
  return db.users.find((user) => user.email.toLowerCase() === wanted);
}

function base64Url(value: string): string {
  return btoa(unescape(encodeURIComponent(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/');
  return decodeURIComponent(escape(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))));
}

/** A real-looking (unsigned) JWT: header.payload.signature with sub, jti, iat, exp. */
export function makeToken(userId: number, ttlSeconds = 12 * 3600, jti = randomId()): string {
  const iat = Math.floor(Date.now() / 1000);
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: String(userId), jti, iat, exp: iat + ttlSeconds }),
  );
  return `${header}.${payload}.mock-signature`;
}

export function randomId(): string {
  return Math.random().toString(36).slice(2) + Date.now().toString(36);
}

export function startSession(
  userId: number,
  ttlSeconds?: number,
  info: { userAgent?: string; twoStepSetupRequired?: boolean } = {},
): string {
  const jti = crypto.randomUUID();
  db.sessions.set(jti, userId);
  const now = new Date().toISOString();
  db.sessionInfo.set(jti, {
    user_agent: info.userAgent ?? '',
    created: now,
    last_active: now,
    two_step_setup_required: info.twoStepSetupRequired ?? false,
  });
  return makeToken(userId, ttlSeconds, jti);
}

/** Ends every session of the account but `keep` (server/routes/users/sql.ts changePassword). */
export function endSessions(userId: number, keep?: string): void {
  for (const [jti, owner] of db.sessions) {
    if (owner === userId && jti !== keep) db.revoked.add(jti);
  }
  db.loggedOut.add(userId);
}

interface Claims {
  sub: string;
  jti: string;
  exp: number;
}

export function readClaims(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(fromBase64Url(parts[1])) as Partial<Claims>;
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return null;
    if (typeof claims.exp !== 'number') return null;
    return { sub: claims.sub, jti: claims.jti, exp: claims.exp };
  } catch {
    return null;
  }
}
