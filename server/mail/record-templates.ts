// The texts of the mails about a record (a new message, a status change, an assignment, a
// forwarded message), in English and Spanish. Each carries a link to the record's details page.
import sanitizeHtml from 'sanitize-html';
import type { Language, MailContent } from './templates.js';

export type RecordMailEvent =
  | { type: 'message'; author: string; body: string }
  | { type: 'status_changed'; actor: string; from: string; to: string }
  | { type: 'assigned'; actor: string }
  | { type: 'forward'; author: string; body: string };

export interface RecordRef {
  id: number;
  object_type: 'T' | 'C';
  title: string;
}

interface Texts {
  noun: (type: 'T' | 'C') => string;
  greeting: (name: string) => string;
  subject: (e: RecordMailEvent, what: string) => string;
  lead: (e: RecordMailEvent, what: string) => string;
  open: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    noun: (type) => (type === 'T' ? 'ticket' : 'content item'),
    greeting: (name) => `Hello ${name},`,
    subject: (e, what) =>
      e.type === 'message'
        ? `New message on ${what}`
        : e.type === 'status_changed'
          ? `Status changed to ${e.to} on ${what}`
          : e.type === 'assigned'
            ? `Assigned to you: ${what}`
            : `Fwd: ${what}`,
    lead: (e, what) =>
      e.type === 'message'
        ? `${e.author} wrote on ${what}:`
        : e.type === 'status_changed'
          ? `${e.actor} changed the status of ${what} from ${e.from} to ${e.to}.`
          : e.type === 'assigned'
            ? `${e.actor} assigned ${what} to you.`
            : `${e.author} forwarded this message about ${what}:`,
    open: 'Open it',
  },
  es: {
    noun: (type) => (type === 'T' ? 'ticket' : 'artículo'),
    greeting: (name) => `Hola ${name}:`,
    subject: (e, what) =>
      e.type === 'message'
        ? `Nuevo mensaje en ${what}`
        : e.type === 'status_changed'
          ? `Estado cambiado a ${e.to} en ${what}`
          : e.type === 'assigned'
            ? `Asignado a usted: ${what}`
            : `Rv: ${what}`,
    lead: (e, what) =>
      e.type === 'message'
        ? `${e.author} escribió en ${what}:`
        : e.type === 'status_changed'
          ? `${e.actor} cambió el estado de ${what} de ${e.from} a ${e.to}.`
          : e.type === 'assigned'
            ? `${e.actor} le asignó ${what}.`
            : `${e.author} reenvió este mensaje sobre ${what}:`,
    open: 'Abrirlo',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sanitised message HTML as plain text for the text part. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h2|h3|blockquote|pre)>|<br\s*\/?>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A mail about `record`. `name` greets the recipient (none for a forward to an outside address);
 * `link` opens the record's details page (none for a forward). The message body is HTML already
 * sanitised with the rich-text allow-list, so it goes into the HTML part as it is.
 */
export function recordMail(
  lang: Language,
  record: RecordRef,
  event: RecordMailEvent,
  opts: { name?: string; link?: string },
): MailContent {
  const t = TEXTS[lang];
  const what = `${t.noun(record.object_type)} #${record.id} "${record.title}"`;
  const subject = t.subject(event, `${t.noun(record.object_type)} #${record.id}: ${record.title}`);
  const lead = t.lead(event, what);
  const body = event.type === 'message' || event.type === 'forward' ? event.body : undefined;
  const text = [
    opts.name ? t.greeting(opts.name) : undefined,
    lead,
    body === undefined ? undefined : plainText(body),
    opts.link ? `${t.open}: ${opts.link}` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join('\n\n');
  const html = [
    opts.name ? `<p>${escapeHtml(t.greeting(opts.name))}</p>` : '',
    `<p>${escapeHtml(lead)}</p>`,
    body === undefined ? '' : `<blockquote>${body}</blockquote>`,
    opts.link ? `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(t.open)}</a></p>` : '',
  ].join('');
  return { subject, text: `${text}\n`, html };
}
