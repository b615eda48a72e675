// The built-in inbound SMTP listener (smtp-server). It accepts mail only for the help desks'
// addresses (anything else: 550 at RCPT TO), up to INBOUND_MAIL_MAX_MB (552), and answers 250
// only after the mail and its import job are committed (store.ts). No AUTH or STARTTLS: it binds
// to 127.0.0.1 unless INBOUND_SMTP_HOST says otherwise; a public MTA in front relays to it.
// Worker processes run it (docs/mail.md "Which process does what"), through
// superviseInboundSmtp(): a port that cannot be bound (taken by another process) is tried again
// with backoff, and health says the listener is down meanwhile (listener-health.ts).
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../lib/context.js';
import { listenProblem, type MailListenerMonitor } from './listener-health.js';
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

/** First wait before binding again after a failure; it doubles up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 60_000;

export interface SupervisedSmtp {
  /** The port it listens on; undefined while it could not bind. */
  readonly port: number | undefined;
  /** Stops trying (a retry waiting or under way) and closes the listener. */
  stop: () => Promise<void>;
}

/**
 * Runs the listener and keeps trying to bind when it cannot (the port is taken, typically by
 * another process): again after 1 s, then twice as long each time, at most a minute, until it
 * binds or stop() is called. `monitor` says up or down (with the reason) as it goes. Resolves
 * after the first attempt, bound or not.
 */
export async function superviseInboundSmtp(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  opts: InboundSmtpOptions & { monitor: MailListenerMonitor },
): Promise<SupervisedSmtp> {
  const address = `${opts.host}:${opts.port}`;
  let smtp: InboundSmtp | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  let delay = RETRY_FIRST_MS;
  let failures = 0;
  let downSince: Date | undefined;

  const tryListen = async (): Promise<void> => {
    try {
      const started = await startInboundSmtp(ctx, opts);
      if (stopped) {
        await started.close();
        return;
      }
      smtp = started;
      opts.monitor.set({ state: 'up', address: `${opts.host}:${started.port}` });
      if (failures) {
        opts.log.info(
          { host: opts.host, port: started.port, failures },
          `Inbound SMTP is listening now, after ${failures} failed attempts`,
        );
      }
    } catch (err) {
      if (stopped) return;
      failures += 1;
      downSince ??= new Date();
      const wait = delay;
      delay = Math.min(delay * 2, RETRY_MAX_MS);
      const problem = listenProblem(err);
      const error = (err as Error).message;
      opts.monitor.set({
        state: 'down',
        address,
        since: downSince,
        problem,
        error,
        retryAt: new Date(Date.now() + wait),
      });
      // Said once; the retries are quiet until it binds (and says so).
      if (failures === 1) {
        opts.log.error(
          { err, host: opts.host, port: opts.port, problem },
          `Inbound SMTP could not listen on ${address} (${problem}); trying again with backoff ` +
            '(with several worker processes on one machine, set INBOUND_SMTP=off on all but one)',
        );
      }
      timer = setTimeout(() => {
        timer = undefined;
        attempt = tryListen();
      }, wait);
    }
  };

  attempt = tryListen();
  await attempt;
  return {
    get port() {
      return smtp?.port;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      if (smtp) await smtp.close();
      smtp = undefined;
      opts.monitor.set({ state: 'off' });
    },
  };
}
