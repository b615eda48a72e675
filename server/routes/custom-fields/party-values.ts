// Custom field values of a user (`users.fields`) or an organization (`companies.fields`),
// migration 035 (docs/api-records.md "Custom fields"): agents set them, checked by the records'
// rules (record-values.ts `checkValues`), each change kept in admin_events.
import type { FastifyRequest } from 'fastify';
import { together, type Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { M } from '../../lib/schemas.js';
import { currentUser } from '../../plugins/auth.js';
import { adminEvent } from '../admin/sql.js';
import { checkValues, loadFieldSet, valueChanges, type FieldValues } from './record-values.js';

const FIELDS = 'Send the custom fields as an object of values by key.';
const VERSION = 'The fields version must be a positive whole number.';

/** `PUT .../fields`: the values that change (null: none) and the set version the form showed. */
export const partyFieldsBody = {
  type: 'object',
  required: ['fields', 'fields_version'],
  properties: {
    fields: {
      type: 'object',
      additionalProperties: true,
      description:
        'Values by key, only the ones that change (null removes one); each field’s type rule is checked in code (400 `fields.<key>`)',
      [M]: FIELDS,
    },
    fields_version: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description: 'The custom fields set version the form was made with: a newer one answers 409',
      [M]: VERSION,
    },
  },
} as const;

/** A user's or organization's values, in answers. */
export const partyFieldValues = {
  type: 'object',
  additionalProperties: true,
  description: 'Custom field values by key (GET custom-fields?object_type=U or O for their types)',
} as const;

const PARTY = {
  U: { table: 'users', target: 'user', notFound: 'This user does not exist.' },
  O: { table: 'companies', target: 'organization', notFound: 'This organization does not exist.' },
} as const;

/**
 * Saves a user's (`U`) or organization's (`O`) values: 404 when there is no such row,
 * 409 for a stale set, 400 naming `fields.<key>`; the change goes to admin_events. Answers the
 * values as stored.
 */
export async function savePartyFields(
  tx: Queryable,
  request: FastifyRequest,
  kind: 'U' | 'O',
  id: number,
  body: { fields: Record<string, unknown>; fields_version: number },
): Promise<FieldValues> {
  const { table, target, notFound } = PARTY[kind];
  const [{ rows }, set] = await together([
    tx.query<{ fields: FieldValues }>(`SELECT fields FROM ${table} WHERE id = $1 FOR UPDATE`, [id]),
    loadFieldSet(tx, kind),
  ]);
  if (!rows[0]) throw new HttpError(404, notFound);
  const current = rows[0].fields;
  const patch = await checkValues(tx, set, {
    sent: body.fields,
    version: body.fields_version,
    hdId: null,
    agent: true,
    draft: false,
    raising: false,
    current,
    isNew: false,
  });
  if (!Object.keys(patch).length) return current;
  const saved = await tx.query<{ fields: FieldValues }>(
    `UPDATE ${table} SET fields = jsonb_strip_nulls(fields || $2::jsonb) WHERE id = $1
     RETURNING fields`,
    [id, JSON.stringify(patch)],
  );
  const after = saved.rows[0].fields;
  const { names, changes } = valueChanges(current, after);
  await adminEvent(tx, {
    actorId: currentUser(request).id,
    action: `${target}_fields_changed`,
    target,
    targetId: id,
    details: { fields: names, changes },
  });
  return after;
}

/** A user's or organization's values. */
export async function partyFields(q: Queryable, kind: 'U' | 'O', id: number) {
  const { rows } = await q.query<{ fields: FieldValues }>(
    `SELECT fields FROM ${PARTY[kind].table} WHERE id = $1`,
    [id],
  );
  return rows[0]?.fields;
}
