// One record of a bulk action, through the same call an agent makes for that record alone
// (app.inject with the caller's own credentials): the route's authorization, rules, history
// event, service-level recompute and mails apply unchanged, in that route's one transaction.
// Its refusal (status and message, already in the caller's language) becomes the reason.
import type { FastifyInstance } from 'fastify';
import { translate, type Language } from '../../lib/i18n.js';
import type { RecordKind } from '../records/kinds.js';

export const ACTIONS = [
  'assign',
  'status',
  'priority',
  'move',
  'classify',
  'tag_add',
  'tag_remove',
  'field_set',
  'delete',
] as const;
export type BulkAction = (typeof ACTIONS)[number];

export const STALE_REASON = 'Someone else changed this record after you selected it.';
export const NOT_FOUND_REASON = 'This record no longer exists.';
export const FAILED_REASON = 'This record could not be changed just now. Try again.';

export type RefusalCode = 'not_found' | 'stale' | 'forbidden' | 'invalid' | 'failed';
export type Outcome = { ok: true } | { ok: false; code: RefusalCode; reason: string };

export interface OneRecord {
  /** The caller's: authorization, and X-Helpdesk-Tab when it named one. */
  headers: { authorization: string; 'x-helpdesk-tab'?: string };
  kind: RecordKind;
  action: BulkAction;
  /** The action's value (an agent, status, priority, help desk, category or tag id); null unassigns. */
  value: number | null;
  /** `field_set`: the one custom field value to set (`{ key: value }`, null clears it). */
  fields?: Record<string, unknown>;
  id: number;
  /** The version the agent saw (chosen rows); absent for a list selection. */
  version?: number;
  /** The version now; undefined when the record does not exist. */
  current?: number;
  lang: Language;
}

interface Answer {
  statusCode: number;
  json: () => unknown;
}

type Call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<Answer>;

export async function dispatchOne(app: FastifyInstance, r: OneRecord): Promise<Outcome> {
  const refuse = (code: RefusalCode, text: string): Outcome => ({
    ok: false,
    code,
    reason: translate(r.lang, text),
  });
  if (r.current === undefined) return refuse('not_found', NOT_FOUND_REASON);
  if (r.version !== undefined && r.version !== r.current) return refuse('stale', STALE_REASON);
  const version = r.version ?? r.current;
  const call: Call = (method, url, payload) =>
    app.inject({ method, url, payload, headers: r.headers });
  const base = `/api/${r.kind.path}/${r.id}/`;

  let answer: Answer;
  switch (r.action) {
    case 'assign':
      answer = await call('PUT', `${base}assign/`, { assignee_id: r.value, version });
      break;
    case 'status':
      answer = await call('PUT', base, { status_id: r.value, version });
      break;
    case 'priority':
      answer = await call('PUT', base, { priority_id: r.value, version });
      break;
    case 'move':
      answer = await call('POST', `${base}move/`, { hd_id: r.value, version });
      break;
    case 'classify':
      answer = await addNode(call, `${base}classification/`, r.value ?? 0);
      break;
    case 'tag_add':
      answer = await call('POST', `${base}tags/`, { tag_id: r.value });
      break;
    case 'tag_remove':
      answer = await call('DELETE', `${base}tags/${r.value}`);
      break;
    case 'field_set':
      answer = await call('PUT', base, { fields: r.fields, version });
      break;
    case 'delete':
      answer = await call('DELETE', base);
      break;
  }
  return outcome(answer, refuse);
}

/** Adds one node to the record's classification (the call replaces the whole set). */
async function addNode(call: Call, url: string, categoryId: number): Promise<Answer> {
  const now = await call('GET', url);
  if (now.statusCode !== 200) return now;
  const nodes = (now.json() as { data: { category_id: number }[] }).data;
  const ids = nodes.map((n) => n.category_id);
  if (ids.includes(categoryId)) return now; // already there: nothing to change
  return call('PUT', url, { category_ids: [...ids, categoryId] });
}

function outcome(answer: Answer, refuse: (code: RefusalCode, text: string) => Outcome): Outcome {
  if (answer.statusCode === 200) return { ok: true };
  const body = answer.json() as { message?: string; fields?: Record<string, string> };
  const said = Object.values(body.fields ?? {})[0] ?? body.message ?? '';
  // The route's own words are already in the caller's language (plugins/localize.ts).
  const own = (code: RefusalCode): Outcome => ({ ok: false, code, reason: said });
  switch (answer.statusCode) {
    case 404:
      return refuse('not_found', NOT_FOUND_REASON);
    case 409:
      return refuse('stale', STALE_REASON);
    case 403:
      return own('forbidden');
    case 400:
      return own('invalid');
    default:
      return refuse('failed', FAILED_REASON);
  }
}
