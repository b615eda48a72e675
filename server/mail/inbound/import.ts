// Turns one stored mail (inbound_mails) into a ticket or a message, in ONE transaction with
// everything it causes: the record or message, its attachments, history events, its Message-ID,
// a reopened status, follower mails, and the row's outcome. A process killed half-way leaves
// the row `received` (the transaction rolls back), so the import simply runs again; a second
// importer of the same row waits on its lock and then finds it done. docs/mail.md "Mail in".
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { PoolClient } from 'pg';
import { withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { oneLineText } from '../../lib/one-line.js';
import { recordEvent } from '../../routes/records/history.js';
import { insertMessage } from '../../routes/threads/sql.js';
import { insertSubmittedTicket } from '../../sla/new-ticket.js';
import { assignOnEntry, enteredDesk } from '../../assignment/assign-next.js';
import { joinByMailDomain } from '../../routes/organizations/sql.js';
import { messageEvent, recomputeSla } from '../../sla/recompute.js';
import { mergedTarget } from '../../routes/merge/sql.js';
import { rememberMessageId, markBounced, recordForMessageIds } from '../message-ids.js';
import { addressOf, queueFollowerMails } from '../record-mail.js';
import {
  discardMailAttachments,
  oversizeNote,
  storeMailAttachment,
  type MailPart,
  type StoredMailAttachment,
} from './attachments.js';
import { cleanFileName } from '../../routes/attachments/storage.js';
import { provesAgentReply } from '../reply-token.js';
import { dmarcFailed } from './authentication-results.js';
import { escapeHtml, mailBody, mailTitle } from './body.js';
import { bounceReason, bouncedMessageIds, ignoreReason } from './loop.js';
import * as sql from './sql.js';

export type InboundContext = Pick<
  AppContext,
  'db' | 'config' | 'queue' | 'blobs' | 'clock' | 'jwtSecret'
>;

/** What became of a mail; undefined from importInboundMail when it was done already. */
export type ImportResult = sql.InboundOutcome;

/** `[#123]` in a subject: the record a reply without threading headers belongs to. */
const SUBJECT_TOKEN = /\[#(\d{1,15})\]/;

/** Statuses a reply brings back to `open` (docs/mail.md "Threading"). */
const REOPENED_BY_REPLY = ['pending', 'resolved'];

interface Sender {
  address: string;
  name: string;
}

function senderOf(parsed: ParsedMail): Sender | undefined {
  const first = parsed.from?.value.find((a) => a.address && a.address.includes('@'));
  if (!first?.address) return undefined;
  const address = first.address.trim().toLowerCase();
  const name = oneLineText(first.name || address.split('@')[0]);
  return {
    address,
    name: Array.from(name || address)
      .slice(0, 100)
      .join(''),
  };
}

/** Message-IDs a reply names, most specific first: In-Reply-To, then References newest first. */
function repliedTo(parsed: ParsedMail): string[] {
  const refs = parsed.references
    ? Array.isArray(parsed.references)
      ? parsed.references
      : [parsed.references]
    : [];
  const ids = [...(parsed.inReplyTo ? parsed.inReplyTo.split(/\s+/) : []), ...refs.reverse()];
  return [...new Set(ids.map((id) => id.trim()).filter((id) => /^<[^<>\s]+>$/.test(id)))];
}

function toParts(parsed: ParsedMail): MailPart[] {
  return parsed.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content,
  }));
}

interface Importing {
  ctx: InboundContext;
  tx: PoolClient;
  hdId: number;
  parsed: ParsedMail;
  sender: Sender;
  facts: sql.ImportFacts;
  stored: StoredMailAttachment[];
}

/** The parts within the size limit, and the note that lists the ones over it. */
function splitParts(m: Importing): { fits: MailPart[]; note: string } {
  const max = m.ctx.config.attachmentMaxMb * 1024 * 1024;
  const parts = toParts(m.parsed);
  return {
    fits: parts.filter((p) => p.content.length <= max),
    note: oversizeNote(
      parts.filter((p) => p.content.length > max),
      m.ctx.config.attachmentMaxMb,
    ),
  };
}

