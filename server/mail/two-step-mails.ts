// Mails to an account's owner about its two-step sign-in: turned on, turned off, a recovery code
// used. Written in English and put into the owner's language with the server catalog.
import { fill, translate } from '../lib/i18n.js';
import type { Language, MailContent } from './templates.js';

export const TWO_STEP_MAILS = {
  on: {
    subject: 'Two-step sign-in is on for your Helpdesk account',
    body: 'Two-step sign-in was turned on for your account. From now on, signing in asks for a code from your authenticator app after your password.',
  },
  off: {
    subject: 'Two-step sign-in is off for your Helpdesk account',
    body: 'Two-step sign-in was turned off for your account. Signing in now needs only your password.',
  },
  recovery: {
    subject: 'A recovery code was used to sign in to your Helpdesk account',
    body: 'Someone signed in to your account with one of your recovery codes ({{left}} left).',
  },
  greeting: 'Hello {{name}},',
  notYou:
    'If this was not you, change your password at once and ask an administrator to end your sessions.',
} as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function twoStepMail(
  lang: Language,
  name: string,
  kind: 'on' | 'off' | 'recovery',
  recoveryCodesLeft = 0,
): MailContent {
  const t = (text: string) => translate(lang, text);
  const greeting = t(fill(TWO_STEP_MAILS.greeting, { name }));
  const body = fill(t(TWO_STEP_MAILS[kind].body), { left: recoveryCodesLeft });
  const notYou = t(TWO_STEP_MAILS.notYou);
  return {
    subject: t(TWO_STEP_MAILS[kind].subject),
    text: `${greeting}\n\n${body}\n\n${notYou}\n`,
    html: [greeting, body, notYou].map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}
