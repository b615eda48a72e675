// Mail in by IMAP polling, against a real IMAP server (dovecot from a throwaway configuration,
// test/support/dovecot.ts): unseen mails become tickets and are flagged \Seen only after that;
// nothing twice; one poll per mailbox at a time; a failing mailbox is noted on its channel.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInboundMail } from '../../mail/inbound/store.js';
import { pollChannel, type ImapChannel } from '../../mail/inbound/imap-poll.js';
import { pollDueChannels } from '../../mail/inbound/poll-job.js';
import { secretBox, type SecretBox } from '../../mail/secret.js';
import { uniqueEmail } from '../helpers.js';
import { startDovecot, type DovecotServer, type ImapAccount } from '../support/dovecot.js';
import {
  HR,
  SUPPORT,
  newMessageId,
  rawMail,
  startInboundEnv,
  type InboundEnv,
} from './inbound-env.js';

const account: ImapAccount = { user: 'support', password: 'imap-secret' };
let imap: DovecotServer;
let t: InboundEnv;
const log = { warn: () => undefined };
let box: SecretBox;
const openPassword = (stored: string) => box.open(stored);

beforeAll(async () => {
  imap = await startDovecot([account]);
  // Polled only when a test says so: the worker's own schedule finds nothing due, and it does
  // not idle on the mailbox (inbound-idle.test.ts tests IDLE).
  t = await startInboundEnv({ mailPollSeconds: 3600, mailIdle: false });
  // The worker's own box: the password stored sealed, as the Mail channels page stores it.
  box = secretBox(t.env.db, t.env.config.mailSecretKey);
  await t.env.db.query(
    `UPDATE mail_channels SET imap_host = '127.0.0.1', imap_port = $1, imap_tls = false,
            imap_user = $2, imap_password = $3, imap_folder = 'INBOX'
      WHERE hd_id = 1`,
    [imap.port, account.user, await box.seal(account.password)],
  );
});
afterAll(async () => {
  await t?.close();
  await imap?.stop();
});

const channel = (): ImapChannel => ({
  hd_id: 1,
  imap_host: '127.0.0.1',
  imap_port: imap.port,
  imap_tls: false,
  imap_user: account.user,
  imap_folder: 'INBOX',
  password: account.password,
});

function mail(subject: string, messageId: string, to = SUPPORT): string {
  return rawMail(
    {
      From: `"Ivy Imap" <${uniqueEmail('imap')}>`,
      To: to,
      Subject: subject,
      'Message-ID': messageId,
      Date: new Date().toUTCString(),
    },
    `Body of ${subject}`,
  );
}

async function ticketsTitled(title: string) {
  const { rows } = await t.env.db.query<{ id: number; hd_id: number; channel: string }>(
    `SELECT id::int, hd_id, channel FROM records WHERE title = $1 ORDER BY id`,
    [title],
  );
  return rows;
}

const allSeen = async () => (await imap.flags(account)).every((f) => f.includes('\\Seen'));

describe('IMAP polling', () => {
  it('turns unseen mails into tickets, then flags them seen; the next poll finds nothing new', async () => {
    await imap.append(account, mail('Imap one', newMessageId()));
    await imap.append(account, mail('Imap two', newMessageId()));
    await t.env.db.query(`UPDATE mail_channels SET last_poll_at = NULL WHERE hd_id = 1`);
    await pollDueChannels(t.ctx, openPassword, log);

    expect(await ticketsTitled('Imap one')).toMatchObject([{ hd_id: 1, channel: 'mail' }]);
    expect(await ticketsTitled('Imap two')).toHaveLength(1);
    expect(await allSeen()).toBe(true);
    const { rows } = await t.env.db.query(
      `SELECT last_poll_at IS NOT NULL AS polled, last_error FROM mail_channels WHERE hd_id = 1`,
    );
    expect(rows[0]).toEqual({ polled: true, last_error: null });

    expect(await pollChannel(t.ctx, channel())).toEqual({ polled: true, handled: 0 });
    expect(await ticketsTitled('Imap one')).toHaveLength(1);
  });

  it('the same mail again in the mailbox is still one ticket', async () => {
    const id = newMessageId();
    await imap.append(account, mail('Imap again', id));
    await pollChannel(t.ctx, channel());
    await imap.append(account, mail('Imap again', id));
    expect(await pollChannel(t.ctx, channel())).toEqual({ polled: true, handled: 1 });
    expect(await ticketsTitled('Imap again')).toHaveLength(1);
    expect(await allSeen()).toBe(true);
  });

  it('a mail stored before a crash (not yet imported) is imported and then flagged', async () => {
    const id = newMessageId();
    const raw = mail('Imap crashed', id);
    // What a poll that died after storing leaves: the row `received`, the mail unseen.
    await storeInboundMail(
      { db: t.env.db, queue: t.ctx.queue },
      { hdIds: [1], raw: Buffer.from(raw), source: 'imap', envelopeFrom: null },
    );
    await imap.append(account, raw);
    await pollChannel(t.ctx, channel());
    expect(await ticketsTitled('Imap crashed')).toHaveLength(1);
    expect(await allSeen()).toBe(true);
  });

  it('a mail in this mailbox addressed to another desk goes to that desk', async () => {
    await imap.append(account, mail('Imap for HR', newMessageId(), HR));
    await pollChannel(t.ctx, channel());
    expect(await ticketsTitled('Imap for HR')).toMatchObject([{ hd_id: 4 }]);
  });

  it('never polls one mailbox twice at once (another holder of its lock: skipped, mail left)', async () => {
    await imap.append(account, mail('Imap locked', newMessageId()));
    const other = new pg.Client({ connectionString: t.env.database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(80009, 1)');
      expect(await pollChannel(t.ctx, channel())).toEqual({ polled: false, handled: 0 });
      expect(await ticketsTitled('Imap locked')).toEqual([]);
      expect(await allSeen()).toBe(false);
    } finally {
      await other.end();
    }
    expect(await pollChannel(t.ctx, channel())).toEqual({ polled: true, handled: 1 });
    expect(await ticketsTitled('Imap locked')).toHaveLength(1);
  });

  it('a mailbox that refuses the login is noted on its channel with the reason', async () => {
    await t.env.db.query(
      `UPDATE mail_channels SET imap_password = $1, last_poll_at = NULL WHERE hd_id = 1`,
      [await box.seal('wrong')],
    );
    try {
      await pollDueChannels(t.ctx, openPassword, log);
      const { rows } = await t.env.db.query(`SELECT last_error FROM mail_channels WHERE hd_id = 1`);
      expect(rows[0].last_error).toMatch(/Authentication failed/);
    } finally {
      await t.env.db.query(`UPDATE mail_channels SET imap_password = $1 WHERE hd_id = 1`, [
        await box.seal(account.password),
      ]);
    }
  });
});
