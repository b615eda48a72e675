import type { ImapSettings } from '../features/mail-channels/types';
import type { Db } from './db';

/** A help desk's mail channel as the server stores it (the password never leaves the server). */
export interface MockChannel {
  hd_id: number;
  address: string | null;
  imap: (Omit<ImapSettings, 'has_password'> & { password: string | null }) | null;
  last_poll_at: string | null;
  last_error: string | null;
}

/** The demo's channels: IT Support polls a mailbox, HR only takes mail at its address. */
export function seedChannels(): MockChannel[] {
  return [
    {
      hd_id: 1,
      address: 'support@example.com',
      imap: {
        host: 'imap.example.com',
        port: 993,
        tls: true,
        user: 'support@example.com',
        password: 'stored-secret',
        folder: 'INBOX',
      },
      last_poll_at: '2026-11-20T08:55:00.000Z',
      last_error: null,
    },
    { hd_id: 4, address: 'hr@example.com', imap: null, last_poll_at: null, last_error: null },
  ];
}

/** The ticket the demo's mail story is about: Bob's (New), mailed to IT Support. */
export const MAIL_TICKET_ID = 16;

/**
 * A ticket that came in by mail, with its thread and communication log (dev:mock and the tests
 * that need them; the default mock data stays as the other tests expect it).
 */
export function seedMailDemo(db: Db): void {
  db.records = db.records.map((r) =>
    r.id === MAIL_TICKET_ID && r.object_type === 'T'
      ? {
          ...r,
          channel: 'mail',
          hd_id: 1,
          hd_name: 'IT Support',
          description:
            '<p>Hello,</p><p>since this morning my VPN connection drops every hour and I have to sign in again.</p><p>Bob</p>',
        }
      : r,
  );
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes)).toISOString();
  const base = {
    record_id: MAIL_TICKET_ID,
    sent_as: 'self' as const,
    sent_as_name: 'Bob Example',
  };
  db.work.messages.push(
    {
      ...base,
      id: db.work.nextId++,
      thread: 'communication',
      author_id: 3,
      author_name: 'Bob Example',
      action: 'reply',
      body: '<p>Still broken after the restart, see the screenshot.</p>',
      forward_to: null,
      time_spent_minutes: null,
      created_at: at(30),
      channel: 'mail',
      from_email: 'bob@example.com',
      sender_verified: true,
      quoted_body:
        '<p>On Thu, Agent Smith wrote:</p><blockquote><p>Please restart the machine and tell us if it helps.</p></blockquote>',
    },
    {
      id: db.work.nextId++,
      record_id: MAIL_TICKET_ID,
      thread: 'communication',
      author_id: 1,
      author_name: 'Agent Smith',
      sent_as: 'helpdesk',
      sent_as_name: 'IT Support',
      action: 'reply',
      body: '<p>Thanks, we are sending a technician.</p>',
      forward_to: null,
      time_spent_minutes: null,
      created_at: at(45),
      channel: 'web',
      quoted_body: null,
      from_email: null,
      sender_verified: true,
    },
  );
  const subject = '[#16] VPN drops every hour again';
  const mail = { record_id: MAIL_TICKET_ID, subject, kind: 'message', attempts: 1 };
  db.work.mails.push(
    {
      ...mail,
      id: db.work.nextId++,
      to_email: 'bob@example.com',
      sent_at: at(10),
      updated_at: at(10),
      state: 'sent',
      error: null,
      message_id: '<record-16-1@helpdesk.example.com>',
    },
    {
      ...mail,
      id: db.work.nextId++,
      to_email: 'bob.old@example.net',
      sent_at: at(11),
      updated_at: at(11),
      state: 'bounced',
      error: '550 5.1.1 <bob.old@example.net>: Recipient address rejected: User unknown',
      message_id: '<record-16-2@helpdesk.example.com>',
    },
    {
      ...mail,
      id: db.work.nextId++,
      to_email: 'alice@example.com',
      sent_at: at(45),
      updated_at: at(45),
      state: 'failed',
      attempts: 5,
      error: '421 4.7.0 smtp.example.com: Too many connections, try again later',
      message_id: '<record-16-3@helpdesk.example.com>',
    },
    {
      ...mail,
      id: db.work.nextId++,
      to_email: 'bob@example.com',
      sent_at: at(46),
      updated_at: at(46),
      state: 'queued',
      attempts: 0,
      error: null,
      message_id: '<record-16-4@helpdesk.example.com>',
    },
  );
}
