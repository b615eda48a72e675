// The texts of the mails the server sends, in English and Spanish.
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
    subject: 'Confirma tu cuenta de Helpdesk',
    greeting: (name) => `Hola ${name}:`,
    body: 'Confirma tu dirección de correo para activar tu cuenta de Helpdesk.',
    action: 'Confirmar mi cuenta',
    ignore: 'Si no te registraste, puedes ignorar este correo.',
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
    subject: 'Restablece tu contraseña de Helpdesk',
    greeting: (name) => `Hola ${name}:`,
    body: 'Usa este enlace en la próxima hora para elegir una contraseña nueva. Funciona una sola vez.',
    action: 'Restablecer mi contraseña',
    ignore: 'Si no lo pediste, puedes ignorar este correo; tu contraseña no cambia.',
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