async function attach(m: Importing, recordId: number, userId: number, parts: MailPart[]) {
  for (const part of parts) {
    m.stored.push(await storeMailAttachment(m.ctx, m.tx, recordId, part, userId));
  }
}

async function newTicket(m: Importing, known: sql.Sender | undefined): Promise<sql.InboundOutcome> {
  const { tx, sender } = m;
  if (m.facts.recentTickets >= m.ctx.config.inboundRateLimitPerHour) {
    return { state: 'ignored', reason: 'rate_limited' };
  }
  const user = known ?? (await sql.createContact(tx, sender.address, sender.name));
  // An unknown sender at an organization's mail domain joins it (its company then defaults to it).
  if (!known) await joinByMailDomain(tx, user.id, sender.address);
  // A new ticket keeps the whole mail: a forwarded conversation is the substance, not history.
  const body = mailBody({ html: m.parsed.html, text: m.parsed.text }, { splitQuote: false });
  const parts = splitParts(m);
  // Due times from the start, not at the next sweep.
  const record = await insertSubmittedTicket(
    tx,
    m.ctx,
    { id: user.id, user_is_hde: user.user_is_hde },
    {
      title: mailTitle(m.parsed.subject),
      body: body.html + parts.note,
      hd_id: m.hdId,
      priority_id: m.facts.priorityId,
      company_id: null,
      content_type_id: null,
      is_draft: false,
    },
    { created: { channel: 'mail' } },
  );
  const recordId = Number(record.id);
  await attach(m, recordId, user.id, parts.fits);
  if (m.parsed.messageId) {
    await rememberMessageId(tx, {
      messageId: m.parsed.messageId,
      recordId,
      messageRowId: null,
      direction: 'in',
    });
  }
  return { state: 'ticket', recordId };
}

/**
 * Whether the mail is proven to come from `user`: an agent's must answer a notification signed
 * for them about this record (reply-token.ts); anyone's must not have failed the trusted relay's
 * DMARC check. docs/mail.md "Who a mail is from".
 */
async function senderVerified(m: Importing, recordId: number, user: sql.Sender): Promise<boolean> {
  if (dmarcFailed(m.parsed, m.ctx.config.mailTrustedAuthservId)) return false;
  if (!user.user_is_hde) return true;
  return provesAgentReply(repliedTo(m.parsed), {
    secret: await m.ctx.jwtSecret(),
    agentId: user.id,
    recordId,
    now: m.ctx.clock.now(),
  });
}

/**
 * A mail whose sender is not proven: an internal note marked so, for the desk's agents to judge.
 * It is no reply: nobody is mailed, no service level moves, the status stays, and its files are
 * named but not attached (attachments are the requester's to see).
 */
async function unverifiedNote(
  m: Importing,
  target: sql.ThreadTarget,
  user: sql.Sender,
): Promise<sql.InboundOutcome> {
  const recordId = Number(target.id);
  const body = mailBody({ html: m.parsed.html, text: m.parsed.text }, { splitQuote: true });
  const files = toParts(m.parsed).map((p) => `<li>${escapeHtml(cleanFileName(p.filename))}</li>`);
  const filesNote = files.length
    ? `<p>Not attached (the sender is not verified):</p><ul>${files.join('')}</ul>`
    : '';
  const message = await insertMessage(m.tx, {
    recordId,
    thread: 'worklog',
    authorId: user.id,
    sentAs: 'self',
    action: 'entry',
    body: body.html + filesNote,
    forwardTo: null,
    timeSpentMinutes: null,
    event: {
      action: 'worklog_added',
      details: { channel: 'mail', sender_verified: false },
      internal: true,
    },
  });
  const messageRowId = Number(message.id);
  await m.tx.query(
    `UPDATE record_messages
        SET channel = 'mail', quoted_body = $2, from_email = $3, sender_verified = false
      WHERE id = $1`,
    [messageRowId, body.quoted || null, m.sender.address],
  );
  if (m.parsed.messageId) {
    await rememberMessageId(m.tx, {
      messageId: m.parsed.messageId,
      recordId,
      messageRowId,
      direction: 'in',
    });
  }
  return { state: 'message', reason: 'sender_not_verified', recordId, messageRowId };
}

