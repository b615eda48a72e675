// Templates for the mails and notes rules write (docs/rules.md "Templates"): an English and a
// Spanish version, each a subject (one line) and a body (HTML, sanitised with the rich-text
// allow-list), with `{{placeholders}}` for the ticket. A placeholder's value is HTML-escaped in
// the HTML part and left as it is in the subject and the text part; an unknown placeholder is
// refused when the template is saved, so a rule never mails `{{tikcet.id}}`.
import { escapeHtml } from '../lib/escape-html.js';
import { plainText } from '../mail/record-templates.js';

/** Placeholders every template may use; `fields.<key>` names an active custom field of tickets. */
export const PLACEHOLDERS = [
  'ticket.id',
  'ticket.subject',
  'ticket.url',
  'ticket.status',
  'ticket.priority',
  'requester.name',
  'requester.email',
  'organization.name',
  'assignee.name',
  'desk.name',
  'last_message',
] as const;

export type TemplateValues = Record<string, string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses that are not known (`fieldKeys`: the active custom fields). */
export function unknownPlaceholders(text: string, fieldKeys: readonly string[]): string[] {
  const unknown: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1];
    const known =
      (PLACEHOLDERS as readonly string[]).includes(name) ||
      (name.startsWith('fields.') && fieldKeys.includes(name.slice('fields.'.length)));
    if (!known && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** Fills a one-line text (a subject): the values as they are, on one line. */
export function fillText(text: string, values: TemplateValues): string {
  return text
    .replace(PLACEHOLDER, (_all, name: string) => values[name] ?? '')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/** Fills an HTML body: the values escaped, so a subject like `<b>` stays text. */
export function fillHtml(html: string, values: TemplateValues): string {
  return html.replace(PLACEHOLDER, (_all, name: string) => escapeHtml(values[name] ?? ''));
}

export type RenderedTemplate = {
  subject: string;
  html: string;
  text: string;
};

export function renderTemplate(
  t: { subject: string; body: string },
  values: TemplateValues,
): RenderedTemplate {
  const html = fillHtml(t.body, values);
  // The text part from the template's text with the raw values (not from the escaped HTML).
  const text = plainText(t.body).replace(PLACEHOLDER, (_all, name: string) => values[name] ?? '');
  return { subject: fillText(t.subject, values), html, text };
}
