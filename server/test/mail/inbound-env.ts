// What the inbound mail tests share: a test app whose desks 1 (IT Support) and 4 (HR) have
// addresses, the real inbound SMTP listener on a free port, nodemailer to send to it, and ways to
// wait for a mail's import and read what it became.
import { createBlobStore } from '../../storage/blob-store.js';
import { clockFromConfig } from '../../lib/clock.js';
import { jwtSecretProvider } from '../../lib/jwt-secret.js';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Config } from '../../config.js';
import { jobPolicies } from '../../jobs/jobs.js';
import { createJobQueue } from '../../jobs/queue.js';
import type { InboundContext } from '../../mail/inbound/import.js';
import { createImportRunner, type ImportRunner } from '../../mail/inbound/runner.js';
import { startInboundSmtp, type InboundSmtp } from '../../mail/inbound/smtp-listener.js';
import { startTestEnv, type TestEnv } from '../helpers.js';

export const SUPPORT = 'support@example.com';
export const HR = 'hr@example.com';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface InboundEnv {
  env: TestEnv;
  ctx: InboundContext;
  runner: ImportRunner;
  smtp: InboundSmtp;
  /** Sends over real SMTP to the listener; resolves on its 250. */
  send: (mail: Mail.Options) => Promise<{ messageId: string }>;
  /** Waits until the stored mail with this Message-ID (or key) is no longer `received`. */
  imported: (messageKey: string) => Promise<InboundRow>;
  close: () => Promise<void>;
}

export interface InboundRow {
  id: number;
  hd_id: number;
  state: string;
  reason: string | null;
  record_id: number | null;
  message_row_id: number | null;
}

export async function startInboundEnv(overrides: Partial<Config> = {}): Promise<InboundEnv> {
  const env = await startTestEnv(overrides);
  await env.db.query(
    `INSERT INTO mail_channels (hd_id, address) VALUES (1, $1), (4, $2)
     ON CONFLICT (hd_id) DO UPDATE SET address = EXCLUDED.address`,
    [SUPPORT, HR],
  );
  const queue = createJobQueue(env.db, {
    policies: jobPolicies(env.config),
    log: silent,
    worker: false,
  });
  const ctx: InboundContext = {
    db: env.db,
    config: env.config,
    queue,
    blobs: await createBlobStore(env.db, undefined),
    clock: clockFromConfig(env.config),
    jwtSecret: jwtSecretProvider(env.db, env.config.jwtSecret),
  };
  const runner = createImportRunner(ctx, silent);
  const smtp = await startInboundSmtp(ctx, {
    host: '127.0.0.1',
    port: 0,
    maxBytes: env.config.inboundMailMaxMb * 1024 * 1024,
    onStored: runner.kick,
    log: silent,
  });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });

  // The mail's row once imported (or refused): polled every 25 ms, for up to 10 s.
  const imported = async (messageKey: string): Promise<InboundRow> => {
    for (let i = 0; i < 400; i++) {
      const { rows } = await env.db.query<InboundRow>(
        `SELECT id::int, hd_id, state, reason, record_id::int, message_row_id::int
           FROM inbound_mails WHERE message_key = $1 AND state <> 'received'`,
        [messageKey],
      );
      if (rows.length) return rows[0];
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`mail ${messageKey} was not imported`);
  };

  return {
    env,
    ctx,
    runner,
    smtp,
    send: async (mail) => {
      const info = await transport.sendMail(mail);
      return { messageId: info.messageId };
    },
    imported,
    close: async () => {
      transport.close();
      await smtp.close();
      await runner.idle();
      await queue.stop();
      await env.close();
    },
  };
}

/** A raw mail (CRLF line ends) from header lines and a body. */
export function rawMail(headers: Record<string, string>, body: string): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`;
}

/**
 * The Message-ID of the newest mail the product queued to `to` about `recordId`: what that
 * person's mail client names in In-Reply-To when they answer it.
 */
export async function notificationId(env: TestEnv, recordId: number, to: string): Promise<string> {
  const { rows } = await env.db.query<{ message_id: string }>(
    `SELECT message_id FROM record_mail_log WHERE record_id = $1 AND to_email = $2
      ORDER BY id DESC LIMIT 1`,
    [recordId, to],
  );
  if (!rows.length) throw new Error(`no mail to ${to} about #${recordId}`);
  return rows[0].message_id;
}

let counter = 0;

/** A Message-ID unique to this test run. */
export function newMessageId(): string {
  counter += 1;
  return `<t${counter}.${process.pid}.${Date.now()}@client.test>`;
}
