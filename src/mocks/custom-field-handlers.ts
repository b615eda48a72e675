// Custom field definitions (docs/api-records.md "Custom fields"), answered as
// server/routes/custom-fields/routes.ts does.
import type { CustomField, FieldObject, FieldType } from '../features/custom-fields/types';
import { valueFits, VALUE_MESSAGES } from '../features/custom-fields/values';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { HELPDESKS } from './records-data';

const ADMINS_ONLY = 'Only administrators can do this.';
const NOT_FOUND = 'This field does not exist.';
const STALE =
  'Someone changed this field since you opened it. Reload it and make your change again.';
const MESSAGES = {
  keyTaken: 'A field with this key already exists here.',
  choices: 'A choice field needs at least one choice, each value once.',
  editable: 'A field requesters can edit must be shown to them.',
  raising: 'A field required when raising must be editable by requesters.',
  hd_ids: 'Choose help desks of this kind of record.',
  order: 'Send every field of this kind of record, each once.',
};

const inUse = (count: number) =>
  count === 1
    ? '1 record carries a value for this field. Deleting the field removes that value.'
    : `${count} records carry a value for this field. Deleting the field removes those values.`;

type Editable = Omit<CustomField, 'id' | 'object_type' | 'key' | 'type' | 'position' | 'version'>;

/** A body as the server reads it: trimmed texts, defaults, choices for choice types only. */
function editableOf(b: Record<string, unknown>, type: FieldType): Editable {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const flag = (v: unknown, dflt = false) => (typeof v === 'boolean' ? v : dflt);
  const choices = Array.isArray(b.choices) ? (b.choices as CustomField['choices']) : [];
  const choiceType = type === 'single_choice' || type === 'multiple_choice';
  return {
    label_en: text(b.label_en),
    label_es: text(b.label_es),
    help_en: text(b.help_en),
    help_es: text(b.help_es),
    required_for_agents: flag(b.required_for_agents),
    shown_to_requesters: flag(b.shown_to_requesters),
    editable_by_requesters: flag(b.editable_by_requesters),
    required_when_raising: flag(b.required_when_raising),
    hd_ids: Array.isArray(b.hd_ids) ? (b.hd_ids as number[]) : [],
    choices: choiceType
      ? choices.map((c) => ({
          value: c.value.trim(),
          label_en: c.label_en.trim(),
          label_es: c.label_es.trim(),
        }))
      : [],
    default_value: b.default_value ?? null,
    active: flag(b.active, true),
  };
}

/** The field messages the server's check gives (server/routes/custom-fields/sql.ts `check`). */
function problems(objectType: FieldObject, type: FieldType, f: Editable): Record<string, string> {
  const fields: Record<string, string> = {};
  const values = f.choices.map((c) => c.value);
  const choiceType = type === 'single_choice' || type === 'multiple_choice';
  if (choiceType && (values.length === 0 || new Set(values).size !== values.length)) {
    fields.choices = MESSAGES.choices;
  }
  if (f.editable_by_requesters && !f.shown_to_requesters)
    fields.editable_by_requesters = MESSAGES.editable;
  if (f.required_when_raising && !f.editable_by_requesters)
    fields.required_when_raising = MESSAGES.raising;
  if (f.default_value !== null && !valueFits(type, f.choices, f.default_value)) {
    fields.default_value = VALUE_MESSAGES[type];
  }
  if (
    !f.hd_ids.every((id) => HELPDESKS.some((h) => h.hd_id === id && h.object_type === objectType))
  ) {
    fields.hd_ids = MESSAGES.hd_ids;
  }
  if (
    type === 'agent' &&
    typeof f.default_value === 'number' &&
    !db.users.some((u) => u.id === f.default_value && u.user_is_hde)
  ) {
    fields.default_value = VALUE_MESSAGES.agent;
  }
  return fields;
}

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

/** A kind's set as the caller sees it (GET custom-fields, and the forms' lookups). */
export function fieldSet(objectType: FieldObject, requester: boolean) {
  return {
    version: db.customFieldSets[objectType],
    fields: db.customFields
      .filter(
        (f) => f.object_type === objectType && (!requester || (f.active && f.shown_to_requesters)),
      )
      .sort((a, b) => a.position - b.position || a.id - b.id),
  };
}

const bump = (objectType: FieldObject) => {
  db.customFieldSets[objectType] += 1;
};

