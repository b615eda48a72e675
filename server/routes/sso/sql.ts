// The statements of single sign-on: providers (administrators), identities, attempts, handoffs.
import type { Queryable } from '../../db/transaction.js';
import type { UserRow } from '../auth/sql.js';

export type CreateUsers = 'none' | 'user' | 'agent';

export type ProviderRow = {
  id: number;
  issuer: string;
  client_id: string;
  scopes: string;
  label: string;
  domains: string[];
  create_users: CreateUsers;
  agents_must_use: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
};

const PROVIDER = `id::int AS id, issuer, client_id, scopes, label, domains, create_users,
  agents_must_use, active, created_at, updated_at`;

export async function listProviders(q: Queryable): Promise<ProviderRow[]> {
  const { rows } = await q.query<ProviderRow>(`SELECT ${PROVIDER} FROM sso_providers ORDER BY id`);
  return rows;
}

export async function activeProviders(q: Queryable): Promise<{ id: number; label: string }[]> {
  const { rows } = await q.query<{ id: number; label: string }>(
    `SELECT id::int AS id, label FROM sso_providers WHERE active ORDER BY label, id`,
  );
  return rows;
}

export async function providerWithSecret(
  q: Queryable,
  id: number,
): Promise<(ProviderRow & { client_secret: string }) | undefined> {
  const { rows } = await q.query<ProviderRow & { client_secret: string }>(
    `SELECT ${PROVIDER}, client_secret FROM sso_providers WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The active provider whose domains hold this address's domain (the lowest id if several). */
export async function providerForDomain(
  q: Queryable,
  domain: string,
): Promise<(ProviderRow & { client_secret: string }) | undefined> {
  const { rows } = await q.query<ProviderRow & { client_secret: string }>(
    `SELECT ${PROVIDER}, client_secret FROM sso_providers
     WHERE active AND $1 = ANY (domains) ORDER BY id LIMIT 1`,
    [domain.toLowerCase()],
  );
  return rows[0];
}

export interface ProviderInput {
  issuer: string;
  client_id: string;
  scopes: string;
  label: string;
  domains: string[];
  create_users: CreateUsers;
  agents_must_use: boolean;
  active: boolean;
}

export async function insertProvider(
  q: Queryable,
  p: ProviderInput,
  sealedSecret: string,
): Promise<ProviderRow> {
  const { rows } = await q.query<ProviderRow>(
    `INSERT INTO sso_providers (issuer, client_id, client_secret, scopes, label, domains,
       create_users, agents_must_use, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${PROVIDER}`,
    [
      p.issuer,
      p.client_id,
      sealedSecret,
      p.scopes,
      p.label,
      p.domains,
      p.create_users,
      p.agents_must_use,
      p.active,
    ],
  );
  return rows[0];
}

/** Edits a provider; a null secret keeps the stored one. */
export async function updateProvider(
  q: Queryable,
  id: number,
  p: ProviderInput,
  sealedSecret: string | null,
): Promise<ProviderRow | undefined> {
  const { rows } = await q.query<ProviderRow>(
    `UPDATE sso_providers SET issuer = $2, client_id = $3,
       client_secret = coalesce($4, client_secret), scopes = $5, label = $6, domains = $7,
       create_users = $8, agents_must_use = $9, active = $10, updated_at = now()
     WHERE id = $1 RETURNING ${PROVIDER}`,
    [
      id,
      p.issuer,
      p.client_id,
      sealedSecret,
      p.scopes,
      p.label,
      p.domains,
      p.create_users,
      p.agents_must_use,
      p.active,
    ],
  );
  return rows[0];
}

export async function deleteProvider(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM sso_providers WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export async function insertAttempt(
  q: Queryable,
  a: { stateHash: string; providerId: number; nonce: string; codeVerifier: string; ttl: number },
): Promise<void> {
  await q.query(
    `INSERT INTO sso_attempts (state_hash, provider_id, nonce, code_verifier, expires)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [a.stateHash, a.providerId, a.nonce, a.codeVerifier, a.ttl],
  );
  // Spent and expired attempts are of no use to anyone: each new one sweeps a few away.
  await q.query(
    `DELETE FROM sso_attempts WHERE state_hash IN (
       SELECT state_hash FROM sso_attempts WHERE expires < now() - interval '1 hour' LIMIT 100)`,
  );
}

export type SpentAttempt =
  { kind: 'ok'; nonce: string; codeVerifier: string } | { kind: 'unknown' | 'used' | 'expired' };

/** Spends the attempt of this state and provider: once, and only before it expires. */
export async function spendAttempt(
  q: Queryable,
  stateHash: string,
  providerId: number,
): Promise<SpentAttempt> {
  const { rows } = await q.query<{ nonce: string; code_verifier: string; live: boolean }>(
    `UPDATE sso_attempts SET used_at = now()
     WHERE state_hash = $1 AND provider_id = $2 AND used_at IS NULL
     RETURNING nonce, code_verifier, expires > now() AS live`,
    [stateHash, providerId],
  );
  if (rows[0]) {
    if (!rows[0].live) return { kind: 'expired' };
    return { kind: 'ok', nonce: rows[0].nonce, codeVerifier: rows[0].code_verifier };
  }
  const { rowCount } = await q.query(
    'SELECT 1 FROM sso_attempts WHERE state_hash = $1 AND provider_id = $2',
    [stateHash, providerId],
  );
  return { kind: (rowCount ?? 0) > 0 ? 'used' : 'unknown' };
}

export async function userOfIdentity(
  q: Queryable,
  providerId: number,
  sub: string,
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `UPDATE sso_identities i SET last_used = now() FROM users u
     WHERE i.provider_id = $1 AND i.sub = $2 AND u.id = i.user_id
     RETURNING u.id, u.fullname, u.email, u.password_hash, u.user_is_hde, u.user_is_admin,
       u.items_per_page, u.language, u.confirmed_at, u.deactivated_at`,
    [providerId, sub],
  );
  return rows[0];
}

