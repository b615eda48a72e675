// The built-in inbound SMTP listener (smtp-server). It accepts mail only for the help desks'
// addresses (anything else: 550 at RCPT TO), up to INBOUND_MAIL_MAX_MB (552), and answers 250
// only after the mail and its import job are committed (store.ts). No AUTH or STARTTLS: it binds
// to 127.0.0.1 unless INBOUND_SMTP_HOST says otherwise; a public MTA in front relays to it.
// Worker processes run it (docs/mail.md "Which process does what").
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../lib/context.js';
import { channelForAddress } from './sql.js';
import { createStoreBatcher } from './store.js';

export interface InboundSmtpLogger {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface InboundSmtpOptions {
  host: string;
  port: number;
  maxBytes: number;
  /** Called with the new inbound_mails ids once a mail is stored (the import's fast path). */
  onStored: (ids: number[]) => void;
  log: InboundSmtpLogger;
}

export interface InboundSmtp {
  /** The port it listens on (useful with port 0). */
  port: number;
  close: () => Promise<void>;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Desks the session's recipients resolved to, kept on the session at RCPT time. */
const sessionDesks = new WeakMap<SMTPServerSession, number[]>();

/** The whole mail; past `max` bytes the rest is read and dropped (the answer is then 552). */
function readAll(stream: SMTPServerDataStream, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on('data', (c: Buffer) => {
      length += c.length;
      if (length <= max) chunks.push(c);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export function startInboundSmtp(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  opts: InboundSmtpOptions,
): Promise<InboundSmtp> {
  // Mails arriving together over several connections are stored in one transaction.
  const store = createStoreBatcher(ctx);
  const server = new SMTPServer({
    name: 'helpdesk',
    banner: 'Helpdesk inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    size: opts.maxBytes,
    logger: false,
    socketTimeout: 60_000,
    closeTimeout: 10_000,
    onRcptTo(address, session, callback) {
      channelForAddress(ctx.db, address.address)
        .then((hdId) => {
          if (hdId === undefined) {
            callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
            return;
          }
          sessionDesks.set(session, [...(sessionDesks.get(session) ?? []), hdId]);
          callback();
        })
        .catch((err: unknown) => {
          opts.log.error({ err }, 'inbound SMTP: recipient check failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
    onData(stream, session, callback) {
      readAll(stream, opts.maxBytes)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            callback(smtpError(552, `5.3.4 Message too big (limit ${opts.maxBytes} bytes)`));
            return;
          }
          const mailFrom = session.envelope.mailFrom;
          const ids = await store({
            hdIds: sessionDesks.get(session) ?? [],
            raw,
            source: 'smtp',
            envelopeFrom: mailFrom ? mailFrom.address : '',
          });
          callback(null, 'Queued');
          if (ids.length) opts.onStored(ids);
        })
        .catch((err: unknown) => {
          opts.log.error({ err }, 'inbound SMTP: storing a mail failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
    onMailFrom(_address, session, callback) {
      // A new transaction on the same connection starts with no recipients.
      sessionDesks.delete(session);
      callback();
    },
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.removeListener('error', reject);
      server.on('error', (err) => opts.log.error({ err }, 'inbound SMTP error'));
      const port = (server.server.address() as AddressInfo).port;
      opts.log.info({ host: opts.host, port }, `Inbound SMTP listening on ${opts.host}:${port}`);
      resolve({
        port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
