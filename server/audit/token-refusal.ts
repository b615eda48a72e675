// The audit entry of a refused API token: why (expired, revoked or never made, its user
// deactivated, outside its scopes) and whose it was when that is known.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/transaction.js';
import { hashOneTimeToken } from '../lib/one-time-token.js';
import { auditRefusal, type AuditReason } from './write.js';

/** A token that found no user: looked up again, on this failure path only, to say why. */
export async function auditUnknownToken(
  q: Queryable,
  request: FastifyRequest,
  token: string,
): Promise<void> {
  try {
    const { rows } = await q.query<{ id: string; user_id: string; expired: boolean }>(
      `SELECT id, user_id, expires <= now() AS expired FROM api_tokens WHERE token_hash = $1`,
      [hashOneTimeToken(token)],
    );
    const row = rows[0];
    const reason: AuditReason = !row
      ? 'revoked_or_unknown'
      : row.expired
        ? 'expired'
        : 'deactivated';
    await auditRefusal(q, request, {
      kind: 'api_token.refused',
      actorId: row?.user_id ?? null,
      reason,
      ...(row ? { target: { kind: 'api_token', id: row.id } } : {}),
    });
  } catch (err) {
    request.log.warn({ err }, 'audit entry not written');
  }
}

/** A live token used outside its scopes. */
export async function auditTokenScope(
  q: Queryable,
  request: FastifyRequest,
  tokenId: number,
  reason: AuditReason,
  scope?: string,
): Promise<void> {
  await auditRefusal(q, request, {
    kind: 'api_token.refused',
    reason,
    target: { kind: 'api_token', id: tokenId },
    details: { method: request.method, url: request.url.split('?')[0], scope: scope ?? null },
  });
}
