// Custom field values on the SPA's forms (docs/api-records.md "Custom fields"): which fields a
// form shows, their values as the form's strings (a formik form's values are strings), and the
// rules the server applies, as yup tests with the caller's-language messages.
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import type { CustomField } from './types';
import { valueFits } from './values';

/** A stored value (null: none). */
export type FieldValue = string | number | boolean | string[] | null;
export type FieldValues = Record<string, FieldValue>;

/** The form value name of a field (a key is `snake_case`, so this never meets a built-in name). */
export const formName = (key: string) => `cf_${key}`;
/** The form value name for a server message named `fields.<key>`. */
export const formNameOfError = (name: string) =>
  name.startsWith('fields.') ? formName(name.slice('fields.'.length)) : name;

/** The label (or help) in the user's language. */
export const labelOf = (f: { label_en: string; label_es: string }, language: string) =>
  language.startsWith('es') ? f.label_es : f.label_en;
export const helpOf = (f: CustomField, language: string) =>
  language.startsWith('es') ? f.help_es : f.help_en;

/** The active fields for a record on desk `hdId` that this viewer sees, in order. */
export function fieldsFor(
  fields: readonly CustomField[],
  hdId: number | null,
  agent: boolean,
): CustomField[] {
  return fields.filter(
    (f) =>
      f.active &&
      (agent || f.shown_to_requesters) &&
      (f.hd_ids.length === 0 || (hdId !== null && f.hd_ids.includes(hdId))),
  );
}

/** Whether this viewer may change the field. */
export const canEdit = (f: CustomField, agent: boolean) => agent || f.editable_by_requesters;

const pad = (n: number) => String(n).padStart(2, '0');

/** A value as its control holds it: a string (a multiple choice as JSON, a date-time local). */
export function toText(f: CustomField, value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  switch (f.type) {
    case 'multiple_choice':
      return Array.isArray(value) && value.length ? JSON.stringify(value) : '';
    case 'datetime': {
      const d = new Date(String(value));
      if (Number.isNaN(d.getTime())) return '';
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }
    default:
      return String(value);
  }
}

/** The control's string as the API's value ('' is no value; a number that is not: itself). */
export function fromText(f: CustomField, text: string): FieldValue {
  if (text === '') return null;
  switch (f.type) {
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'agent':
      return Number(text);
    case 'checkbox':
      return text === 'true';
    case 'multiple_choice': {
      const list = JSON.parse(text) as string[];
      return list.length ? list : null;
    }
    case 'datetime': {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? text : d.toISOString();
    }
    default:
      return f.type === 'text' || f.type === 'long_text' ? text.trim() || null : text;
  }
}

/** The form values of these fields: the record's values, or the defaults for a new one. */
export function formValuesOf(
  fields: readonly CustomField[],
  values: FieldValues | null,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((f) => [
      formName(f.key),
      toText(f, values ? values[f.key] : (f.default_value as FieldValue)),
    ]),
  );
}

/** The `fields` a save sends: every shown field the viewer may change. */
export function fieldsBody(
  fields: readonly CustomField[],
  form: Record<string, string | undefined>,
  agent: boolean,
): FieldValues {
  return Object.fromEntries(
    fields
      .filter((f) => canEdit(f, agent))
      .map((f) => [f.key, fromText(f, form[formName(f.key)] ?? '')]),
  );
}

/**
 * The yup rules of these fields (keyed by form name): the type's rule, and `required` as the
 * server binds it (an agent: required for agents; a requester raising: required when raising;
 * never on a draft).
 */
export function fieldsSchema(
  fields: readonly CustomField[],
  t: TFunction,
  opts: { agent: boolean; raising: boolean; draft: boolean },
): Record<string, yup.Schema> {
  const shape: Record<string, yup.Schema> = {};
  for (const f of fields) {
    if (!canEdit(f, opts.agent)) continue;
    const required =
      !opts.draft && (opts.agent ? f.required_for_agents : opts.raising && f.required_when_raising);
    let rule = yup
      .string()
      .test('fits', t('fieldValues:types.' + f.type), (v) =>
        valueFits(f.type, f.choices, fromText(f, v ?? '')),
      );
    if (required)
      rule = rule.test('required', t('fieldValues:required'), (v) => fromText(f, v ?? '') !== null);
    shape[formName(f.key)] = rule;
  }
  return shape;
}
