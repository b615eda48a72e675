// SQL for rule templates (migrations/038_triggers.sql).
import type { DatabaseError } from 'pg';
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { unknownPlaceholders } from '../../rules/templates.js';

export interface TemplateRow {
  id: number;
  name: string;
  subject_en: string;
  body_en: string;
  subject_es: string;
  body_es: string;
  updated_at: Date;
}

export type TemplateInput = Omit<TemplateRow, 'id' | 'updated_at'>;

export const TEMPLATE_MESSAGES = {
  name: 'Name must be 1 to 100 characters.',
  nameTaken: 'A template with this name already exists.',
  subject: 'A subject is one line of at most 200 characters.',
  body: 'Body must be at most 100,000 characters.',
  inUse: 'Triggers use this template: {{names}}. Change them first.',
  placeholder: 'Unknown placeholder: {{names}}.',
  language: 'Choose en or es.',
} as const;

const COLUMNS = 'id, name, subject_en, body_en, subject_es, body_es, updated_at';

/** The keys of the active custom fields of tickets (`{{fields.<key>}}`). */
export async function fieldKeys(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ key: string }>(
    `SELECT key FROM custom_fields WHERE object_type = 'T' AND active`,
  );
  return rows.map((r) => r.key);
}

/** 400 naming each text with a placeholder the templates do not know. */
export function checkPlaceholders(texts: Record<string, string>, keys: readonly string[]): void {
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) {
    const unknown = unknownPlaceholders(text, keys);
    if (unknown.length)
      fields[name] = TEMPLATE_MESSAGES.placeholder.replace(
        '{{names}}',
        unknown.map((u) => `{{${u}}}`).join(', '),
      );
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
}

export async function listTemplates(q: Queryable): Promise<TemplateRow[]> {
  const { rows } = await q.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM rule_templates ORDER BY lower(name), id`,
  );
  return rows;
}

export async function getTemplate(q: Queryable, id: number): Promise<TemplateRow | undefined> {
  const { rows } = await q.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM rule_templates WHERE id = $1`,
    [id],
  );
  return rows[0];
}

async function saving<T>(q: Queryable, t: TemplateInput, run: () => Promise<T>): Promise<T> {
  const { name: _name, ...texts } = t;
  checkPlaceholders(texts, await fieldKeys(q));
  try {
    return await run();
  } catch (err) {
    if ((err as DatabaseError).code === '23505')
      throw new HttpError(400, 'Validation failed', { name: TEMPLATE_MESSAGES.nameTaken });
    throw err;
  }
}

const values = (t: TemplateInput) => [t.name, t.subject_en, t.body_en, t.subject_es, t.body_es];

export function insertTemplate(q: Queryable, t: TemplateInput): Promise<TemplateRow> {
  return saving(q, t, async () => {
    const { rows } = await q.query<TemplateRow>(
      `INSERT INTO rule_templates (name, subject_en, body_en, subject_es, body_es)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      values(t),
    );
    return rows[0];
  });
}

export function updateTemplate(
  q: Queryable,
  id: number,
  t: TemplateInput,
): Promise<TemplateRow | undefined> {
  return saving(q, t, async () => {
    const { rows } = await q.query<TemplateRow>(
      `UPDATE rule_templates SET name = $1, subject_en = $2, body_en = $3, subject_es = $4,
              body_es = $5, updated_at = now()
        WHERE id = $6 RETURNING ${COLUMNS}`,
      [...values(t), id],
    );
    return rows[0];
  });
}

/** The triggers whose actions use the template (it cannot go while they do). */
export async function triggersUsing(q: Queryable, id: number): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    'SELECT name FROM triggers WHERE $1 = ANY (template_ids) ORDER BY position, id',
    [id],
  );
  return rows.map((r) => r.name);
}

export async function deleteTemplate(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM rule_templates WHERE id = $1', [id]);
  return rowCount === 1;
}
