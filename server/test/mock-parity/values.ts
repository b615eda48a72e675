// What a user sees of each kind of answer, with ids turned into the scenario's names (the two
// sides number things differently and start from different seed data).
import { at, list, pick, type Json, type JsonObject, type Refs } from './harness.js';

const userName = (r: Refs, value: Json) => r.name('user', value);

/** A ticket or content item as its page shows it. */
export function record(d: Json, r: Refs): JsonObject {
  const common = {
    id: r.record(at(d, 'id')),
    ...pick(d, 'object_type', 'hd_name', 'status_name', 'is_draft', 'channel', 'version'),
    ...pick(d, 'access', 'shared_with_me', 'following'),
  };
  if (at(d, 'object_type') === 'T') {
    return {
      ...common,
      ...pick(d, 'subject', 'description', 'priority_name', 'company_name', 'assignee_name'),
      requester: userName(r, at(d, 'requester_id')),
      assignee: userName(r, at(d, 'assignee_id')),
    };
  }
  return {
    ...common,
    ...pick(d, 'title', 'body', 'content_type_name', 'searchable', 'author_name'),
    author: userName(r, at(d, 'author_id')),
  };
}

/** The scenario's own items of a list (seed data differs): their names, in order. */
export function own(
  items: Json,
  r: Refs,
  name = (item: Json) => r.record(at(item, 'id')),
): string[] {
  return list(items)
    .map(name)
    .filter((n) => !n.endsWith(':other'));
}

/** A page of a list whose filter selects only the scenario's records. */
export function page(d: Json, r: Refs): Json {
  return {
    ...pick(d, 'total', 'total_is_capped', 'page', 'page_size'),
    items: list(at(d, 'items')).map((i) => ({
      id: r.record(at(i, 'id')),
      ...pick(i, 'subject', 'title', 'status_name', 'access', 'shared_with_me', 'following'),
    })),
  };
}

/** People by name (shared-with lists, agents, people found). */
export function people(d: Json, r: Refs): Json[] {
  return list(d).map((p) => ({ ...pick(p, 'fullname', 'email'), id: userName(r, at(p, 'id')) }));
}

/** Classification nodes as shown: name, path and whether they open. */
export function nodes(d: Json): Json {
  return list(d).map((n) => pick(n, 'category_name', 'path', 'has_children'));
}

/** A history event in words: what, by whom, with its details (ids by name). */
export function events(d: Json, r: Refs): Json {
  return list(d).map((e) => {
    const details = { ...(at(e, 'details') as JsonObject | null) };
    if ('copy_id' in details) details.copy_id = r.record(details.copy_id);
    if ('source_id' in details) details.source_id = r.record(details.source_id);
    return { ...pick(e, 'action', 'actor_name'), actor: userName(r, at(e, 'actor_id')), details };
  });
}

/** A thread message as shown. */
export function message(d: Json, r: Refs): Json {
  return {
    ...pick(d, 'thread', 'author_name', 'sent_as', 'sent_as_name', 'action', 'body'),
    ...pick(d, 'forward_to', 'time_spent_minutes', 'channel', 'quoted_body', 'from_email'),
    ...pick(d, 'sender_verified'),
    author: userName(r, at(d, 'author_id')),
  };
}

export function attachment(d: Json, r: Refs): Json {
  return {
    ...pick(d, 'file_name', 'content_type', 'size', 'is_image', 'uploaded_by_name'),
    uploaded_by: userName(r, at(d, 'uploaded_by_id')),
  };
}
