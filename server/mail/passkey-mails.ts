// Mails to an account's owner about its passkeys: one added, one removed. Written in English and
// put into the owner's language with the server catalog.
import { fill, translate } from '../lib/i18n.js';
import { TWO_STEP_MAILS } from './two-step-mails.js';
import type { Language, MailContent } from './templates.js';

export const PASSKEY_MAILS = {
  added: {
    subject: 'A passkey was added to your Helpdesk account',
    body: 'The passkey “{{passkey}}” was added to your account. It can now be used to sign in.',
  },
  removed: {
    subject: 'A passkey was removed from your Helpdesk account',
    body: 'The passkey “{{passkey}}” was removed from your account. It can no longer be used to sign in.',
  },
} as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passkeyMail(
  lang: Language,
  name: string,
  kind: 'added' | 'removed',
  passkey: string,
): MailContent {
  const t = (text: string) => translate(lang, text);
  const greeting = t(fill(TWO_STEP_MAILS.greeting, { name }));
  const body = fill(t(PASSKEY_MAILS[kind].body), { passkey });
  const notYou = t(TWO_STEP_MAILS.notYou);
  return {
    subject: t(PASSKEY_MAILS[kind].subject),
    text: `${greeting}\n\n${body}\n\n${notYou}\n`,
    html: [greeting, body, notYou].map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}
