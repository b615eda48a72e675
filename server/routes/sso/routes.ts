// Single sign-on through OpenID Connect (docs/sign-in.md, "Single sign-on"): administrators
// configure providers; the login page lists the active ones and sends an address of a provider's
// domain there; GET sso/{id}/start leaves for the provider (authorization code flow with PKCE,
// state and nonce, kept in sso_attempts), GET sso/{id}/callback comes back, verifies the id_token
// (openid-client), links or creates the account and hands the SPA a one-time code that
// POST sso/exchange turns into a session, as a password login answers it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { auditRefusal, auditRequest } from '../../audit/write.js';
import { withUserTransaction, withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { acceptedLanguage, fill, translate, type Language } from '../../lib/i18n.js';
import { hashOneTimeToken } from '../../lib/one-time-token.js';
import { oneLine } from '../../lib/one-line.js';
import {
  M,
  authenticated,
  emailField,
  errors,
  ok,
  ref,
  smallIdParams,
  success,
  tokenField,
  userSchema,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { secretBox } from '../../mail/secret.js';
import { requestActor } from '../../plugins/auth.js';
import {
  ProviderUnavailableError,
  discover,
  finishTrip,
  isUnreachable,
  issuerProblem,
  startTrip,
} from '../../sso/oidc.js';
import { ACCOUNT_DEACTIVATED } from '../auth/messages.js';
import type { UserRow } from '../auth/sql.js';
import { startSession } from '../auth/start-session.js';
import { publicUser } from '../users/public-user.js';
import * as sql from './sql.js';

export const SSO_MESSAGES = {
  notFound: 'This sign-in provider does not exist.',
  unknownState: 'This sign-in cannot be checked: it did not start here. Sign in again.',
  usedState: 'This sign-in has been used already. Sign in again.',
  expired: 'This sign-in has expired. Sign in again.',
  refusedByProvider: 'The sign-in provider did not sign you in. Sign in again.',
  notVerified:
    "The sign-in provider's answer could not be verified, so you are not signed in. Sign in again.",
  unavailable:
    'The sign-in provider cannot be reached just now. Try again later, or sign in with your password if your account has one.',
  noEmail: 'The sign-in provider did not give an email address, so no account can be found.',
  unverifiedEmail:
    'An account with this email address exists, but the sign-in provider has not verified the address, so it is not linked. Sign in with your password.',
  unconfirmedAccount:
    'An account with this email address exists, but its address has not been confirmed, so it is not linked. Confirm it with the link we mailed, or ask an administrator.',
  noAccount:
    'There is no account for this email address, and this provider does not create accounts. Ask an administrator.',
  notForDomain:
    'This provider does not create accounts for this email address. Ask an administrator.',
  alreadyLinked:
    'Your account is already linked to another identity at this provider. Ask an administrator.',
  handoffExpired: 'This sign-in has expired. Sign in again.',
  issuerInvalid: 'Issuer must be a valid address of at most 500 characters.',
  issuerNotHttps: 'Issuer must start with https://.',
  secretRequired: 'Client secret is required.',
  domainInvalid: 'Domains must be mail domains like example.com, separated by commas.',
} as const;

const ATTEMPT_TTL_SECONDS = 10 * 60;
const HANDOFF_TTL_SECONDS = 60;
const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

const providerSchema = {
  $id: 'SsoProvider',
  type: 'object',
  required: [
    'id',
    'issuer',
    'client_id',
    'scopes',
    'label',
    'domains',
    'create_users',
    'agents_must_use',
    'active',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    issuer: { type: 'string' },
    client_id: { type: 'string' },
    scopes: { type: 'string' },
    label: { type: 'string', description: 'The text of its button on the login page' },
    domains: {
      type: 'array',
      items: { type: 'string' },
      description: 'Mail domains whose users the login page sends to it',
    },
    create_users: {
      type: 'string',
      enum: ['none', 'user', 'agent'],
      description: 'Whether a first sign-in makes an account, and as what',
    },
    agents_must_use: {
      type: 'boolean',
      description: 'Agents and administrators of its domains cannot sign in with a password',
    },
    active: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const providerBody = {
  type: 'object',
  required: ['issuer', 'client_id', 'label'],
  properties: {
    issuer: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      pattern: '^[^\\s\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]+$',
      [M]: SSO_MESSAGES.issuerInvalid,
    },
    client_id: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      ...oneLine,
      [M]: 'Client id must be 1 to 200 characters.',
    },
    client_secret: {
      type: 'string',
      maxLength: 500,
      ...oneLine,
      [M]: 'Client secret must be at most 500 characters.',
      description: 'Required when creating; empty or absent when editing keeps the stored one',
    },
    scopes: {
      type: 'string',
      maxLength: 200,
      // Scope tokens (RFC 6749: printable ASCII but a quote or a backslash) separated by spaces,
      // openid among them.
      pattern: '^ *$|^(?=(?:.* )?openid(?: |$))[ !#-\\[\\]-~]*$',
      [M]: 'Scopes must include openid, separated by spaces.',
    },
    label: {
      type: 'string',
      minLength: 1,
      maxLength: 60,
      pattern: '\\S',
      ...oneLine,
      [M]: 'Button label must be 1 to 60 characters.',
    },
    domains: {
      type: 'array',
      maxItems: 50,
      // Each checked against the mail domain pattern (providerInput).
      items: { type: 'string', maxLength: 253 },
      [M]: SSO_MESSAGES.domainInvalid,
    },
    create_users: { type: 'string', enum: ['none', 'user', 'agent'], [M]: 'Choose from the list.' },
    agents_must_use: { type: 'boolean' },
    active: { type: 'boolean' },
  },
} as const;

const FAILED = 'Validation failed';

/** A browser's redirect: no body, the address in Location. */
const redirectAnswer = (description: string) => ({ type: 'null', description }) as const;

/** A refusal of the way there or back: a page for the browser (refusalPage), not JSON. */
const refusalAnswer = {
  description:
    "A page in the browser's language saying why it is not signed in, with a link back to the login page",
  content: { 'text/html': { schema: { type: 'string' } } },
} as const;

/** The stored shape of a body: trimmed, domains lower-cased and checked. */
function providerInput(
  b: {
    issuer: string;
    client_id: string;
    scopes?: string;
    label: string;
    domains?: string[];
    create_users?: sql.CreateUsers;
    agents_must_use?: boolean;
    active?: boolean;
  },
  allowHosts: readonly string[],
): sql.ProviderInput {
  const issuer = b.issuer.trim().replace(/\/+$/, '');
  const problem = issuerProblem(issuer, allowHosts);
  if (problem) {
    const message =
      problem === 'invalid' ? SSO_MESSAGES.issuerInvalid : SSO_MESSAGES.issuerNotHttps;
    throw new HttpError(400, FAILED, { issuer: message });
  }
  const domains = [
    ...new Set((b.domains ?? []).map((d) => d.trim().toLowerCase().replace(/^@/, ''))),
  ].filter(Boolean);
  if (domains.some((d) => !DOMAIN.test(d))) {
    throw new HttpError(400, FAILED, { domains: SSO_MESSAGES.domainInvalid });
  }
  const scopes = (b.scopes ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    issuer,
    client_id: b.client_id.trim(),
    scopes: scopes.length ? scopes.join(' ') : 'openid email profile',
    label: b.label.trim(),
    domains,
    create_users: b.create_users ?? 'none',
    agents_must_use: b.agents_must_use ?? false,
    active: b.active ?? true,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a browser sees when the provider's way back ends in a refusal. */
function refusalPage(reply: FastifyReply, lang: Language, status: number, message: string) {
  const title = translate(lang, 'You are not signed in');
  const back = translate(lang, 'Back to sign in');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title></head><body>` +
        `<main style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
        `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(translate(lang, message))}</p>` +
        `<p><a href="/auth/login?password=1">${escapeHtml(back)}</a></p></main></body></html>`,
    );
}

/**
 * The provider this account must sign in with instead of a password, or undefined (plugged into
 * POST login, which refuses the password and names the provider).
 */
export async function providerRequiredFor(
  ctx: AppContext,
  user: Pick<UserRow, 'email' | 'user_is_hde' | 'user_is_admin'>,
): Promise<{ label: string } | undefined> {
  if (!user.user_is_hde && !user.user_is_admin) return undefined;
  const domain = user.email.split('@').pop() ?? '';
  const provider = await sql.providerForDomain(ctx.db, domain);
  return provider?.agents_must_use ? { label: provider.label } : undefined;
}

/** A refused first sign-in: its answer, and the audit log's reason. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly reason: string,
  ) {
    super(text);
  }
}

export function ssoRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, providerSchema);
  const { db, config } = ctx;
  const secrets = secretBox(db, config.mailSecretKey);
  const allow = config.ssoAllowHosts;
  const admin = { role: 'admin' } as const;
  const tags = ['sso'];
  const redirectUri = (id: number) => `${config.publicUrl}/api/sso/${id}/callback`;

  app.get(
    '/admin/sso-providers',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The single sign-on providers (administrators only; the secret is never shown)',
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(providerSchema) }), ...errors(401, 403) },
      },
    },
    async () => success(await sql.listProviders(db)),
  );

  app.post(
    '/admin/sso-providers',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a single sign-on provider (administrators only)',
        security: authenticated,
        body: providerBody,
        response: { 200: ok(ref(providerSchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const input = providerInput(request.body, allow);
      const secret = request.body.client_secret?.trim() ?? '';
      if (!secret) {
        throw new HttpError(400, FAILED, { client_secret: SSO_MESSAGES.secretRequired });
      }
      const sealed = await secrets.seal(secret);
      const row = await withUserTransaction(db, requestActor(request), (tx) =>
        sql.insertProvider(tx, input, sealed),
      );
      return success(row);
    },
  );

  app.put(
    '/admin/sso-providers/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Edit a single sign-on provider; an empty client_secret keeps the stored one (administrators only)',
        security: authenticated,
        params: smallIdParams,
        body: providerBody,
        response: { 200: ok(ref(providerSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const input = providerInput(request.body, allow);
      const secret = request.body.client_secret?.trim() ?? '';
      const sealed = secret ? await secrets.seal(secret) : null;
      const row = await withUserTransaction(db, requestActor(request), (tx) =>
        sql.updateProvider(tx, request.params.id, input, sealed),
      );
      if (!row) throw new HttpError(404, SSO_MESSAGES.notFound);
      return success(row);
    },
  );

  app.delete(
    '/admin/sso-providers/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a single sign-on provider and its links to accounts (administrators only)',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const found = await withUserTransaction(db, requestActor(request), (tx) =>
        sql.deleteProvider(tx, id),
      );
      if (!found) throw new HttpError(404, SSO_MESSAGES.notFound);
      return success({ id });
    },
  );

  app.post(
    '/admin/sso-providers/discovery',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Test an issuer: reads its OpenID discovery document and answers its endpoints (administrators only)',
        security: authenticated,
        body: {
          type: 'object',
          required: ['issuer'],
          properties: { issuer: providerBody.properties.issuer },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['issuer', 'authorization_endpoint', 'token_endpoint'],
            properties: {
              issuer: { type: 'string' },
              authorization_endpoint: { type: 'string' },
              token_endpoint: { type: 'string' },
            },
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const issuer = request.body.issuer.trim().replace(/\/+$/, '');
      const problem = issuerProblem(issuer, allow);
      if (problem) {
        const message =
          problem === 'invalid' ? SSO_MESSAGES.issuerInvalid : SSO_MESSAGES.issuerNotHttps;
        throw new HttpError(400, FAILED, { issuer: message });
      }
      try {
        const found = await discover({ issuer, clientId: 'discovery', clientSecret: '' }, allow);
        const meta = found.serverMetadata();
        return success({
          issuer: meta.issuer,
          authorization_endpoint: meta.authorization_endpoint ?? '',
          token_endpoint: meta.token_endpoint ?? '',
        });
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 200);
        throw new HttpError(400, FAILED, {
          issuer: fill('No OpenID provider answers at this issuer: {{reason}}', { reason }),
        });
      }
    },
  );

  app.get(
    '/sso/providers',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The active single sign-on providers, for the login page's buttons",
        response: {
          200: ok({
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'label'],
              properties: { id: { type: 'integer' }, label: { type: 'string' } },
            },
          }),
        },
      },
    },
    async () => success(await sql.activeProviders(db)),
  );

  app.post(
    '/sso/lookup',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The provider an address's domain signs in with (null: the password), for the login page",
        body: { type: 'object', required: ['email'], properties: { email: emailField } },
        response: {
          200: ok({
            type: 'object',
            required: ['provider'],
            properties: {
              provider: {
                type: ['object', 'null'],
                required: ['id', 'label'],
                properties: { id: { type: 'integer' }, label: { type: 'string' } },
              },
            },
          }),
          ...errors(400),
        },
      },
    },
    async (request) => {
      const domain = request.body.email.trim().toLowerCase().split('@').pop() ?? '';
      const p = await sql.providerForDomain(db, domain);
      return success({ provider: p ? { id: p.id, label: p.label } : null });
    },
  );

  app.get(
    '/sso/:id/start',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "Leave for the provider's sign-in (302); a page with 404 for an unknown provider, 503 when it cannot be reached",
        params: smallIdParams,
        response: {
          302: redirectAnswer("To the provider's sign-in page"),
          ...errors(400),
          404: refusalAnswer,
          503: refusalAnswer,
        },
      },
    },
    async (request, reply) => {
      const lang = acceptedLanguage(request.headers['accept-language']);
      const provider = await sql.providerWithSecret(db, request.params.id);
      if (!provider?.active) return refusalPage(reply, lang, 404, SSO_MESSAGES.notFound);
      let trip;
      try {
        const oidc = await discover(
          {
            issuer: provider.issuer,
            clientId: provider.client_id,
            clientSecret: await secrets.open(provider.client_secret),
          },
          allow,
        );
        trip = await startTrip(oidc, redirectUri(provider.id), provider.scopes);
      } catch (err) {
        request.log.warn({ err, provider: provider.id }, 'sso provider unavailable');
        await auditRefusal(db, request, {
          kind: 'sso.sign_in',
          target: { kind: 'sso_provider', id: provider.id },
          reason: 'provider_down',
        });
        return refusalPage(reply, lang, 503, SSO_MESSAGES.unavailable);
      }
      await sql.insertAttempt(db, {
        stateHash: hashOneTimeToken(trip.state),
        providerId: provider.id,
        nonce: trip.nonce,
        codeVerifier: trip.codeVerifier,
        ttl: ATTEMPT_TTL_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(trip.url, 302);
    },
  );

  /** The account this identity signs in as; created or linked on a first sign-in. */
  async function accountFor(
    provider: sql.ProviderRow,
    claims: Awaited<ReturnType<typeof finishTrip>>,
    lang: Language,
  ): Promise<{ user: UserRow; account: 'known' | 'linked' | 'created' }> {
    return withTransaction(db, async (tx) => {
      const linked = await sql.userOfIdentity(tx, provider.id, claims.sub);
      if (linked) return { user: linked, account: 'known' };
      if (!claims.email) throw new Refusal(401, SSO_MESSAGES.noEmail, 'no_email');
      const { rows } = await tx.query<UserRow>(
        `SELECT id, fullname, email, password_hash, user_is_hde, user_is_admin, items_per_page,
           language, confirmed_at, deactivated_at
         FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
        [claims.email],
      );
      const existing = rows[0];
      if (existing) {
        // Linking by address only when both sides vouch for it: the provider verified the
        // address, and the account's owner confirmed it (else whoever registered it first, or
        // whoever the provider let claim it, would take the account over).
        if (!claims.emailVerified) {
          throw new Refusal(403, SSO_MESSAGES.unverifiedEmail, 'unverified_email');
        }
        if (!existing.confirmed_at) {
          throw new Refusal(403, SSO_MESSAGES.unconfirmedAccount, 'unconfirmed');
        }
        if (!(await sql.linkIdentity(tx, provider.id, claims.sub, existing.id))) {
          throw new Refusal(403, SSO_MESSAGES.alreadyLinked, 'already_linked');
        }
        return { user: existing, account: 'linked' };
      }
      if (provider.create_users === 'none')
        throw new Refusal(403, SSO_MESSAGES.noAccount, 'no_account');
      const domain = claims.email.split('@').pop() ?? '';
      if (provider.domains.length > 0 && !provider.domains.includes(domain)) {
        throw new Refusal(403, SSO_MESSAGES.notForDomain, 'not_for_domain');
      }
      if (!claims.emailVerified) {
        throw new Refusal(403, SSO_MESSAGES.unverifiedEmail, 'unverified_email');
      }
      const created = await sql.insertSsoUser(tx, {
        fullname: (claims.name?.trim() || claims.email.split('@')[0]).slice(0, 100),
        email: claims.email,
        agent: provider.create_users === 'agent',
        language: lang,
      });
      if (!created) throw new Refusal(409, SSO_MESSAGES.unverifiedEmail, 'address_taken');
      await sql.linkIdentity(tx, provider.id, claims.sub, created.id);
      return { user: created, account: 'created' };
    });
  }

  app.get(
    '/sso/:id/callback',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The provider's way back: verifies the answer, signs in and sends the browser to the SPA with a one-time code (302); a page with 401, 403, 404, 409 or 503 otherwise",
        params: smallIdParams,
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2000 },
            state: { type: 'string', maxLength: 500 },
            iss: { type: 'string', maxLength: 500 },
            error: { type: 'string', maxLength: 200 },
            error_description: { type: 'string', maxLength: 1000 },
            session_state: { type: 'string', maxLength: 500 },
          },
        },
        response: {
          302: redirectAnswer('To the SPA, /auth/sso?code=<one-time code>'),
          ...errors(400),
          401: refusalAnswer,
          403: refusalAnswer,
          404: refusalAnswer,
          409: refusalAnswer,
          503: refusalAnswer,
        },
      },
    },
    async (request, reply) => {
      const lang = acceptedLanguage(request.headers['accept-language']);
      const id = request.params.id;
      const target = { kind: 'sso_provider', id };
      /** The refusal page, written to the audit log with its reason (and who, once known). */
      const refuse = async (
        status: number,
        message: string,
        reason: string,
        who: {
          actorId?: number | string;
          actorLabel?: string;
          details?: Record<string, unknown>;
        } = {},
      ) => {
        request.log.info({ provider: id, reason }, 'sso sign-in refused');
        await auditRefusal(db, request, { kind: 'sso.sign_in', target, reason, ...who });
        return refusalPage(reply, lang, status, message);
      };
      const provider = await sql.providerWithSecret(db, id);
      if (!provider?.active) return refuse(404, SSO_MESSAGES.notFound, 'unknown_provider');
      const state = request.query.state;
      if (!state) return refuse(401, SSO_MESSAGES.unknownState, 'no_state');
      const attempt = await sql.spendAttempt(db, hashOneTimeToken(state), id);
      if (attempt.kind !== 'ok') {
        if (attempt.kind === 'used') return refuse(401, SSO_MESSAGES.usedState, 'state_reused');
        if (attempt.kind === 'expired') return refuse(401, SSO_MESSAGES.expired, 'expired');
        return refuse(401, SSO_MESSAGES.unknownState, 'state_mismatch');
      }
      if (request.query.error) {
        return refuse(401, SSO_MESSAGES.refusedByProvider, 'refused_by_provider', {
          details: { provider_error: request.query.error },
        });
      }
      let claims;
      try {
        const oidc = await discover(
          {
            issuer: provider.issuer,
            clientId: provider.client_id,
            clientSecret: await secrets.open(provider.client_secret),
          },
          allow,
        );
        const url = new URL(redirectUri(id));
        url.search = new URLSearchParams(
          Object.entries(request.query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString();
        claims = await finishTrip(oidc, url, {
          state,
          nonce: attempt.nonce,
          codeVerifier: attempt.codeVerifier,
        });
      } catch (err) {
        if (err instanceof ProviderUnavailableError || isUnreachable(err)) {
          request.log.warn({ err, provider: id }, 'sso provider unavailable');
          return refuse(503, SSO_MESSAGES.unavailable, 'provider_down');
        }
        request.log.warn({ err, provider: id }, 'sso answer not verified');
        return refuse(401, SSO_MESSAGES.notVerified, 'verification_failed');
      }
      const tried = { actorLabel: claims.email ?? '', details: { sub: claims.sub } };
      let user: UserRow;
      let account: 'known' | 'linked' | 'created';
      try {
        ({ user, account } = await accountFor(provider, claims, lang));
      } catch (err) {
        if (err instanceof Refusal) return refuse(err.status, err.text, err.reason, tried);
        throw err;
      }
      if (user.deactivated_at) {
        return refuse(403, ACCOUNT_DEACTIVATED, 'deactivated', { ...tried, actorId: user.id });
      }
      const code = randomBytes(32).toString('base64url');
      await sql.insertHandoff(db, hashOneTimeToken(code), user.id, HANDOFF_TTL_SECONDS);
      await auditRequest(db, request, {
        kind: 'sso.sign_in',
        actorId: user.id,
        target,
        details: { sub: claims.sub, account },
      });
      request.log.info({ provider: id, user_id: user.id }, 'sso sign-in');
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${config.publicUrl}/auth/sso?code=${encodeURIComponent(code)}`, 302);
    },
  );

  app.post(
    '/sso/exchange',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "Turn the callback's one-time code (valid a minute, single use) into a session, as POST login answers it",
        body: { type: 'object', required: ['code'], properties: { code: tokenField } },
        response: {
          200: ok({
            type: 'object',
            required: ['token', 'user'],
            properties: { token: { type: 'string' }, user: userSchema },
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const user = await sql.spendHandoff(db, hashOneTimeToken(request.body.code));
      if (!user) {
        await auditRefusal(db, request, { kind: 'sso.sign_in', reason: 'expired' });
        throw new HttpError(401, SSO_MESSAGES.handoffExpired);
      }
      if (user.deactivated_at) {
        await auditRefusal(db, request, {
          kind: 'sso.sign_in',
          actorId: user.id,
          reason: 'deactivated',
        });
        throw new HttpError(403, ACCOUNT_DEACTIVATED);
      }
      const token = await startSession(ctx, request, user.id);
      return success({ token, user: publicUser(user) });
    },
  );
}
