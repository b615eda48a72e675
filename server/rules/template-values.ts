// The values a template's placeholders take for one ticket and one recipient's language.
import type { Config } from '../config.js';
import { detailsLink } from '../mail/record-mail.js';
import { plainText } from '../mail/record-templates.js';
import type { Language } from '../lib/i18n.js';
import type { TicketState } from './evaluate.js';
import type { TemplateValues } from './templates.js';

export interface FieldDef {
  key: string;
  type: string;
  choices: { value: string; label_en: string; label_es: string }[];
}

export async function ticketFieldDefs(q: {
  query: (sql: string) => Promise<{ rows: unknown[] }>;
}): Promise<FieldDef[]> {
  const { rows } = await q.query(
    `SELECT key, type, choices FROM custom_fields WHERE object_type = 'T' AND active`,
  );
  return rows as FieldDef[];
}

function fieldText(def: FieldDef, value: unknown, lang: Language): string {
  if (value === null || value === undefined) return '';
  const label = (v: unknown) => {
    const c = def.choices.find((ch) => ch.value === v);
    return c ? (lang === 'es' ? c.label_es : c.label_en) : String(v);
  };
  if (Array.isArray(value)) return value.map(label).join(', ');
  return label(value);
}

export function templateValues(
  config: Config,
  t: TicketState,
  defs: readonly FieldDef[],
  lang: Language,
  agent: boolean,
): TemplateValues {
  const values: TemplateValues = {
    'ticket.id': String(t.id),
    'ticket.subject': t.title,
    'ticket.url': detailsLink(config, { id: t.id, object_type: 'T', title: t.title }, agent),
    'ticket.status': t.status_name,
    'ticket.priority': t.priority_name ?? '',
    'requester.name': t.owner_name,
    'requester.email': t.owner_email,
    'organization.name': t.company_name ?? '',
    'assignee.name': t.assignee_name ?? '',
    'desk.name': t.hd_name,
    last_message: plainText(t.last_message),
  };
  for (const d of defs) values[`fields.${d.key}`] = fieldText(d, t.fields[d.key], lang);
  return values;
}
