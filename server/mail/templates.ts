// The texts of the mails the server sends, in English and Spanish.
import { fill, translate } from '../lib/i18n.js';

export type Language = 'en' | 'es';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  ignore: string;
}

const CONFIRM: Record<Language, Texts> = {
  en: {
    subject: 'Confirm your Helpdesk account',
    greeting: (name) => `Hello ${name},`,
    body: 'Please confirm your email address to activate your Helpdesk account.',
    action: 'Confirm my account',
    ignore: 'If you did not sign up, you can ignore this email.',
  },
  es: {
    subject: 'Confirme su cuenta de Helpdesk',
    greeting: (name) => `Hola ${name}:`,
    body: 'Confirme su dirección de correo para activar su cuenta de Helpdesk.',
    action: 'Confirmar mi cuenta',
    ignore: 'Si no se registró, puede ignorar este correo.',
  },
};

const RESET: Record<Language, Texts> = {
  en: {
    subject: 'Reset your Helpdesk password',
    greeting: (name) => `Hello ${name},`,
    body: 'Use this link within one hour to choose a new password. It works once.',
    action: 'Reset my password',
    ignore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
  },
  es: {
    subject: 'Restablezca su contraseña de Helpdesk',
    greeting: (name) => `Hola ${name}:`,
    body: 'Use este enlace en la próxima hora para elegir una contraseña nueva. Funciona una sola vez.',
    action: 'Restablecer mi contraseña',
    ignore: 'Si no lo pidió, puede ignorar este correo; su contraseña no cambia.',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(t: Texts, name: string, link: string): MailContent {
  return {
    subject: t.subject,
    text: `${t.greeting(name)}\n\n${t.body}\n\n${t.action}: ${link}\n\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>` +
      `<p>${escapeHtml(t.ignore)}</p>`,
  };
}

export function confirmMail(lang: Language, name: string, link: string): MailContent {
  return render(CONFIRM[lang], name, link);
}

export function resetMail(lang: Language, name: string, link: string): MailContent {
  return render(RESET[lang], name, link);
}

/**
 * To the owner of an address someone tried to register again (register/ answers as for a new
 * address, so the answer never tells whether an address has an account). Written in English
 * and put into the owner's language with the server catalog (server/locales/es.json).
 */
export const ACCOUNT_EXISTS = {
  subject: 'Someone tried to register with your email address',
  greeting: 'Hello {{name}},',
  body:
    'Someone tried to create a Helpdesk account with your email address. You already have an ' +
    'account, so no new one was made.',
  hint: 'If it was you, sign in, or reset your password if you have forgotten it.',
  signIn: 'Sign in',
  reset: 'Reset my password',
  ignore: 'If it was not you, you can ignore this email; your account stays as it is.',
} as const;

export function accountExistsMail(
  lang: Language,
  name: string,
  links: { signIn: string; reset: string },
): MailContent {
  const t = (text: string) => translate(lang, text);
  const greeting = t(fill(ACCOUNT_EXISTS.greeting, { name }));
  const actions: [string, string][] = [
    [t(ACCOUNT_EXISTS.signIn), links.signIn],
    [t(ACCOUNT_EXISTS.reset), links.reset],
  ];
  const [body, hint, ignore] = [
    ACCOUNT_EXISTS.body,
    ACCOUNT_EXISTS.hint,
    ACCOUNT_EXISTS.ignore,
  ].map(t);
  return {
    subject: t(ACCOUNT_EXISTS.subject),
    text:
      `${greeting}\n\n${body}\n\n${hint}\n\n` +
      actions.map(([label, link]) => `${label}: ${link}\n`).join('') +
      `\n${ignore}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(hint)}</p>` +
      actions
        .map(([label, link]) => `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`)
        .join('') +
      `<p>${escapeHtml(ignore)}</p>`,
  };
}
