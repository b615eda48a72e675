// The escalation mails (a target at 80 % of its time, or missed), in English and Spanish.
import type { Language, MailContent } from '../mail/templates.js';
import type { Target } from './policy.js';

export type Level = 'warning' | 'breach';

const TARGET_NAMES: Record<Language, Record<Target, string>> = {
  en: {
    first_response: 'first response',
    next_response: 'next response',
    resolution: 'resolution',
  },
  es: {
    first_response: 'primera respuesta',
    next_response: 'siguiente respuesta',
    resolution: 'resolución',
  },
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function escalationMail(
  lang: Language,
  m: {
    recordId: number;
    title: string;
    target: Target;
    level: Level;
    dueAt: Date;
    name: string;
    link: string;
  },
): MailContent {
  const target = TARGET_NAMES[lang][m.target];
  const due = m.dueAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const what = `#${m.recordId}: ${m.title}`;
  const [subject, lead] =
    lang === 'es'
      ? m.level === 'breach'
        ? [
            `SLA incumplido (${target}): ticket ${what}`,
            `El objetivo de ${target} del ticket ${what} venció el ${due}.`,
          ]
        : [
            `SLA a punto de vencer (${target}): ticket ${what}`,
            `El objetivo de ${target} del ticket ${what} vence el ${due}.`,
          ]
      : m.level === 'breach'
        ? [
            `SLA breached (${target}): ticket ${what}`,
            `The ${target} target of ticket ${what} was due at ${due}.`,
          ]
        : [
            `SLA due soon (${target}): ticket ${what}`,
            `The ${target} target of ticket ${what} is due at ${due}.`,
          ];
  const greeting = lang === 'es' ? `Hola ${m.name}:` : `Hello ${m.name},`;
  const open = lang === 'es' ? 'Abrirlo' : 'Open it';
  return {
    subject,
    text: `${greeting}\n\n${lead}\n\n${open}: ${m.link}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(m.link)}">${escapeHtml(open)}</a></p>`,
  };
}
