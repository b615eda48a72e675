// Delivers one mail: by SMTP when SMTP_URL is set; otherwise writes it as an .eml file to
// DATA_DIR/outbox/ and logs where, so every flow works on a fresh machine and tests can read
// the links back. Only the mail.send job calls this (outgoing.ts); everything else queues.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './outgoing.js';

export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerLogger {
  info: (obj: object, msg: string) => void;
}

/** The message as nodemailer takes it: threading headers, and Auto-Submitted on notifications. */
function toNodemailer(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references?.length ? { references: mail.references } : {}),
    ...(mail.autoSubmitted ? { headers: { 'Auto-Submitted': 'auto-generated' } } : {}),
  };
}

export function createMailTransport(opts: {
  smtpUrl?: string;
  outboxDir: string;
  logger: MailerLogger;
}): MailTransport {
  if (opts.smtpUrl) {
    // Short timeouts: a hung server fails this attempt and the queue retries it later.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async deliver(mail) {
        await transport.sendMail(toNodemailer(mail));
        opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  // streamTransport + buffer: nodemailer builds the full MIME message without sending it.
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async deliver(mail) {
      const info = await builder.sendMail(toNodemailer(mail));
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, outboxFileName(mail.to, mail.subject));
      // Write beside it, then rename: a reader never sees a half-written mail.
      await fs.writeFile(`${file}.partial`, info.message as Buffer);
      await fs.rename(`${file}.partial`, file);
      opts.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close: () => undefined,
  };
}

let sequence = 0;

/** `<timestamp>-<to>-<slug>.eml`; the sequence keeps names unique within one millisecond. */
export function outboxFileName(to: string, subject: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const safe = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9@.]+/g, '-')
      .replace(/^-|-$/g, '');
  sequence = (sequence + 1) % 1000;
  return `${stamp}-${String(sequence).padStart(3, '0')}-${safe(to)}-${safe(subject).slice(0, 40)}.eml`;
}
