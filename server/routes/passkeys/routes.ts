// Passkeys (WebAuthn): the profile's list, registration, rename and removal; signing in with a
// passkey alone (discoverable credentials); and a passkey as the second step of a password
// sign-in. Flows, lifetimes and the relying party: docs/sign-in.md "Passkeys".
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { auditRefusal, auditRequest } from '../../audit/write.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { hashOneTimeToken } from '../../lib/one-time-token.js';
import {
  M,
  authenticated,
  errors,
  idParams,
  messageData,
  nameField,
  ok,
  success,
  userSchema,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { passkeyMail } from '../../mail/passkey-mails.js';
import { currentUser } from '../../plugins/auth.js';
import { ACCOUNT_DEACTIVATED, MESSAGES } from '../auth/messages.js';
import * as authSql from '../auth/sql.js';
import { startSession } from '../auth/start-session.js';
import {
  countAttempt,
  forgetKeys,
  loginKeys,
  retryAfter,
  type ThrottleKey,
} from '../auth/throttle.js';
import { publicUser } from '../users/public-user.js';
import * as twoStepSql from '../two-step/sql.js';
import { TWO_STEP_MESSAGES } from '../two-step/routes.js';
import * as sql from './sql.js';

export const PASSKEY_MESSAGES = {
  challengeUsed: 'This passkey request has expired or was used already. Try again.',
  unknownPasskey: 'This passkey is not registered for an account here.',
  notVerified: 'The passkey could not be verified. Try again.',
  badResponse: 'The passkey answer is not valid.',
  alreadyRegistered: 'This passkey is registered already.',
  noPasskeys: 'No passkey is registered for this account.',
  notFound: 'Passkey not found.',
  removed: 'The passkey was removed.',
  nameInvalid: 'Name must be 1 to 100 characters.',
} as const;

/** How long a ceremony's challenge may be answered (also the browser's timeout). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
const RP_NAME = 'Helpdesk';
const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * The relying party: its id is the public URL's host name and the only origin accepted is the
 * public URL's. Browsers refuse an IP address as relying party id, so a loopback address
 * (the default PUBLIC_URL on a developer's machine, the journeys) stands for `localhost`.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>): { id: string; origin: string } {
  const url = new URL(config.publicUrl);
  if (LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin };
}

const b64 = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const transportsField = {
  type: 'array',
  maxItems: 10,
  items: { type: 'string', maxLength: 20 },
} as const;
const extensionResults = {
  type: 'object',
  properties: {
    credProps: { type: 'object', properties: { rk: { type: 'boolean' } } },
  },
} as const;

/** What @simplewebauthn/browser's startRegistration() answers. */
const registrationResponse = {
  type: 'object',
  required: ['id', 'rawId', 'response', 'type'],
  [M]: PASSKEY_MESSAGES.badResponse,
  properties: {
    id: b64(1400),
    rawId: b64(1400),
    type: { type: 'string', enum: ['public-key'] },
    authenticatorAttachment: { type: 'string', enum: ['platform', 'cross-platform'] },
    clientExtensionResults: extensionResults,
    response: {
      type: 'object',
      required: ['clientDataJSON', 'attestationObject'],
      properties: {
        clientDataJSON: b64(4000),
        attestationObject: b64(16000),
        authenticatorData: b64(16000),
        publicKey: b64(4000),
        publicKeyAlgorithm: { type: 'integer' },
        transports: transportsField,
      },
    },
  },
} as const;

/** What @simplewebauthn/browser's startAuthentication() answers. */
const authenticationResponse = {
  type: 'object',
  required: ['id', 'rawId', 'response', 'type'],
  [M]: PASSKEY_MESSAGES.badResponse,
  properties: {
    id: b64(1400),
    rawId: b64(1400),
    type: { type: 'string', enum: ['public-key'] },
    authenticatorAttachment: { type: 'string', enum: ['platform', 'cross-platform'] },
    clientExtensionResults: extensionResults,
    response: {
      type: 'object',
      required: ['clientDataJSON', 'authenticatorData', 'signature'],
      properties: {
        clientDataJSON: b64(4000),
        authenticatorData: b64(16000),
        signature: b64(2000),
        userHandle: { type: 'string', maxLength: 200 },
      },
    },
  },
} as const;

const credentialDescriptor = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    transports: { type: 'array', items: { type: 'string' } },
  },
} as const;

