// Loop and abuse protection (docs/mail.md "Loop protection"): mail written by machines never
// becomes a ticket and never causes a mail back, or two robots (an auto-reply and our
// notification) would answer each other forever. Bounces of our own mail mark it "bounced".
import type { ParsedMail } from 'mailparser';

export type IgnoreReason =
  | 'no_sender'
  | 'own_address'
  | 'auto_submitted'
  | 'auto_response_suppress'
  | 'bulk'
  | 'list'
  | 'bounce'
  | 'rate_limited';

function header(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name);
  if (!line) return undefined;
  return line.line
    .slice(line.line.indexOf(':') + 1)
    .replace(/\s+/g, ' ')
    .trim();
}

const BOUNCE_SENDERS = /^(?:mailer-daemon|postmaster)@/i;

/** A delivery status notification: from the mail system itself, or a multipart/report. */
export function isBounce(parsed: ParsedMail, fromAddress: string, envelopeFrom: string | null) {
  const contentType = header(parsed, 'content-type') ?? '';
  return (
    BOUNCE_SENDERS.test(fromAddress) ||
    envelopeFrom === '' ||
    /multipart\/report/i.test(contentType) ||
    /delivery-status/i.test(contentType)
  );
}

/**
 * Why a mail must not become a ticket or message, or undefined when it may. `ownAddresses` are
 * the product's own (every channel address and MAIL_FROM's), lower-cased.
 */
export function ignoreReason(
  parsed: ParsedMail,
  fromAddress: string | undefined,
  envelopeFrom: string | null,
  ownAddresses: ReadonlySet<string>,
): IgnoreReason | undefined {
  if (!fromAddress) return 'no_sender';
  if (ownAddresses.has(fromAddress.toLowerCase())) return 'own_address';
  if (isBounce(parsed, fromAddress, envelopeFrom)) return 'bounce';
  const autoSubmitted = header(parsed, 'auto-submitted');
  if (autoSubmitted && autoSubmitted.split(';')[0].trim().toLowerCase() !== 'no') {
    return 'auto_submitted';
  }
  if (header(parsed, 'x-auto-response-suppress') !== undefined) return 'auto_response_suppress';
  const precedence = header(parsed, 'precedence')?.toLowerCase();
  if (precedence === 'bulk' || precedence === 'junk') return 'bulk';
  if (precedence === 'list' || header(parsed, 'list-id') !== undefined) return 'list';
  return undefined;
}

/**
 * The Message-IDs of the mail a bounce reports on: the headers of the returned message (a
 * message/rfc822 or text/rfc822-headers part) name it. The bounce's own Message-ID is left out.
 */
export function bouncedMessageIds(raw: Buffer, ownMessageId: string | undefined): string[] {
  const text = raw.toString('latin1');
  const bodyStart = text.search(/\r?\n\r?\n/);
  const body = bodyStart === -1 ? '' : text.slice(bodyStart);
  const ids = new Set<string>();
  for (const m of body.matchAll(/^Message-ID:[ \t]*(?:\r?\n[ \t]+)?(<[^<>\s]+>)/gim)) {
    if (m[1] !== ownMessageId) ids.add(m[1]);
  }
  return [...ids];
}

/** The reason a bounce gives (its Diagnostic-Code or Status), for the communication log. */
export function bounceReason(raw: Buffer): string {
  const text = raw.toString('latin1');
  const diagnostic = /^Diagnostic-Code:[ \t]*(.+(?:\r?\n[ \t]+.+)*)/im.exec(text);
  if (diagnostic) return diagnostic[1].replace(/\s+/g, ' ').trim();
  const status = /^Status:[ \t]*([245]\.\d{1,3}\.\d{1,3})/im.exec(text);
  return status ? `Status ${status[1]}` : 'The mail could not be delivered.';
}
