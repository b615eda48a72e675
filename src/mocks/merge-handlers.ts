// Merging and splitting tickets (docs/api-working.md "Merge and split"), with the server's rules
// (server/routes/merge): agents only, 404 for what the caller cannot see, 409 for what cannot be
// merged, and everything moved at once.
import { solveTicket } from './rating-handlers';
import type { HdRecord, Ticket } from '../features/records/types';
import {
  accessOf,
  findRecord,
  NOT_FOUND,
  ownerOf,
  readable,
  refused,
  requireAccess,
  titleOf,
} from './access';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { makeTicket, STATUSES } from './records-data';
import { mailFollowers } from './thread-handlers';

export const MERGE_TEXTS = {
  self: 'A ticket cannot be merged into itself.',
  targetMerged: 'This ticket was merged into another one: merge into that ticket instead.',
  sourceMerged: 'One of these tickets was merged already.',
  content: 'Only tickets can be merged: content items cannot.',
  draft: 'Drafts cannot be merged.',
  requesters:
    'These tickets have different requesters. Confirm to merge them: the other requesters will follow the target.',
  splitMessage: "Choose a message of this ticket's conversation.",
  requester: 'Choose a requester.',
  splitMerged: 'This ticket was merged into another one: split from that ticket instead.',
} as const;

const AGENTS_ONLY = 'Only helpdesk agents can do this.';
const notFound = () => fail(404, 'Not Found', NOT_FOUND);
const conflict = (message: string) => fail(409, 'Conflict', message);
const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

/** The end of a merged ticket's chain (the id itself when it was never merged). */
export function mergedTarget(id: number): number {
  let at = id;
  for (let i = 0; i < 50 && db.mergedInto.has(at); i++) at = db.mergedInto.get(at) as number;
  return at;
}

/** A ticket changed by a merge or a split: a new version, some fields changed. */
function save(record: Ticket, changes: Partial<Ticket>): Ticket {
  const next = makeTicket(record.id, {
    ...record,
    ...changes,
    version: record.version + 1,
    updated_at: new Date().toISOString(),
  });
  db.records = db.records.map((r) => (r.id === next.id ? next : r));
  return next;
}

const share = (recordId: number, userId: number) => {
  const target = findRecord(recordId);
  if (!target || ownerOf(target) === userId) return;
  if (!db.shares.some((s) => s.record_id === recordId && s.user_id === userId)) {
    db.shares.push({ record_id: recordId, user_id: userId });
  }
};

function moveInto(source: Ticket, target: Ticket): void {
  const w = db.work;
  if (source.description) {
    w.messages.push({
      id: w.nextId++,
      record_id: target.id,
      thread: 'communication',
      author_id: source.requester_id,
      author_name: null,
      sent_as: 'self',
      sent_as_name: null,
      action: 'reply',
      body: source.description,
      forward_to: null,
      time_spent_minutes: null,
      channel: source.channel,
      quoted_body: null,
      from_email: null,
      sender_verified: true,
      merged_from_id: source.id,
      created_at: source.created_at,
    });
  }
  for (const m of w.messages) {
    if (m.record_id === source.id) {
      m.record_id = target.id;
      m.merged_from_id ??= source.id;
    }
  }
  for (const a of w.attachments) if (a.record_id === source.id) a.record_id = target.id;
  for (const s of db.shares.filter((x) => x.record_id === source.id)) share(target.id, s.user_id);
  share(target.id, source.requester_id);
  for (const [key, following] of [...w.follows]) {
    const [userId, recordId] = key.split(':').map(Number);
    if (recordId !== source.id) continue;
    const mine = `${userId}:${target.id}`;
    w.follows.set(mine, (w.follows.get(mine) ?? false) || following);
  }
  const ownerKey = `${source.requester_id}:${target.id}`;
  if (
    source.requester_id !== target.requester_id &&
    !w.follows.has(`${source.requester_id}:${source.id}`)
  ) {
    w.follows.set(ownerKey, true);
  }
}

