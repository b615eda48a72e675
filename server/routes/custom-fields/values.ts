// A custom field's value checked against its definition's type (docs/api-records.md "Custom
// fields"). The OpenAPI document gives `fields` (and a definition's `default_value`) one generic
// schema; this is where each type's rule lives, for the routes and the mocks' twin
// (src/mocks/custom-field-handlers.ts).
import { isOneLine } from '../../lib/one-line.js';
import { isPlainText } from '../../lib/plain-text.js';

export const FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'datetime',
  'single_choice',
  'multiple_choice',
  'checkbox',
  'agent',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A stored value: what each type holds (null: no value). */
export type FieldValue = string | number | boolean | string[] | null;

export type Choice = {
  value: string;
  label_en: string;
  label_es: string;
};

export const VALUE_MESSAGES = {
  text: 'Enter one line of at most 255 characters.',
  long_text: 'Enter at most 10,000 characters.',
  number: 'Enter a number.',
  date: 'Enter a date (YYYY-MM-DD).',
  datetime: 'Enter a date and time (ISO 8601, with its time zone).',
  single_choice: 'Choose one of the field’s choices.',
  multiple_choice: 'Choose among the field’s choices, each at most once.',
  checkbox: 'Answer true or false.',
  agent: 'Choose a helpdesk agent.',
} as const satisfies Record<FieldType, string>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

function isDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/**
 * Whether `value` is a value of this type (null, "no value", always is). An agent's id is only
 * checked for its form here: whether that user is an agent is the caller's query.
 */
export function valueFits(type: FieldType, choices: readonly Choice[], value: unknown): boolean {
  if (value === null) return true;
  const values = choices.map((c) => c.value);
  switch (type) {
    case 'text':
      return (
        typeof value === 'string' && value.length <= 255 && isOneLine(value) && isPlainText(value)
      );
    case 'long_text':
      return typeof value === 'string' && value.length <= 10_000 && isPlainText(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return typeof value === 'string' && isDate(value);
    case 'datetime':
      return (
        typeof value === 'string' &&
        DATETIME.test(value) &&
        isDate(value.slice(0, 10)) &&
        !Number.isNaN(Date.parse(value))
      );
    case 'single_choice':
      return typeof value === 'string' && values.includes(value);
    case 'multiple_choice':
      return (
        Array.isArray(value) &&
        new Set(value).size === value.length &&
        value.every((v) => typeof v === 'string' && values.includes(v))
      );
    case 'checkbox':
      return typeof value === 'boolean';
    case 'agent':
      return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
  }
}
