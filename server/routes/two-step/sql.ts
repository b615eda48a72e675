// SQL for two-step sign-in, sign-in challenges, the admin's requirement and signed-in sessions.
import type { Db } from '../../db/pool.js';

export interface TwoStepRow {
  secret: string;
  enabled_at: Date | null;
  last_step: string | null; // bigint arrives as a string
}

export async function twoStepOf(db: Db, userId: number | string): Promise<TwoStepRow | undefined> {
  const { rows } = await db.query<TwoStepRow>(
    'SELECT secret, enabled_at, last_step FROM two_step WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

export async function isTwoStepOn(db: Db, userId: number | string): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM two_step WHERE user_id = $1 AND enabled_at IS NOT NULL',
    [userId],
  );
  return rowCount === 1;
}

/** A new pending secret (replaces an unfinished setup); false when two-step is already on. */
export async function startSetup(db: Db, userId: number, secret: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO two_step AS t (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = $2, last_step = NULL, created_at = now()
       WHERE t.enabled_at IS NULL`,
    [userId, secret],
  );
  return rowCount === 1;
}

/**
 * Spends a TOTP step: true when `step` is later than the last accepted one (checked and set in
 * one statement, so two requests with the same code cannot both pass).
 */
export async function spendStep(db: Db, userId: number | string, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE two_step SET last_step = $2
      WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2)`,
    [userId, step],
  );
  return rowCount === 1;
}

/**
 * Turns two-step on with its recovery codes, ends the user's other sessions and lets this one
 * past the required setup, all at once. False when it is already on (a concurrent confirm).
 */
export async function enable(
  db: Db,
  userId: number,
  codeHashes: string[],
  keepSession: string,
): Promise<boolean> {
  const { rows } = await db.query<{ user_id: string }>(
    `WITH t AS (
       UPDATE two_step SET enabled_at = now() WHERE user_id = $1 AND enabled_at IS NULL
       RETURNING user_id),
     d AS (DELETE FROM two_step_recovery_codes WHERE user_id IN (SELECT user_id FROM t)),
     c AS (
       INSERT INTO two_step_recovery_codes (user_id, code_hash)
       SELECT t.user_id, h FROM t, unnest($2::text[]) AS h),
     s AS (
       UPDATE sessions SET revoked_at = CASE WHEN jti = $3 THEN revoked_at ELSE now() END,
                           two_step_setup_required = false
        WHERE user_id IN (SELECT user_id FROM t)
          AND revoked_at IS NULL AND (jti <> $3 OR two_step_setup_required))
     SELECT user_id FROM t`,
    [userId, codeHashes, keepSession],
  );
  return rows.length === 1;
}

/** Replaces the recovery codes (the old ones stop working). */
export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  codeHashes: string[],
): Promise<void> {
  await db.query(
    `WITH d AS (DELETE FROM two_step_recovery_codes WHERE user_id = $1)
     INSERT INTO two_step_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`,
    [userId, codeHashes],
  );
}

/** Spends a recovery code: true once per code. */
export async function spendRecoveryCode(
  db: Db,
  userId: number | string,
  codeHash: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE two_step_recovery_codes SET used_at = now()
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [userId, codeHash],
  );
  return rowCount === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM two_step_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
  return rows[0].n;
}

export async function disable(db: Db, userId: number): Promise<void> {
  await db.query(
    `WITH d AS (DELETE FROM two_step_recovery_codes WHERE user_id = $1)
     DELETE FROM two_step WHERE user_id = $1`,
    [userId],
  );
}

export async function insertChallenge(
  db: Db,
  hash: string,
  userId: string,
  ttlSeconds: number,
): Promise<void> {
  await db.query(
    `WITH old AS (DELETE FROM sign_in_challenges WHERE expires < now() - interval '1 day')
     INSERT INTO sign_in_challenges (token_hash, user_id, expires)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hash, userId, ttlSeconds],
  );
}

/** The user a live (unused, unexpired) challenge is for. */
export async function challengeUser(
  db: Db,
  hash: string,
): Promise<{ user_id: string; email: string } | undefined> {
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `SELECT c.user_id, u.email FROM sign_in_challenges c JOIN users u ON u.id = c.user_id
      WHERE c.token_hash = $1 AND c.used_at IS NULL AND c.expires > now()`,
    [hash],
  );
  return rows[0];
}

/** Uses a challenge up: true for the one request that does. */
export async function spendChallenge(db: Db, hash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sign_in_challenges SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires > now()`,
    [hash],
  );
  return rowCount === 1;
}

const REQUIRE_KEY = 'require_two_step_staff';

export async function twoStepRequiredForStaff(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM app_settings WHERE key = $1',
    [REQUIRE_KEY],
  );
  return rows[0]?.value === 'true';
}

export async function setTwoStepRequiredForStaff(db: Db, required: boolean): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = $2`,
    [REQUIRE_KEY, String(required)],
  );
}

export interface SessionRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created: Date;
  last_active: Date;
}

export async function liveSessions(db: Db, userId: number): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT jti::text AS id, user_agent, ip, created, last_active FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires > now()
      ORDER BY last_active DESC, created DESC
      LIMIT 200`,
    [userId],
  );
  return rows;
}

/** Ends one of the user's own live sessions; false when there is none such. */
export async function endSession(db: Db, userId: number, jti: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE jti = $1 AND user_id = $2 AND revoked_at IS NULL AND expires > now()`,
    [jti, userId],
  );
  return rowCount === 1;
}
