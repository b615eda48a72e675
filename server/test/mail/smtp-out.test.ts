// Mail out over real SMTP (an smtp-server sink started here): delivered with its threading
// headers; a temporary refusal is retried; with the SMTP server down, the mail is retried with
// backoff and then shown as failed, with the reason, in the record's communication log.
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv } from '../helpers.js';
import { caller, newRecord, person } from '../work-helpers.js';

interface Sink {
  port: number;
  received: Array<{ from: string; to: string[]; mail: ParsedMail }>;
  /** Answers this many transactions with a temporary error (451) before accepting. */
  refuseNext: number;
  stop: () => Promise<void>;
}

async function startSink(): Promise<Sink> {
  const sink: Sink = { port: 0, received: [], refuseNext: 0, stop: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (sink.refuseNext > 0) {
        sink.refuseNext -= 1;
        const err = new Error('Try again later') as Error & { responseCode: number };
        err.responseCode = 451;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          sink.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as net.AddressInfo).port;
  sink.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}

/** A port nothing listens on: the SMTP server is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Polls `read` every 100 ms until `done` holds for its value, for up to 30 s. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface LogEntry {
  to_email: string;
  state: string;
  error: string | null;
  attempts: number;
  message_id: string;
}

async function setup(smtpUrl: string) {
  const env = await startTestEnv({ smtpUrl, mailRetryLimit: 2, mailRetryDelaySeconds: 1 });
  await env.db.query(
    `INSERT INTO mail_channels (hd_id, address) VALUES (1, 'support@example.com')`,
  );
  const alice = await person(env, 'Alice Smtp');
  const agent = await person(env, 'Agent Smtp', true);
  const call = caller(env);
  const log = async (id: number) =>
    (await call('GET', `/api/ticket/${id}/communication-log/`, agent.token)).json()
      .data as LogEntry[];
  return { env, alice, agent, call, log };
}

describe('SMTP delivery', () => {
  let sink: Sink;
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    sink = await startSink();
    s = await setup(`smtp://127.0.0.1:${sink.port}`);
  });
  afterAll(async () => {
    await s?.env.close();
    await sink?.stop();
  });

  it('delivers a reply by SMTP with its threading headers', async () => {
    const t = await newRecord(s.env, 'ticket', s.alice.token, { subject: 'SMTP path' });
    await s.call('POST', `/api/ticket/${t.id}/communication/`, s.agent.token, {
      body: '<p>Delivered by SMTP.</p>',
    });
    const [entry] = await until(
      () => s.log(t.id),
      (l) => l[0]?.state === 'sent',
    );
    const got = sink.received.find((r) => r.to.includes(s.alice.email));
    expect(got?.from).toBe('support@example.com');
    expect(got?.mail.messageId).toBe(entry.message_id);
    expect(got?.mail.subject).toMatch(new RegExp(`^\\[#${t.id}\\] `));
    expect(got?.mail.text).toContain('Delivered by SMTP.');
    expect(entry).toMatchObject({ attempts: 1, error: null });
  });

  it('retries a temporary refusal and then delivers', async () => {
    sink.refuseNext = 1;
    const t = await newRecord(s.env, 'ticket', s.alice.token, { subject: 'Greylisted' });
    await s.call('POST', `/api/ticket/${t.id}/communication/`, s.agent.token, {
      body: '<p>Second time lucky.</p>',
    });
    // After the refusal the mail is still queued, with the server's answer as its last error.
    const [waiting] = await until(
      () => s.log(t.id),
      (l) => l[0]?.attempts === 1,
    );
    expect(waiting.state).toBe('queued');
    expect(waiting.error).toContain('Try again later');
    const [entry] = await until(
      () => s.log(t.id),
      (l) => l[0]?.state === 'sent',
    );
    expect(entry).toMatchObject({ attempts: 2, error: null });
    expect(sink.received.filter((r) => r.mail.messageId === entry.message_id)).toHaveLength(1);
  });
});

describe('SMTP down', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    s = await setup(`smtp://127.0.0.1:${port}`);
  });
  afterAll(() => s?.env.close());

  it('retries with backoff, then shows the mail as failed with the reason', async () => {
    const t = await newRecord(s.env, 'ticket', s.alice.token, { subject: 'Nobody home' });
    const res = await s.call('POST', `/api/ticket/${t.id}/communication/`, s.agent.token, {
      body: '<p>This will not arrive.</p>',
    });
    // The reply itself is saved: mail trouble never fails the change.
    expect(res.statusCode).toBe(200);
    const [entry] = await until(
      () => s.log(t.id),
      (l) => l[0]?.state === 'failed',
    );
    // The first attempt and both retries (MAIL_RETRY_LIMIT=2).
    expect(entry.attempts).toBe(3);
    expect(entry.error).toMatch(/ECONNREFUSED/);
    expect(entry.error).toContain(`127.0.0.1:${port}`);
    // One job, tried three times with exponential backoff (from MAIL_RETRY_DELAY_SECONDS), then
    // failed. The queue marks the job failed just after the last attempt has logged its failure.
    const rows = await until(
      async () =>
        (
          await s.env.db.query<{ state: string }>(
            `SELECT retry_count, retry_limit, retry_delay, retry_backoff, state
               FROM pgboss.job WHERE name = 'mail.send'`,
          )
        ).rows,
      (r) => r.length === 1 && r[0].state !== 'active',
    );
    expect(rows).toEqual([
      { retry_count: 2, retry_limit: 2, retry_delay: 1, retry_backoff: true, state: 'failed' },
    ]);
  });
});
