import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { oneLineTest } from '../../../lib/one-line';
import type { ErrorInfo } from '../../../lib/types';
import type { ImapWrite, MailChannel, MailChannelWrite } from '../types';

/** The form's values: text inputs hold strings; the password starts empty (never prefilled). */
export interface ChannelValues {
  address: string;
  use_imap: boolean;
  host: string;
  port: string;
  tls: boolean;
  user: string;
  password: string;
  folder: string;
}

export const IMAP_FIELDS = ['host', 'port', 'user', 'password', 'folder'] as const;

export function valuesOf(channel: MailChannel): ChannelValues {
  const imap = channel.imap;
  return {
    address: channel.address ?? '',
    use_imap: imap !== null,
    host: imap?.host ?? '',
    port: String(imap?.port ?? 993),
    tls: imap?.tls ?? true,
    user: imap?.user ?? '',
    password: '',
    folder: imap?.folder ?? 'INBOX',
  };
}

export function channelSchema(t: TFunction, hasPassword: boolean) {
  const whenImap = (schema: yup.StringSchema, message: string) =>
    schema.when('use_imap', {
      is: true,
      then: (s) => s.required(message),
      otherwise: (s) => s.notRequired(),
    });
  // Sent only with a mailbox, so checked only then.
  const oneLineWhenImap = (schema: yup.StringSchema) =>
    schema.when('use_imap', {
      is: true,
      then: (s) => s.test(oneLineTest(t('common:validation.oneLine'))),
    });
  return yup.object({
    address: yup.string().trim().max(254, t('validation.email')).email(t('validation.email')),
    use_imap: yup.boolean(),
    host: whenImap(yup.string().trim(), t('validation.hostRequired')),
    port: whenImap(yup.string().trim(), t('validation.portRange')).test(
      'port',
      t('validation.portRange'),
      function portInRange(value) {
        if (!(this.parent as ChannelValues).use_imap) return true;
        const port = Number(value);
        return /^\d+$/.test(value ?? '') && port >= 1 && port <= 65535;
      },
    ),
    user: oneLineWhenImap(whenImap(yup.string().trim(), t('validation.userRequired'))),
    // A stored password is kept when the field is left blank.
    password: hasPassword ? yup.string() : whenImap(yup.string(), t('validation.passwordRequired')),
    folder: oneLineWhenImap(whenImap(yup.string().trim(), t('validation.folderRequired'))),
  });
}

export function imapOf(values: ChannelValues): ImapWrite {
  return {
    host: values.host.trim(),
    port: Number(values.port),
    tls: values.tls,
    user: values.user.trim(),
    ...(values.password ? { password: values.password } : {}),
    folder: values.folder.trim(),
  };
}

export function writeBody(values: ChannelValues): MailChannelWrite {
  const address = values.address.trim();
  return { address: address || null, imap: values.use_imap ? imapOf(values) : null };
}

/**
 * The server names IMAP fields inside `imap` ("imap.host", "imap/host" or "host"): each message
 * goes beside the form field of that name.
 */
export function formFieldErrors(error: ErrorInfo | null): ErrorInfo | null {
  if (!error?.fields) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const name = key.split(/[./]/).pop() ?? key;
    fields[name === 'imap' ? 'host' : name] = message;
  }
  return { ...error, fields };
}

/** What removing a desk's channel takes away, by name. */
export function removalText(t: TFunction<'mailChannels'>, channel: MailChannel): string {
  return channel.address
    ? t('remove.text', { address: channel.address, name: channel.hd_name })
    : t('remove.textImap', { name: channel.hd_name });
}