const creationOptions = {
  type: 'object',
  additionalProperties: false,
  description: "For @simplewebauthn/browser's startRegistration({ optionsJSON })",
  required: ['challenge', 'rp', 'user', 'pubKeyCredParams'],
  properties: {
    challenge: { type: 'string' },
    rp: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string' }, id: { type: 'string' } },
    },
    user: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'displayName'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        displayName: { type: 'string' },
      },
    },
    pubKeyCredParams: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['alg', 'type'],
        properties: { alg: { type: 'integer' }, type: { type: 'string' } },
      },
    },
    timeout: { type: 'integer' },
    attestation: { type: 'string', enum: ['none', 'direct', 'enterprise', 'indirect'] },
    excludeCredentials: { type: 'array', items: credentialDescriptor },
    authenticatorSelection: {
      type: 'object',
      additionalProperties: false,
      properties: {
        residentKey: { type: 'string', enum: ['discouraged', 'preferred', 'required'] },
        requireResidentKey: { type: 'boolean' },
        userVerification: { type: 'string', enum: ['discouraged', 'preferred', 'required'] },
      },
    },
    extensions: {
      type: 'object',
      additionalProperties: false,
      properties: { credProps: { type: 'boolean' } },
    },
  },
} as const;

const requestOptions = {
  type: 'object',
  additionalProperties: false,
  description: "For @simplewebauthn/browser's startAuthentication({ optionsJSON })",
  required: ['challenge'],
  properties: {
    challenge: { type: 'string' },
    rpId: { type: 'string' },
    timeout: { type: 'integer' },
    userVerification: { type: 'string', enum: ['discouraged', 'preferred', 'required'] },
    allowCredentials: { type: 'array', items: credentialDescriptor },
  },
} as const;

