// Throttling without lockout (OWASP ASVS 5.0 V6.3): failures are counted per key, the first few
// are free, then each further one makes the key wait longer (base, 2x base, 4x base, ... capped).
// Login keys are (account, client address) and client address, so a guesser slows only
// themselves: the owner signing in from an address that has not been failing is never refused.
// Password resets and registrations count every request the same way (per address, and per
// target account for resets). State lives in PostgreSQL, so it holds across API processes.
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';

export type ThrottleScope = 'login' | 'login-ip' | 'reset' | 'reset-ip' | 'register-ip';

export interface ThrottleKey {
  scope: ThrottleScope;
  subject: string;
  /** Attempts counted before the delays start. */
  free: number;
}

/** The keys a login attempt counts against. */
export function loginKeys(config: Config, email: string, ip: string): ThrottleKey[] {
  return [
    { scope: 'login', subject: `${email}|${ip}`, free: config.loginMaxFailures },
    { scope: 'login-ip', subject: ip, free: config.loginMaxFailuresPerIp },
  ];
}

export function resetKeys(config: Config, email: string, ip: string): ThrottleKey[] {
  return [
    { scope: 'reset', subject: email, free: config.resetRequestsPerAccount },
    { scope: 'reset-ip', subject: ip, free: config.authRequestsPerIp },
  ];
}

export function registerKeys(config: Config, ip: string): ThrottleKey[] {
  return [{ scope: 'register-ip', subject: ip, free: config.authRequestsPerIp }];
}

/** Seconds until every key allows an attempt again; 0 when the attempt may proceed. */
export async function retryAfter(db: Db, keys: ThrottleKey[]): Promise<number> {
  const { rows } = await db.query<{ wait: number | null }>(
    `SELECT max(ceil(extract(epoch FROM blocked_until - now())))::int AS wait
       FROM auth_throttle
      WHERE (scope, subject) IN (SELECT * FROM unnest($1::text[], $2::text[]))
        AND blocked_until > now()`,
    [keys.map((k) => k.scope), keys.map((k) => k.subject)],
  );
  return Math.max(rows[0]?.wait ?? 0, 0);
}

/**
 * Counts one failure (or request) against each key, atomically: a key quiet for longer than
 * the window starts over; past its free attempts it is blocked for a doubling delay.
 */
export async function countAttempt(db: Db, config: Config, keys: ThrottleKey[]): Promise<void> {
  for (const key of keys) {
    // $3 free attempts, $4 base delay (s), $5 cap (s), $6 window (min).
    const attempts = `CASE WHEN t.last_at < now() - make_interval(mins => $6)
                           THEN 1 ELSE t.attempts + 1 END`;
    await db.query(
      `INSERT INTO auth_throttle AS t (scope, subject, attempts, blocked_until)
       VALUES ($1, $2, 1, CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END)
       ON CONFLICT (scope, subject) DO UPDATE SET
         attempts = ${attempts},
         last_at = now(),
         blocked_until = CASE WHEN ${attempts} >= $3
           THEN now() + make_interval(secs => least($4 * 2 ^ (${attempts} - $3), $5))
           ELSE t.blocked_until END`,
      [
        key.scope,
        key.subject,
        key.free,
        config.loginDelayBaseSeconds,
        config.loginDelayMaxSeconds,
        config.loginWindowMinutes,
      ],
    );
  }
  // Keep the table small: forget keys that have been quiet for a day.
  await db.query(
    `DELETE FROM auth_throttle WHERE last_at < now() - interval '1 day'
        AND (blocked_until IS NULL OR blocked_until < now())`,
  );
}

/** A successful login forgets the failures of that account from that address. */
export async function forgetKeys(db: Db, keys: ThrottleKey[]): Promise<void> {
  await db.query(
    `DELETE FROM auth_throttle
      WHERE (scope, subject) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [keys.map((k) => k.scope), keys.map((k) => k.subject)],
  );
}