/** The value maps of a kind: its records', organizations' or users'. */
function valueMaps(objectType: FieldObject): Record<string, unknown>[] {
  if (objectType === 'O') return db.organizations.flatMap((o) => (o.fields ? [o.fields] : []));
  if (objectType === 'U') return Object.values(db.userFields);
  return db.records.flatMap((r) => {
    const values = (r as { fields?: Record<string, unknown> }).fields;
    return r.object_type === objectType && values ? [values] : [];
  });
}

/** Records (organizations) carrying a value for the field. */
function usage(field: CustomField): number {
  return valueMaps(field.object_type).filter(
    (values) => values[field.key] !== undefined && values[field.key] !== null,
  ).length;
}

export function customFieldHandlers() {
  const adminsOnly = <Info extends { request: Request }, Answer>(
    handler: (user: MockUser, info: Info) => Answer,
  ) =>
    authed((user: MockUser, info: Info) =>
      user.user_is_admin ? handler(user, info) : fail(403, 'Forbidden', ADMINS_ONLY),
    );
  return [
    http.get(
      '/api/custom-fields',
      authed((user, { request }) => {
        const objectType = new URL(request.url).searchParams.get('object_type') as FieldObject;
        return ok(fieldSet(objectType, !user.user_is_hde));
      }),
    ),
    http.post(
      '/api/custom-fields',
      adminsOnly(async (_user, { request }) => {
        const b = await bodyOf(request);
        const objectType = b.object_type as FieldObject;
        const type = b.type as FieldType;
        const f = editableOf(b, type);
        const wrong = problems(objectType, type, f);
        if (Object.keys(wrong).length) return invalid(wrong);
        const key = String(b.key);
        if (db.customFields.some((x) => x.object_type === objectType && x.key === key)) {
          return invalid({ key: MESSAGES.keyTaken });
        }
        const position =
          Math.max(
            0,
            ...db.customFields.filter((x) => x.object_type === objectType).map((x) => x.position),
          ) + 1;
        const made: CustomField = {
          id: db.nextCustomFieldId,
          object_type: objectType,
          key,
          type,
          ...f,
          position,
          version: 1,
        };
        db.nextCustomFieldId += 1;
        db.customFields.push(made);
        bump(objectType);
        return ok(made);
      }),
    ),
    http.put(
      '/api/custom-fields/order',
      adminsOnly(async (_user, { request }) => {
        const b = await bodyOf(request);
        const objectType = b.object_type as FieldObject;
        const ids = b.ids as number[];
        const own = db.customFields.filter((f) => f.object_type === objectType);
        if (own.length !== ids.length || !own.every((f) => ids.includes(f.id))) {
          return invalid({ ids: MESSAGES.order });
        }
        let moved = false;
        for (const f of own) {
          const position = ids.indexOf(f.id) + 1;
          if (f.position !== position) moved = true;
          f.position = position;
        }
        if (moved) bump(objectType);
        return ok(fieldSet(objectType, false));
      }),
    ),
    http.put(
      '/api/custom-fields/{id}',
      adminsOnly(async (_user, { request, params }) => {
        const field = db.customFields.find((f) => f.id === Number(params.id));
        if (!field) return fail(404, 'Not Found', NOT_FOUND);
        const b = await bodyOf(request);
        if (b.version !== field.version) return fail(409, 'Conflict', STALE);
        const f = editableOf(b, field.type);
        const wrong = problems(field.object_type, field.type, f);
        if (Object.keys(wrong).length) return invalid(wrong);
        Object.assign(field, f, { version: field.version + 1 });
        bump(field.object_type);
        return ok(field);
      }),
    ),
    http.delete(
      '/api/custom-fields/{id}',
      adminsOnly((_user, { request, params }) => {
        const field = db.customFields.find((f) => f.id === Number(params.id));
        if (!field) return fail(404, 'Not Found', NOT_FOUND);
        const count = usage(field);
        const confirmed = new URL(request.url).searchParams.get('confirm') === 'true';
        if (count > 0 && !confirmed) return fail(409, 'Conflict', inUse(count));
        for (const values of valueMaps(field.object_type)) delete values[field.key];
        db.customFields = db.customFields.filter((f) => f.id !== field.id);
        bump(field.object_type);
        return ok({ id: field.id, cleared: count });
      }),
    ),
  ];
}