const passkeyShape = {
  type: 'object',
  required: ['id', 'name', 'created', 'last_used'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    created: { type: 'string', format: 'date-time' },
    last_used: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

const signInChallengeField = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  [M]: 'Challenge is required.',
} as const;

const signedIn = ok({
  type: 'object',
  required: ['token', 'user'],
  properties: { token: { type: 'string' }, user: userSchema },
});

const passkeyOut = (r: sql.PasskeyRow) => ({
  id: Number(r.id),
  name: r.name,
  created: r.created_at.toISOString(),
  last_used: r.last_used_at ? r.last_used_at.toISOString() : null,
});

/** The challenge the browser signed, read from the answer's clientDataJSON. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    if (data && typeof data === 'object' && 'challenge' in data) {
      const { challenge } = data as { challenge: unknown };
      if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200)
        return challenge;
    }
  } catch {
    // falls through to the 400 below
  }
  throw new HttpError(400, PASSKEY_MESSAGES.badResponse, {
    response: PASSKEY_MESSAGES.badResponse,
  });
}

const KNOWN_TRANSPORTS = new Set([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);
const transportsOf = (list: readonly string[] | undefined): AuthenticatorTransport[] =>
  (list ?? []).filter((t): t is AuthenticatorTransport => KNOWN_TRANSPORTS.has(t));

export function passkeyRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  const { db, config, mailer } = ctx;
  const rp = relyingParty(config);
  const tags = ['passkeys'];

  /** 429 with Retry-After while any of the keys is waiting out its delay. */
  async function throttle(keys: ThrottleKey[]): Promise<void> {
    const wait = await retryAfter(db, keys);
    if (wait > 0) {
      throw new HttpError(429, MESSAGES.tooManyAttempts, undefined, {
        'retry-after': String(wait),
      });
    }
  }

  /** A ceremony's challenge: random bytes, stored by the sha256 of their base64url. */
  async function newChallenge(
    purpose: sql.ChallengePurpose,
    userId?: string | number,
    signInChallenge?: string,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const challenge = randomBytes(32);
    await sql.insertChallenge(db, {
      hash: hashOneTimeToken(challenge.toString('base64url')),
      purpose,
      userId,
      signInChallenge,
      ttlSeconds: PASSKEY_CHALLENGE_TTL_SECONDS,
    });
    return new Uint8Array(challenge);
  }

  /**
   * Checks a sign-in assertion: spends its challenge, finds its credential, verifies the
   * signature with the stored public key and moves the counter on. Every failure counts against
   * the sign-in throttle (per address, and per account once the passkey names one).
   */
  async function verifyAssertion(
    request: FastifyRequest,
    response: AuthenticationResponseJSON,
    purpose: 'sign-in' | 'second-step',
    signInChallengeHash?: string,
  ): Promise<authSql.UserRow> {
    const refused = (reason: string, actorId?: number | string, actorLabel?: string) =>
      auditRefusal(db, request, {
        kind: 'passkey.sign_in',
        actorId,
        actorLabel,
        reason,
        details: { step: purpose },
      });
    const ipKeys = loginKeys(config, '', request.ip).slice(1);
    const throttled = (keys: ThrottleKey[], actorId?: number | string) =>
      throttle(keys).catch(async (err: unknown) => {
        await refused('throttled', actorId);
        throw err;
      });
    await throttled(ipKeys);
    const fail = async (
      status: 400 | 401,
      message: (typeof PASSKEY_MESSAGES)[keyof typeof PASSKEY_MESSAGES],
      reason: string,
      keys: ThrottleKey[] = ipKeys,
      actorId?: number | string,
    ) => {
      await countAttempt(db, config, keys);
      await refused(reason, actorId);
      return new HttpError(status, message);
    };
    const challenge = signedChallenge(response.response.clientDataJSON);
    const spent = await sql.spendChallenge(db, hashOneTimeToken(challenge), purpose);
    if (!spent || (purpose === 'second-step' && spent.sign_in_challenge !== signInChallengeHash))
      throw await fail(400, PASSKEY_MESSAGES.challengeUsed, 'challenge_expired');
    const credential = await sql.credentialById(db, response.id);
    if (
      !credential ||
      (spent.user_id !== null && spent.user_id !== credential.user_id) ||
      (response.response.userHandle !== undefined &&
        response.response.userHandle !== credential.handle)
    )
      throw await fail(401, PASSKEY_MESSAGES.unknownPasskey, 'unknown_credential');
    const keys = loginKeys(config, credential.email, request.ip);
    await throttled(keys, credential.user_id);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | undefined;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: response.id,
          publicKey: new Uint8Array(credential.public_key),
          counter: Number(credential.counter),
          transports: transportsOf(credential.transports),
        },
        // Alone, a passkey is both factors: it must have checked who holds it.
        requireUserVerification: purpose === 'sign-in',
      });
    } catch (err) {
      request.log.info({ err: (err as Error).message }, 'passkey not verified');
    }
    if (!verified?.verified)
      throw await fail(
        401,
        PASSKEY_MESSAGES.notVerified,
        'verification_failed',
        keys,
        credential.user_id,
      );
    await sql.markUsed(db, credential.id, verified.authenticationInfo.newCounter);
    const user = await authSql.findUserByEmail(db, credential.email);
    if (!user || String(user.id) !== credential.user_id)
      throw await fail(401, PASSKEY_MESSAGES.unknownPasskey, 'unknown_credential');
    if (user.deactivated_at) {
      await refused('deactivated', user.id);
      throw new HttpError(403, ACCOUNT_DEACTIVATED);
    }
    if (!user.confirmed_at) {
      await refused('unconfirmed', user.id);
      throw new HttpError(403, MESSAGES.unconfirmed);
    }
    return user;
  }

  async function signIn(
    request: FastifyRequest,
    user: authSql.UserRow,
    how: 'sign-in' | 'second-step',
  ) {
    await forgetKeys(db, loginKeys(config, user.email, request.ip).slice(0, 1));
    const token = await startSession(ctx, request, user.id);
    await auditRequest(db, request, {
      kind: 'passkey.sign_in',
      actorId: user.id,
      details: { step: how },
    });
    request.log.info({ user_id: user.id, passkey: how }, 'login');
    return success({ token, user: publicUser(user) });
  }

  app.post(
    '/login/passkey/options',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Start signing in with a passkey alone: options for the browser, whose challenge is ' +
          'single-use and valid for 5 minutes',
        response: { 200: ok(requestOptions), ...errors(429) },
      },
    },
    async (request) => {
      await throttle(loginKeys(config, '', request.ip).slice(1));
      const challenge = await newChallenge('sign-in');
      return success(
        await generateAuthenticationOptions({
          rpID: rp.id,
          challenge,
          timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
          userVerification: 'required',
        }),
      );
    },
  );

  app.post(
    '/login/passkey',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Sign in with a passkey alone: the answer of the browser to the options; answers a ' +
          'JWT and the user, as a password sign-in does',
        body: {
          type: 'object',
          required: ['response'],
          properties: { response: authenticationResponse },
        },
        response: { 200: signedIn, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const response = request.body.response as AuthenticationResponseJSON;
      const user = await verifyAssertion(request, response, 'sign-in');
      return signIn(request, user, 'sign-in');
    },
  );

  app.post(
    '/login/two-step/passkey/options',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Second sign-in step with a passkey instead of a code: options for the browser, for ' +
          'the challenge the login answered',
        body: {
          type: 'object',
          required: ['challenge'],
          properties: { challenge: signInChallengeField },
        },
        response: { 200: ok(requestOptions), ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const signInHash = hashOneTimeToken(request.body.challenge);
      const owner = await twoStepSql.challengeUser(db, signInHash);
      if (!owner) throw new HttpError(401, TWO_STEP_MESSAGES.challengeExpired);
      await throttle(loginKeys(config, owner.email, request.ip));
      const credentials = await sql.credentialsOf(db, owner.user_id);
      if (credentials.length === 0) throw new HttpError(400, PASSKEY_MESSAGES.noPasskeys);
      const challenge = await newChallenge('second-step', owner.user_id, signInHash);
      return success(
        await generateAuthenticationOptions({
          rpID: rp.id,
          challenge,
          timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
          userVerification: 'preferred',
          allowCredentials: credentials.map((c) => ({
            id: c.credential_id,
            transports: transportsOf(c.transports),
          })),
        }),
      );
    },
  );

  app.post(
    '/login/two-step/passkey',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Second sign-in step with a passkey: the challenge the login answered and the answer ' +
          'of the browser; answers a JWT and the user',
        body: {
          type: 'object',
          required: ['challenge', 'response'],
          properties: { challenge: signInChallengeField, response: authenticationResponse },
        },
        response: { 200: signedIn, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const signInHash = hashOneTimeToken(request.body.challenge);
      const expired = async (actorId?: number | string) => {
        await auditRefusal(db, request, {
          kind: 'passkey.sign_in',
          actorId,
          reason: 'expired',
          details: { step: 'second-step' },
        });
        return new HttpError(401, TWO_STEP_MESSAGES.challengeExpired);
      };
      if (!(await twoStepSql.challengeUser(db, signInHash))) throw await expired();
      const response = request.body.response as AuthenticationResponseJSON;
      const user = await verifyAssertion(request, response, 'second-step', signInHash);
      if (!(await twoStepSql.spendChallenge(db, signInHash))) throw await expired(user.id);
      return signIn(request, user, 'second-step');
    },
  );

  app.get(
    '/user/me/passkeys',
    {
      schema: {
        tags,
        summary: "The signed-in user's passkeys, oldest first",
        security: authenticated,
        response: { 200: ok({ type: 'array', items: passkeyShape }), ...errors(401) },
      },
    },
    async (request) => {
      const rows = await sql.passkeysOf(db, currentUser(request).id);
      return success(rows.map(passkeyOut));
    },
  );

  app.post(
    '/user/me/passkeys/options',
    {
      schema: {
        tags,
        summary:
          'Start registering a passkey: options for the browser, whose challenge is single-use ' +
          'and valid for 5 minutes',
        security: authenticated,
        response: { 200: ok(creationOptions), ...errors(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const handle = await sql.userHandle(db, user.id, randomBytes(32).toString('base64url'));
      const existing = await sql.credentialsOf(db, user.id);
      const challenge = await newChallenge('register', user.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.fullname,
        userID: new Uint8Array(Buffer.from(handle, 'base64url')),
        challenge,
        timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({
          id: c.credential_id,
          transports: transportsOf(c.transports),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      return success({ ...options, extensions: { credProps: options.extensions?.credProps } });
    },
  );

  app.post(
    '/user/me/passkeys',
    {
      schema: {
        tags,
        summary:
          'Register a passkey: its name and the answer of the browser to the options; mails ' +
          'the owner',
        security: authenticated,
        body: {
          type: 'object',
          required: ['name', 'response'],
          properties: {
            name: nameField(100, PASSKEY_MESSAGES.nameInvalid),
            response: registrationResponse,
          },
        },
        response: { 200: ok(passkeyShape), ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const response = request.body.response as RegistrationResponseJSON;
      const challenge = signedChallenge(response.response.clientDataJSON);
      const spent = await sql.spendChallenge(db, hashOneTimeToken(challenge), 'register');
      if (!spent || spent.user_id !== String(user.id))
        throw new HttpError(400, PASSKEY_MESSAGES.challengeUsed);
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>> | undefined;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch (err) {
        request.log.info({ err: (err as Error).message }, 'passkey not registered');
      }
      if (!verified?.verified) throw new HttpError(400, PASSKEY_MESSAGES.notVerified);
      const { credential } = verified.registrationInfo;
      const row = await sql.insertPasskey(db, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: transportsOf(credential.transports ?? response.response.transports),
        name: request.body.name.trim(),
      });
      if (!row) throw new HttpError(409, PASSKEY_MESSAGES.alreadyRegistered);
      await auditRequest(db, request, {
        kind: 'passkey.added',
        target: { kind: 'passkey', id: row.id },
        details: { name: row.name },
      });
      await mailer.send(user.email, passkeyMail(user.language, user.fullname, 'added', row.name));
      return success(passkeyOut(row));
    },
  );

  app.patch(
    '/user/me/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Rename one of your passkeys',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: nameField(100, PASSKEY_MESSAGES.nameInvalid) },
        },
        response: { 200: ok(passkeyShape), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await sql.renamePasskey(db, user.id, request.params.id, request.body.name.trim());
      if (!row) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
      return success(passkeyOut(row));
    },
  );

  app.delete(
    '/user/me/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of your passkeys (it cannot sign in any more); mails the owner',
        security: authenticated,
        params: idParams,
        response: { 200: ok(messageData), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const name = await sql.deletePasskey(db, user.id, request.params.id);
      if (name === undefined) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
      await auditRequest(db, request, {
        kind: 'passkey.removed',
        target: { kind: 'passkey', id: request.params.id },
        details: { name },
      });
      await mailer.send(user.email, passkeyMail(user.language, user.fullname, 'removed', name));
      return success({ message: PASSKEY_MESSAGES.removed });
    },
  );
}
