// The invitation an administrator sends (POST /admin/users/): a link to choose a password, made
// with the password-reset token machinery (valid 7 days, once). Written in English and put into
// the invitee's language with the server catalog (server/locales/es.json).
import { fill, translate } from '../../lib/i18n.js';
import type { Language, MailContent } from '../../mail/templates.js';

export const INVITE = {
  subject: 'You are invited to Helpdesk',
  greeting: 'Hello {{name}},',
  body: '{{inviter}} invited you to Helpdesk. Choose a password to sign in; the link works once, within 7 days.',
  action: 'Choose my password',
  ignore: 'If you did not expect this, you can ignore this email.',
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function inviteMail(
  lang: Language,
  name: string,
  inviter: string,
  link: string,
): MailContent {
  const t = (text: string) => translate(lang, text);
  const greeting = fill(t(INVITE.greeting), { name });
  const body = fill(t(INVITE.body), { inviter });
  const [action, ignore] = [t(INVITE.action), t(INVITE.ignore)];
  return {
    subject: t(INVITE.subject),
    text: `${greeting}\n\n${body}\n\n${action}: ${link}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}
