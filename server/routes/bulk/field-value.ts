// The bulk `field_set` action's one custom field value, checked once before any record is
// touched (the same rules as a record's PUT, custom-fields/record-values.ts): an active field of
// the kind, a value of its type, an agent field naming an agent. 400 names `fields.<key>`.
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { loadFieldSet, VALUE_RULES } from '../custom-fields/record-values.js';
import { valueFits, VALUE_MESSAGES } from '../custom-fields/values.js';

export async function checkBulkField(
  q: Queryable,
  objectType: 'T' | 'C',
  fields: Record<string, unknown>,
): Promise<void> {
  const [[key, value]] = Object.entries(fields);
  const name = `fields.${key}`;
  const set = await loadFieldSet(q, objectType);
  const f = set.fields.find((d) => d.key === key);
  if (!f) throw new HttpError(400, 'Validation failed', { [name]: VALUE_RULES.unknown });
  if (!valueFits(f.type, f.choices, value)) {
    throw new HttpError(400, 'Validation failed', { [name]: VALUE_MESSAGES[f.type] });
  }
  if (f.type === 'agent' && typeof value === 'number') {
    const { rows } = await q.query('SELECT 1 FROM users WHERE id = $1 AND user_is_hde', [value]);
    if (!rows.length)
      throw new HttpError(400, 'Validation failed', { [name]: VALUE_MESSAGES.agent });
  }
}