async function reply(
  m: Importing,
  target: sql.ThreadTarget,
  user: sql.Sender,
): Promise<sql.InboundOutcome> {
  const { tx } = m;
  const recordId = Number(target.id);
  if (!(await senderVerified(m, recordId, user))) return unverifiedNote(m, target, user);
  const body = mailBody({ html: m.parsed.html, text: m.parsed.text }, { splitQuote: true });
  const parts = splitParts(m);
  await attach(m, recordId, user.id, parts.fits);
  const message = await insertMessage(tx, {
    recordId,
    thread: 'communication',
    authorId: user.id,
    sentAs: 'self',
    action: 'reply',
    body: body.html + parts.note,
    forwardTo: null,
    timeSpentMinutes: null,
    event: { action: 'message_added', details: { action: 'reply', channel: 'mail' } },
  });
  const messageRowId = Number(message.id);
  await tx.query(
    `UPDATE record_messages SET channel = 'mail', quoted_body = $2, from_email = $3
      WHERE id = $1`,
    [messageRowId, body.quoted || null, m.sender.address],
  );
  if (target.object_type === 'T' && REOPENED_BY_REPLY.includes(target.status_code)) {
    const to = await sql.reopenRecord(tx, recordId);
    await recordEvent(tx, {
      recordId,
      actorId: user.id,
      action: 'status_changed',
      details: { from: target.status_name, to: to.name },
    });
    // Reopened from a closed status with no assignee: the desk's rule may pick an agent.
    const reopened = { hd_id: to.hd_id, is_draft: false };
    if (
      await enteredDesk(
        tx,
        { ...reopened, status_id: target.status_id },
        { ...reopened, status_id: to.status_id },
      )
    ) {
      await assignOnEntry(tx, m.ctx, recordId);
    }
  }
  if (m.parsed.messageId) {
    await rememberMessageId(tx, {
      messageId: m.parsed.messageId,
      recordId,
      messageRowId,
      direction: 'in',
    });
  }
  // Service levels: an agent's reply by mail meets the response targets, the requester's
  // restarts the next-response wait (as the same reply on the web does).
  const event = messageEvent(user, Number(target.owner_id), 'reply');
  if (target.object_type === 'T' && event) await recomputeSla(tx, m.ctx, recordId, { event });
  // The thread's followers hear of it as of any message (the sender, the actor, does not).
  await queueFollowerMails(
    tx,
    m.ctx,
    { id: recordId, object_type: target.object_type, title: target.title },
    user.id,
    { type: 'message', author: user.fullname, body: body.html },
    { messageRowId },
  );
  return { state: 'message', recordId, messageRowId };
}

/** The record a reply belongs to and may be written to by its sender, if any. */
async function threadTarget(
  m: Importing,
  user: sql.Sender | undefined,
): Promise<sql.ThreadTarget | undefined> {
  const byHeaders = await recordForMessageIds(m.tx, repliedTo(m.parsed));
  const token = SUBJECT_TOKEN.exec(m.parsed.subject ?? '');
  const named = byHeaders ?? (token ? Number(token[1]) : null);
  if (named === null || !user) return undefined;
  // A reply to a merged ticket's thread lands on the ticket it was merged into.
  const recordId = await mergedTarget(m.tx, named);
  const target = await sql.findThreadTarget(m.tx, recordId, user);
  // Someone who may not write there, or a closed ticket, starts a new ticket instead.
  if (!target?.may_write || target.status_code === 'closed') return undefined;
  return target;
}

