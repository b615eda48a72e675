// Sends mail by SMTP when SMTP_URL is set; otherwise writes each mail as an .eml file to
// DATA_DIR/outbox/ and logs where, so every flow works on a fresh machine and tests can read
// the links back.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailContent } from './templates.js';

export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
}

export interface MailerLogger {
  info: (obj: object, msg: string) => void;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: MailerLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(to, content) {
        await transport.sendMail({ from: opts.from, to, ...content });
        opts.logger.info({ to, subject: content.subject }, 'mail sent');
      },
    };
  }
  // streamTransport + buffer: nodemailer builds the full MIME message without sending it.
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(to, content) {
      const info = await builder.sendMail({ from: opts.from, to, ...content });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, outboxFileName(to, content.subject));
      // Write beside it, then rename: a reader never sees a half-written mail.
      await fs.writeFile(`${file}.partial`, info.message as Buffer);
      await fs.rename(`${file}.partial`, file);
      opts.logger.info({ to, subject: content.subject, file }, 'mail written to outbox');
    },
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
