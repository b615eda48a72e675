// Tags as server/routes/tags/sql.ts keeps them: db.tags, and which records carry them.
import { db } from './db';

export type MockTag = { id: number; name: string };

const lower = (name: string) => name.toLowerCase();

/** Chips' order: by name whatever the case, then id. */
export const byName = (a: MockTag, b: MockTag) =>
  lower(a.name) < lower(b.name) ? -1 : lower(a.name) > lower(b.name) ? 1 : a.id - b.id;

/** The record's tags, in chip order. */
export function tagsOf(recordId: number): MockTag[] {
  return db.recordTags
    .filter((l) => l.record_id === recordId)
    .map((l) => db.tags.find((t) => t.id === l.tag_id))
    .filter((t) => t !== undefined)
    .sort(byName)
    .map((t) => ({ id: t.id, name: t.name }));
}

export const tagIdsOf = (recordId: number) =>
  db.recordTags.filter((l) => l.record_id === recordId).map((l) => l.tag_id);

export const tagNamed = (name: string) => db.tags.find((t) => lower(t.name) === lower(name));

/** The list filter: any of the tags, or all of them with mode "all". */
export function carriesTags(recordId: number, ids: unknown, mode: unknown): boolean {
  if (!Array.isArray(ids) || ids.length === 0) return true;
  const own = tagIdsOf(recordId);
  return mode === 'all'
    ? ids.every((id) => own.includes(id as number))
    : ids.some((id) => own.includes(id as number));
}