async function decide(
  ctx: InboundContext,
  tx: PoolClient,
  row: sql.ClaimedMail,
  parsed: ParsedMail,
  stored: StoredMailAttachment[],
): Promise<sql.InboundOutcome> {
  const sender = senderOf(parsed);
  const facts = await sql.importFacts(tx, sender?.address ?? null);
  // The product's own addresses: every channel's and MAIL_FROM's.
  const own = new Set(facts.channelAddresses).add(addressOf(ctx.config.mailFrom).toLowerCase());
  const reason = ignoreReason(parsed, sender?.address, row.envelope_from, own);
  if (reason === 'bounce') {
    const why = bounceReason(row.raw);
    let recordId: number | null = null;
    for (const id of bouncedMessageIds(row.raw, parsed.messageId)) {
      recordId = (await markBounced(tx, id, why)) ?? recordId;
    }
    return { state: 'ignored', reason, recordId };
  }
  if (reason || !sender) return { state: 'ignored', reason: reason ?? 'no_sender' };
  // A deactivated account opens and extends nothing, by mail as on the web: kept for an operator.
  if (facts.senderDeactivated) return { state: 'ignored', reason: 'sender_deactivated' };
  const m: Importing = { ctx, tx, hdId: row.hd_id, parsed, sender, facts, stored };
  const user = facts.sender;
  const target = await threadTarget(m, user);
  return target && user ? reply(m, target, user) : newTicket(m, user);
}

/**
 * Imports stored mail `id` unless it is done already. Throws on a failure that may pass (the
 * database); the row then stays `received` for the next attempt.
 */
export async function importInboundMail(
  ctx: InboundContext,
  id: number,
): Promise<ImportResult | undefined> {
  const stored: StoredMailAttachment[] = [];
  try {
    return await withTransaction(ctx.db, async (tx) => {
      const row = await sql.claimInboundMail(tx, id);
      if (!row?.raw) return undefined;
      let parsed: ParsedMail;
      try {
        // Only the parts we store: no HTML made from the text or text made from the HTML.
        parsed = await simpleParser(row.raw, {
          skipImageLinks: true,
          skipTextToHtml: true,
          skipTextLinks: true,
          skipHtmlToText: true,
        });
      } catch (err) {
        const outcome = {
          state: 'failed',
          reason: `unreadable: ${(err as Error).message}`,
        } as const;
        await sql.finishInboundMail(tx, id, outcome);
        return outcome;
      }
      const outcome = await decide(ctx, tx, row, parsed, stored);
      await sql.finishInboundMail(tx, id, {
        ...outcome,
        fromEmail: senderOf(parsed)?.address ?? null,
        subject: parsed.subject ?? null,
      });
      return outcome;
    });
  } catch (err) {
    await discardMailAttachments(ctx, stored);
    throw err;
  }
}

/** Marks a mail that kept failing as `failed` with the error, so an operator sees it. */
export async function failInboundMail(
  ctx: InboundContext,
  id: number,
  err: unknown,
): Promise<void> {
  await ctx.db.query(
    `UPDATE inbound_mails SET state = 'failed', reason = $2, processed_at = now()
      WHERE id = $1 AND state = 'received'`,
    [id, `import failed: ${(err as Error).message ?? String(err)}`.slice(0, 1000)],
  );
}

/** Every recipient address a mail names (To, Cc, Delivered-To, X-Original-To), lower-cased. */
export function headerRecipients(parsed: ParsedMail): string[] {
  const lists: Array<AddressObject | AddressObject[] | undefined> = [parsed.to, parsed.cc];
  const out = new Set<string>();
  for (const list of lists) {
    for (const obj of Array.isArray(list) ? list : list ? [list] : []) {
      for (const a of obj.value) if (a.address) out.add(a.address.toLowerCase());
    }
  }
  for (const h of parsed.headerLines) {
    if (h.key === 'delivered-to' || h.key === 'x-original-to') {
      const value = h.line.slice(h.line.indexOf(':') + 1).trim();
      const address = (value.match(/<([^>]+)>/)?.[1] ?? value).trim().toLowerCase();
      if (address) out.add(address);
    }
  }
  return [...out];
}