/** Links (provider, sub) to the user; false when the user is already linked to another sub. */
export async function linkIdentity(
  q: Queryable,
  providerId: number,
  sub: string,
  userId: string | number,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO sso_identities (provider_id, sub, user_id, last_used) VALUES ($1, $2, $3, now())
     ON CONFLICT DO NOTHING`,
    [providerId, sub, userId],
  );
  return (rowCount ?? 0) > 0;
}

export async function insertSsoUser(
  q: Queryable,
  u: { fullname: string; email: string; agent: boolean; language: 'en' | 'es' },
): Promise<UserRow | undefined> {
  // No password: '!' is never an argon2 hash, so no password matches until the user sets one
  // through "Forgot password".
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (fullname, email, password_hash, user_is_hde, language, confirmed_at)
     VALUES ($1, $2, '!', $3, $4, now())
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING id, fullname, email, password_hash, user_is_hde, user_is_admin, items_per_page,
       language, confirmed_at, deactivated_at`,
    [u.fullname, u.email, u.agent, u.language],
  );
  return rows[0];
}

export async function insertHandoff(
  q: Queryable,
  codeHash: string,
  userId: string | number,
  ttl: number,
): Promise<void> {
  await q.query(
    `INSERT INTO sso_handoffs (code_hash, user_id, expires)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [codeHash, userId, ttl],
  );
  await q.query(`DELETE FROM sso_handoffs WHERE expires < now() - interval '1 hour'`);
}

/** The user of an unused, unexpired handoff code, spending it. */
export async function spendHandoff(q: Queryable, codeHash: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `WITH spent AS (
       UPDATE sso_handoffs SET used_at = now()
       WHERE code_hash = $1 AND used_at IS NULL AND expires > now() RETURNING user_id)
     SELECT u.id, u.fullname, u.email, u.password_hash, u.user_is_hde, u.user_is_admin,
       u.items_per_page, u.language, u.confirmed_at, u.deactivated_at
     FROM spent JOIN users u ON u.id = spent.user_id`,
    [codeHash],
  );
  return rows[0];
}
