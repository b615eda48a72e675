// The one way code writes to the audit log (docs/audit.md). Pass the caller's transaction when
// there is one, so a change that rolls back leaves no audit row; the pool otherwise (a failed
// sign-in has no transaction). Administrators' configuration changes are written by the
// configuration tables' triggers (migration 047), not through here.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/transaction.js';

/** The kinds code paths write (docs/audit.md lists them with the triggers' kinds). */
export const AUDIT_KINDS = [
  'sign_in.password',
  'sign_in.code',
  'sign_out',
  'session.revoked',
  'api_token.created',
  'api_token.revoked',
  'api_token.refused',
  'two_step.on',
  'two_step.off',
  'two_step.recovery_regenerated',
  'sign_in_settings.changed',
  'record.deleted',
  'audit.exported',
  'passkey.sign_in',
  'passkey.added',
  'passkey.removed',
  'sso.sign_in',
  'sso_provider.created',
  'sso_provider.changed',
  'sso_provider.deleted',
] as const;

/** Why a sign-in or a token was refused. */
export type AuditReason =
  | 'wrong_password'
  | 'unknown_account'
  | 'throttled'
  | 'unconfirmed'
  | 'deactivated'
  | 'wrong_code'
  | 'reused_code'
  | 'wrong_recovery_code'
  | 'recovery_code_used'
  | 'revoked_or_unknown'
  | 'expired'
  | 'missing_scope'
  | 'not_allowed'
  | (string & {});

export interface AuditEntry {
  kind: (typeof AUDIT_KINDS)[number] | (string & {});
  outcome?: 'success' | 'failure';
  /** Who acted; null for nobody known (an unknown account's failed sign-in). */
  actorId?: number | string | null;
  /** How to name the actor when they are gone, or who was tried (the typed address). */
  actorLabel?: string;
  address?: string | null;
  target?: { kind: string; id: string | number };
  reason?: AuditReason;
  /** Anything else worth keeping; before and after for a change. */
  details?: Record<string, unknown>;
}

const INSERT = `INSERT INTO audit_log (actor_id, actor_label, address, kind, target_kind, target_id,
                           outcome, reason, details)
  SELECT $1::bigint, coalesce(nullif($2, ''), (SELECT email FROM users WHERE id = $1::bigint), ''),
         $3, $4, $5, $6, $7, $8, $9::jsonb`;

export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(INSERT, [
    entry.actorId ?? null,
    entry.actorLabel ?? '',
    entry.address ?? null,
    entry.kind,
    entry.target?.kind ?? null,
    entry.target === undefined ? null : String(entry.target.id),
    entry.outcome ?? 'success',
    entry.reason ?? null,
    JSON.stringify(entry.details ?? {}),
  ]);
}

/**
 * writeAudit for a request: its address and, unless the entry names one, its signed-in user.
 * A failure to write is logged and does not change the answer of a request that is already
 * refusing (a sign-in's 401 stays a 401).
 */
export async function auditRequest(
  q: Queryable,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  await writeAudit(q, {
    actorId: request.user?.id ?? null,
    address: request.ip,
    ...entry,
  });
}

/** auditRequest for a refusal about to be thrown: never lets the log's own fault replace it. */
export async function auditRefusal(
  q: Queryable,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  try {
    await auditRequest(q, request, { outcome: 'failure', ...entry });
  } catch (err) {
    request.log.warn({ err, kind: entry.kind }, 'audit entry not written');
  }
}