export function mergeHandlers() {
  return [
    http.post(
      '/api/ticket/{id}/merge/',
      authed(async (user, { request, params }) => {
        const targetId = Number(params.id);
        const b = await bodyOf(request);
        const found = requireAccess(user, 'read', targetId);
        if (refused(found)) return found;
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const sourceIds = b.source_ids as number[];
        const target = readable(user, targetId);
        if (!target || target.object_type !== 'T') return notFound();
        if (sourceIds.includes(targetId)) return conflict(MERGE_TEXTS.self);
        const sources = sourceIds.map((id) => readable(user, id));
        if (sources.some((s) => s === undefined || accessOf(user, s) === 'reader')) {
          return notFound();
        }
        const all = sources as HdRecord[];
        if (all.some((s) => s.object_type !== 'T')) return conflict(MERGE_TEXTS.content);
        if (target.is_draft || all.some((s) => s.is_draft)) return conflict(MERGE_TEXTS.draft);
        if (db.mergedInto.has(targetId)) return conflict(MERGE_TEXTS.targetMerged);
        if (all.some((s) => db.mergedInto.has(s.id))) return conflict(MERGE_TEXTS.sourceMerged);
        const tickets = (all as Ticket[]).sort((x, y) => x.id - y.id);
        const t = target as Ticket;
        if (
          b.confirm_requesters !== true &&
          tickets.some((s) => s.requester_id !== t.requester_id)
        ) {
          return fail(409, 'Conflict', MERGE_TEXTS.requesters, {
            confirm_requesters: MERGE_TEXTS.requesters,
          });
        }
        for (const source of tickets) {
          moveInto(source, t);
          const closed = save(source, { status_id: 5 });
          db.mergedInto.set(source.id, t.id);
          if (closed.status_name !== source.status_name) {
            logEvent(source.id, user.id, 'status_changed', {
              from: source.status_name,
              to: closed.status_name,
            });
          }
          logEvent(source.id, user.id, 'merged_into', { target_id: t.id, title: titleOf(t) });
          logEvent(t.id, user.id, 'merged', { source_id: source.id, title: titleOf(source) });
        }
        save(t, {});
        return ok({ id: t.id, merged_ids: tickets.map((s) => s.id) });
      }),
    ),
    http.post(
      '/api/ticket/{id}/split/',
      authed(async (user, { request, params }) => {
        const b = await bodyOf(request);
        const found = requireAccess(user, 'agent', Number(params.id), 'T');
        if (refused(found)) return found;
        const original = found as Ticket;
        if (db.mergedInto.has(original.id)) return conflict(MERGE_TEXTS.splitMerged);
        const thread = db.work.messages
          .filter((m) => m.record_id === original.id && m.thread === 'communication')
          .sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id - y.id);
        const first = thread.findIndex((m) => m.id === b.message_id);
        if (first < 0) return invalid({ message_id: MERGE_TEXTS.splitMessage });
        const moved = b.with_following === true ? thread.slice(first) : [thread[first]];
        const requesterId = (b.requester_id as number | undefined) ?? original.requester_id;
        if (!db.users.some((u) => u.id === requesterId && u.confirmed)) {
          return invalid({ requester_id: MERGE_TEXTS.requester });
        }
        const title = (typeof b.subject === 'string' && b.subject.trim()) || original.subject;
        const now = new Date().toISOString();
        const made = makeTicket(db.nextRecordId++, {
          subject: title,
          description: moved[0].body,
          requester_id: requesterId,
          hd_id: original.hd_id,
          priority_id: original.priority_id,
          company_id: original.company_id,
          status_id: 2,
          created_at: now,
          updated_at: now,
        });
        db.records.push(made);
        const times = new Set(moved.map((m) => m.created_at));
        for (const a of db.work.attachments) {
          if (a.record_id === original.id && times.has(a.created_at)) a.record_id = made.id;
        }
        for (const m of moved) m.record_id = made.id;
        db.relations.push({
          a: Math.min(original.id, made.id),
          b: Math.max(original.id, made.id),
        });
        const count = moved.length;
        logEvent(made.id, user.id, 'created');
        logEvent(original.id, user.id, 'split_out', { new_id: made.id, title, count });
        logEvent(made.id, user.id, 'split_from', {
          source_id: original.id,
          title: original.subject,
          count,
        });
        save(original, {});
        return ok({ id: made.id, moved_message_ids: moved.map((m) => m.id) });
      }),
    ),
  ];
}

/** PUT with `solve_children`: the parent's open child tickets take its new (closed) status. */
export function solveChildren(actorId: number, parent: HdRecord): void {
  const status = STATUSES.find((s) => s.status_id === parent.status_id);
  if (!status?.is_closed) return;
  const childIds = db.relations.flatMap((rel) => {
    if (rel.a === parent.id && rel.link === 'parent_of') return [rel.b];
    if (rel.b === parent.id && rel.link === 'child_of') return [rel.a];
    return [];
  });
  for (const id of childIds.sort((x, y) => x - y)) {
    const child = findRecord(id, 'T') as Ticket | undefined;
    if (!child || child.is_draft || db.mergedInto.has(id)) continue;
    if (STATUSES.some((s) => s.status_id === child.status_id && s.is_closed)) continue;
    const next = save(child, { status_id: status.status_id });
    logEvent(id, actorId, 'status_changed', { from: child.status_name, to: next.status_name });
    mailFollowers(next, actorId, 'status_changed', next.status_name);
    solveTicket(next);
  }
}
