// Proof that a mail from an agent's address answers a notification the product sent to that
// agent. A mail's From line proves nothing, so an agent's mailed reply becomes a public reply
// only when it names, in In-Reply-To or References, the Message-ID of a notification to that
// agent about that record: such a Message-ID carries the agent, the record, an expiry and an
// HMAC of the three (docs/mail.md "Who a mail is from").
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** How long a notification's Message-ID proves a reply to it. */
export const REPLY_TOKEN_DAYS = 90;

const VERSION = 'v1';
const SIGNED_ID = /^<hd\.[0-9a-f-]{36}\.v1\.(\d{1,15})\.(\d{1,15})\.(\d{1,12})\.([0-9a-f]{32})@/;

/** The HMAC key, derived from the server's secret so the secret itself signs nothing else. */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('helpdesk mail reply token').digest();
}

function signature(secret: string, agentId: number, recordId: number, expires: number): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${VERSION}:${agentId}:${recordId}:${expires}`)
    .digest('hex')
    .slice(0, 32);
}

function domainOf(address: string): string {
  return address.includes('@') ? address.split('@').pop()! : 'helpdesk.local';
}

/** A Message-ID for a mail from `address`; signed for `agent` when the recipient is one. */
export function newMessageId(
  address: string,
  agent?: { secret: string; agentId: number; recordId: number; now: Date },
): string {
  const local = `hd.${randomUUID()}`;
  if (!agent) return `<${local}@${domainOf(address)}>`;
  const expires = Math.floor(agent.now.getTime() / 1000) + REPLY_TOKEN_DAYS * 86_400;
  const sig = signature(agent.secret, agent.agentId, agent.recordId, expires);
  return `<${local}.${VERSION}.${agent.agentId}.${agent.recordId}.${expires}.${sig}@${domainOf(address)}>`;
}

/** Whether one of `messageIds` is an unexpired notification to `agentId` about `recordId`. */
export function provesAgentReply(
  messageIds: readonly string[],
  m: { secret: string; agentId: number; recordId: number; now: Date },
): boolean {
  const nowSeconds = Math.floor(m.now.getTime() / 1000);
  return messageIds.some((id) => {
    const parts = SIGNED_ID.exec(id);
    if (!parts) return false;
    const [agentId, recordId, expires] = parts.slice(1, 4).map(Number);
    if (agentId !== m.agentId || recordId !== m.recordId || expires < nowSeconds) return false;
    const expected = Buffer.from(signature(m.secret, agentId, recordId, expires));
    return timingSafeEqual(expected, Buffer.from(parts[4]));
  });
}
