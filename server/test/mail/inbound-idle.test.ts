// IMAP IDLE against a real IMAP server (dovecot, test/support/dovecot.ts), reached through a TCP
// relay the test can cut: a mail appended to the mailbox becomes a ticket with no poll at all
// (the poll interval is an hour and no poll job runs here), IDLE resumes after the server side
// drops the connection, one process idles per mailbox, and channel changes are picked up.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMailboxWatcher, type MailboxWatcher } from '../../mail/inbound/imap-idle.js';
import { secretBox } from '../../mail/secret.js';
import { uniqueEmail } from '../helpers.js';
import { startDovecot, type DovecotServer, type ImapAccount } from '../support/dovecot.js';
import { SUPPORT, newMessageId, rawMail, startInboundEnv, type InboundEnv } from './inbound-env.js';

const account: ImapAccount = { user: 'idler', password: 'idle-secret' };
const log = { warn: () => undefined };
let imap: DovecotServer;
let t: InboundEnv;
let relay: Relay;
const watchers: MailboxWatcher[] = [];

/** A TCP relay to dovecot; cut() drops every connection as a failing server would. */
interface Relay {
  port: number;
  cut: () => void;
  close: () => Promise<void>;
}

async function startRelay(target: number): Promise<Relay> {
  const open = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut: () => {
      for (const s of open) s.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  imap = await startDovecot([account]);
  relay = await startRelay(imap.port);
  // No poll: the env's own worker neither polls within the hour nor idles (the watchers here do).
  t = await startInboundEnv({ mailPollSeconds: 3600, mailIdle: false });
  const box = secretBox(t.env.db, t.env.config.mailSecretKey);
  await t.env.db.query(
    `UPDATE mail_channels SET imap_host = '127.0.0.1', imap_port = $1, imap_tls = false,
            imap_user = $2, imap_password = $3, imap_folder = 'INBOX', last_poll_at = now()
      WHERE hd_id = 1`,
    [relay.port, account.user, await box.seal(account.password)],
  );
});
afterEach(async () => {
  for (const w of watchers.splice(0)) await w.stop();
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
  await imap?.stop();
});

function watch(): MailboxWatcher {
  const box = secretBox(t.env.db, t.env.config.mailSecretKey);
  // Rescans only when a test asks (rescanMs an hour); reconnects quickly.
  const w = startMailboxWatcher(t.ctx, (s) => box.open(s), log, {
    rescanMs: 3_600_000,
    minBackoffMs: 100,
    maxBackoffMs: 1000,
    busyRetryMs: 100,
  });
  watchers.push(w);
  return w;
}

/** Polls `check` every 50 ms until it holds, for up to 30 s. */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** Waits until `w` is in IDLE on desk 1's mailbox after `connects` connections. */
const idling = (w: MailboxWatcher, connects = 1) =>
  until(`IDLE (connection ${connects})`, () => {
    const s = w.status(1);
    return Boolean(s && s.connects === connects && s.idling);
  });

async function ticketsTitled(title: string) {
  const { rows } = await t.env.db.query<{ id: number; channel: string }>(
    `SELECT id::int, channel FROM records WHERE title = $1 AND hd_id = 1`,
    [title],
  );
  return rows;
}

async function arrives(subject: string): Promise<void> {
  await imap.append(
    account,
    rawMail(
      {
        From: `"Ida Idle" <${uniqueEmail('idle')}>`,
        To: SUPPORT,
        Subject: subject,
        'Message-ID': newMessageId(),
        Date: new Date().toUTCString(),
      },
      `Body of ${subject}`,
    ),
  );
}

const ticketFor = (subject: string) =>
  until(`a ticket "${subject}"`, async () => (await ticketsTitled(subject)).length > 0);

const allSeen = async () => (await imap.flags(account)).every((f) => f.includes('\\Seen'));

describe('IMAP IDLE', { timeout: 60_000 }, () => {
  it('a mail arriving in the mailbox becomes a ticket without a poll, then is flagged seen', async () => {
    const w = watch();
    await idling(w);
    await arrives('Idle one');
    await ticketFor('Idle one');
    expect(await ticketsTitled('Idle one')).toMatchObject([{ channel: 'mail' }]);
    await until('the mail is flagged seen', allSeen);
    // And again on the same connection, once it idles again.
    await idling(w);
    await arrives('Idle two');
    await ticketFor('Idle two');
    expect(w.status(1)?.connects).toBe(1);
  });

  it('IDLE resumes after the server drops the connection', async () => {
    const w = watch();
    await idling(w);
    relay.cut();
    await idling(w, 2);
    await arrives('Idle after a drop');
    await ticketFor('Idle after a drop');
    expect(await ticketsTitled('Idle after a drop')).toHaveLength(1);
  });

  it('mails that arrived while the connection was down are imported on reconnecting', async () => {
    const w = watch();
    await idling(w);
    await relay.close();
    await arrives('Idle while down');
    // The relay comes back on another port: a changed channel, picked up by the rescan.
    relay = await startRelay(imap.port);
    await t.env.db.query(`UPDATE mail_channels SET imap_port = $1 WHERE hd_id = 1`, [relay.port]);
    await w.rescan();
    await ticketFor('Idle while down');
  });

  it('two workers: only one idles on a mailbox; the other takes over when it stops', async () => {
    const first = watch();
    await idling(first);
    const second = watch();
    await second.rescan();
    expect(first.watching()).toEqual([1]);
    expect(second.watching()).toEqual([]);

    await arrives('Idle two workers');
    await ticketFor('Idle two workers');
    const { rows } = await t.env.db.query(
      `SELECT count(*)::int AS n FROM inbound_mails WHERE subject = 'Idle two workers'`,
    );
    expect(rows[0].n).toBe(1);

    await first.stop();
    await second.rescan();
    expect(second.watching()).toEqual([1]);
    await idling(second);
    await arrives('Idle taken over');
    await ticketFor('Idle taken over');
  });

  it('a channel whose mailbox is removed is no longer watched; added back, it is', async () => {
    const w = watch();
    await idling(w);
    await t.env.db.query(`UPDATE mail_channels SET imap_host = NULL WHERE hd_id = 1`);
    await w.rescan();
    expect(w.watching()).toEqual([]);
    await t.env.db.query(`UPDATE mail_channels SET imap_host = '127.0.0.1' WHERE hd_id = 1`);
    await w.rescan();
    expect(w.watching()).toEqual([1]);
    await idling(w);
  });
});
