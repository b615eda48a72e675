// Login throttling, kept in the database so it holds across API processes: too many failures
// for one email, or for one client address, within the window answer 429 with Retry-After.
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';

/** Seconds until the next attempt is allowed, or 0 when the attempt may proceed. */
export async function loginRetryAfter(
  db: Db,
  config: Config,
  email: string,
  ip: string,
): Promise<number> {
  const { rows } = await db.query<{
    email_count: number;
    email_wait: number;
    ip_count: number;
    ip_wait: number;
  }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS email_count,
            ceil(extract(epoch FROM min(failed_at) FILTER (WHERE email = $1) + w - now()))::int AS email_wait,
            count(*) FILTER (WHERE ip = $2)::int AS ip_count,
            ceil(extract(epoch FROM min(failed_at) FILTER (WHERE ip = $2) + w - now()))::int AS ip_wait
       FROM login_failures, make_interval(mins => $3) AS w
      WHERE (email = $1 OR ip = $2) AND failed_at > now() - w
      GROUP BY w`,
    [email, ip, config.loginWindowMinutes],
  );
  const r = rows[0] ?? { email_count: 0, email_wait: 0, ip_count: 0, ip_wait: 0 };
  // Blocked until the oldest failure in the window leaves it (we stop recording once blocked).
  let wait = 0;
  if (r.email_count >= config.loginMaxFailures) wait = Math.max(wait, r.email_wait);
  if (r.ip_count >= config.loginMaxFailuresPerIp) wait = Math.max(wait, r.ip_wait);
  return wait > 0 ? wait : 0;
}

export async function recordLoginFailure(
  db: Db,
  config: Config,
  email: string,
  ip: string,
): Promise<void> {
  await db.query('INSERT INTO login_failures (email, ip) VALUES ($1, $2)', [email, ip]);
  // Keep the table small: drop this email's rows that left the window.
  await db.query(
    `DELETE FROM login_failures WHERE email = $1 AND failed_at < now() - make_interval(mins => $2)`,
    [email, config.loginWindowMinutes],
  );
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1', [email]);
}
