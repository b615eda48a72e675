// Each field type's rule for a value, as the server checks it (server/routes/custom-fields/
// values.ts), with the same English messages: the mocks answer with it and forms check with it.
import { isOneLine } from '../../lib/one-line';
import type { CustomField, FieldType } from './types';

export const FIELD_TYPES: readonly FieldType[] = [
  'text',
  'long_text',
  'number',
  'date',
  'datetime',
  'single_choice',
  'multiple_choice',
  'checkbox',
  'agent',
];

export const VALUE_MESSAGES: Record<FieldType, string> = {
  text: 'Enter one line of at most 255 characters.',
  long_text: 'Enter at most 10,000 characters.',
  number: 'Enter a number.',
  date: 'Enter a date (YYYY-MM-DD).',
  datetime: 'Enter a date and time (ISO 8601, with its time zone).',
  single_choice: 'Choose one of the field’s choices.',
  multiple_choice: 'Choose among the field’s choices, each at most once.',
  checkbox: 'Answer true or false.',
  agent: 'Choose a helpdesk agent.',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
// U+0000 or a lone surrogate: the server's plain-text rule (server/lib/plain-text.ts).
const NOT_PLAIN = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isDate(v: string): boolean {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** Whether `value` is a value of this type (null, "no value", always is; agents by form only). */
export function valueFits(
  type: FieldType,
  choices: CustomField['choices'],
  value: unknown,
): boolean {
  if (value === null) return true;
  const values = choices.map((c) => c.value);
  switch (type) {
    case 'text':
      return (
        typeof value === 'string' &&
        value.length <= 255 &&
        isOneLine(value) &&
        !NOT_PLAIN.test(value)
      );
    case 'long_text':
      return typeof value === 'string' && value.length <= 10_000 && !NOT_PLAIN.test(value);
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
