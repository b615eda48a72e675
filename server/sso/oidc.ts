// The relying party's side of OpenID Connect, through openid-client: discovery of an issuer (https,
// or http for a host SSO_ALLOW_HOSTS names), the authorization URL with PKCE, state and nonce, and
// the code exchange whose id_token openid-client verifies against the issuer's keys (signature,
// iss, aud, exp, nonce; `alg: none` is refused). docs/sign-in.md, "Single sign-on".
import * as client from 'openid-client';
import { bareHost } from '../webhooks/ssrf.js';

/** How long discovery, the keys and the token call may take before the provider counts as down. */
const TIMEOUT_MS = 8000;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The issuer could not be reached or did not answer as an OpenID provider. */
export class ProviderUnavailableError extends Error {}

/** Why an issuer URL cannot be used, or undefined when it can (https, or an allowed http host). */
export function issuerProblem(
  raw: string,
  allowHosts: readonly string[],
): 'invalid' | 'not-https' | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password || url.hash) return 'invalid';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowHosts.includes(bareHost(url.hostname))) return undefined;
  return 'not-https';
}

const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

/** Discovers the issuer; throws ProviderUnavailableError when it cannot be reached or read. */
export async function discover(
  p: ProviderSettings,
  allowHosts: readonly string[],
): Promise<client.Configuration> {
  if (issuerProblem(p.issuer, allowHosts)) {
    throw new ProviderUnavailableError('issuer not allowed');
  }
  const insecure = new URL(p.issuer).protocol === 'http:';
  try {
    const config = await client.discovery(
      new URL(p.issuer),
      p.clientId,
      { id_token_signed_response_alg: 'RS256' },
      p.clientSecret ? client.ClientSecretBasic(p.clientSecret) : client.None(),
      {
        [client.customFetch]: timedFetch,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    config[client.customFetch] = timedFetch;
    // The id_token's signature is checked against the issuer's keys too, not only trusted for
    // arriving over the token endpoint's connection: a forged or unsigned token is refused.
    client.enableNonRepudiationChecks(config);
    return config;
  } catch (err) {
    throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
  }
}

export interface Trip {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL for a new trip, with what the callback must check. */
export async function startTrip(
  config: client.Configuration,
  redirectUri: string,
  scopes: string,
): Promise<Trip> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: scopes,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export interface VerifiedClaims {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/**
 * Exchanges the code and verifies the id_token (openid-client). Errors other than the provider
 * being unreachable mean the answer was not to be trusted.
 */
export async function finishTrip(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedClaims> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('no id_token');
  // Providers that keep the address out of the id_token give it at the userinfo endpoint, for
  // the same subject (openid-client checks that).
  const claims: Record<string, unknown> =
    typeof idToken.email === 'string'
      ? idToken
      : { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
  const name = typeof claims.name === 'string' ? claims.name : undefined;
  return { sub: idToken.sub, email, emailVerified: claims.email_verified === true, name };
}

/** Whether an error from finishTrip is the provider being unreachable (not a bad answer). */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const cause = (err as { cause?: unknown }).cause;
  return (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    (err instanceof TypeError && /fetch failed/i.test(err.message)) ||
    (cause instanceof Error && isUnreachable(cause))
  );
}
