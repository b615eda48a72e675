// Passkeys (WebAuthn), answering as server/routes/passkeys/routes.ts does (texts included): the
// profile's list, registration, rename and removal, signing in with a passkey alone and as the
// second step. The ceremonies' answers are checked for their challenge, type, origin and
// credential; the mocks keep no public keys, so a signature is not checked.
import { db, publicUser, startSession, type Db } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { deactivatedMessage } from './admin-handlers';

const M = {
  challengeUsed: 'This passkey request has expired or was used already. Try again.',
  unknownPasskey: 'This passkey is not registered for an account here.',
  notVerified: 'The passkey could not be verified. Try again.',
  badResponse: 'The passkey answer is not valid.',
  alreadyRegistered: 'This passkey is registered already.',
  noPasskeys: 'No passkey is registered for this account.',
  notFound: 'Passkey not found.',
  removed: 'The passkey was removed.',
  challengeExpired: 'This sign-in has expired. Sign in again.',
  unconfirmed: 'Please confirm your email address before logging in.',
} as const;

const TTL_MS = 5 * 60_000;
const KNOWN_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];
const PUB_KEY_CRED_PARAMS = [-8, -7, -257].map((alg) => ({ alg, type: 'public-key' }));

type Purpose = 'register' | 'sign-in' | 'second-step';
interface MockPasskey {
  id: number;
  userId: number;
  credentialId: string;
  transports: string[];
  name: string;
  created: string;
  last_used: string | null;
}
interface PasskeyStore {
  passkeys: MockPasskey[];
  nextId: number;
  /** Ceremony challenges → purpose, owner, the sign-in challenge (second step), expiry (ms). */
  challenges: Map<string, { purpose: Purpose; userId?: number; signIn?: string; expires: number }>;
  /** The user handle each account's passkeys store (base64url). */
  handles: Map<number, string>;
}

// One store per mock database: resetDb() makes a new database, and so a new store.
const stores = new WeakMap<Db, PasskeyStore>();
function store(): PasskeyStore {
  let s = stores.get(db);
  if (!s) {
    s = { passkeys: [], nextId: 1, challenges: new Map(), handles: new Map() };
    stores.set(db, s);
  }
  return s;
}

/** Whether the account has a passkey (the login's two-step answer says so). */
export function hasPasskey(userId: number): boolean {
  return store().passkeys.some((p) => p.userId === userId);
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomB64 = () => b64url(crypto.getRandomValues(new Uint8Array(32)));

/** The relying party as the server makes it from its public URL: here, the page's own. */
function relyingParty(request: Request): { id: string; origin: string } {
  const url = new URL(request.url);
  if (['127.0.0.1', '[::1]'].includes(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin };
}

function newChallenge(purpose: Purpose, userId?: number, signIn?: string): string {
  const challenge = randomB64();
  store().challenges.set(challenge, { purpose, userId, signIn, expires: Date.now() + TTL_MS });
  return challenge;
}

function spendChallenge(challenge: string, purpose: Purpose) {
  const found = store().challenges.get(challenge);
  store().challenges.delete(challenge);
  return found && found.purpose === purpose && found.expires > Date.now() ? found : undefined;
}

interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

/** The browser's clientDataJSON, or undefined when it is not one. */
function clientData(response: unknown): ClientData | undefined {
  const inner = (response as { response?: { clientDataJSON?: unknown } }).response;
  try {
    const text = atob(String(inner?.clientDataJSON).replace(/-/g, '+').replace(/_/g, '/'));
    const data = JSON.parse(text) as Partial<ClientData>;
    if (typeof data.challenge === 'string' && data.challenge.length > 0) {
      return { type: String(data.type), challenge: data.challenge, origin: String(data.origin) };
    }
  } catch {
    // falls through
  }
  return undefined;
}

const badResponse = () => fail(400, 'Bad Request', M.badResponse, { response: M.badResponse });
const present = ({ userId: _u, credentialId: _c, transports: _t, ...passkey }: MockPasskey) =>
  passkey;
const descriptor = (p: MockPasskey) => ({
  id: p.credentialId,
  transports: p.transports,
  type: 'public-key',
});
const text = (value: unknown) => (typeof value === 'string' ? value : '');

type Assertion = { response: { userHandle?: string }; id: string };

/** The server's verifyAssertion: answers the user, or the failure to answer. */
function verifyAssertion(
  request: Request,
  response: Assertion,
  purpose: 'sign-in' | 'second-step',
  signIn?: string,
) {
  const data = clientData(response);
  if (!data) return { failure: badResponse() };
  const spent = spendChallenge(data.challenge, purpose);
  if (!spent || (purpose === 'second-step' && spent.signIn !== signIn)) {
    return { failure: fail(400, 'Bad Request', M.challengeUsed) };
  }
  const passkey = store().passkeys.find((p) => p.credentialId === response.id);
  const handle = passkey && store().handles.get(passkey.userId);
  if (
    !passkey ||
    (spent.userId !== undefined && spent.userId !== passkey.userId) ||
    (response.response.userHandle !== undefined && response.response.userHandle !== handle)
  ) {
    return { failure: fail(401, 'Unauthorized', M.unknownPasskey) };
  }
  if (data.type !== 'webauthn.get' || data.origin !== relyingParty(request).origin) {
    return { failure: fail(401, 'Unauthorized', M.notVerified) };
  }
  passkey.last_used = new Date().toISOString();
  const user = db.users.find((u) => u.id === passkey.userId);
  if (!user) return { failure: fail(401, 'Unauthorized', M.unknownPasskey) };
  const deactivated = deactivatedMessage(user.id);
  if (deactivated) return { failure: fail(403, 'Forbidden', deactivated) };
  if (!user.confirmed) return { failure: fail(403, 'Forbidden', M.unconfirmed) };
  return { user };
}

function signedIn(request: Request, user: (typeof db.users)[number]) {
  const token = startSession(user.id, undefined, {
    userAgent: request.headers.get('user-agent') ?? '',
  });
  return ok({ token, user: publicUser(user) });
}

export function passkeyHandlers() {
  return [
    http.post('/api/login/passkey/options', ({ request }) =>
      ok({
        rpId: relyingParty(request).id,
        challenge: newChallenge('sign-in'),
        timeout: TTL_MS,
        userVerification: 'required' as const,
      }),
    ),

    http.post('/api/login/passkey', async ({ request }) => {
      const body = await bodyOf(request);
      const checked = verifyAssertion(request, body.response as Assertion, 'sign-in');
      return checked.user ? signedIn(request, checked.user) : checked.failure;
    }),

    http.post('/api/login/two-step/passkey/options', async ({ request }) => {
      const signIn = text((await bodyOf(request)).challenge);
      const owner = db.challenges.get(signIn);
      if (!owner || owner.expires <= Date.now()) {
        return fail(401, 'Unauthorized', M.challengeExpired);
      }
      const mine = store().passkeys.filter((p) => p.userId === owner.userId);
      if (mine.length === 0) return fail(400, 'Bad Request', M.noPasskeys);
      return ok({
        rpId: relyingParty(request).id,
        challenge: newChallenge('second-step', owner.userId, signIn),
        allowCredentials: mine.map(descriptor),
        timeout: TTL_MS,
        userVerification: 'preferred' as const,
      });
    }),

    http.post('/api/login/two-step/passkey', async ({ request }) => {
      const body = await bodyOf(request);
      const signIn = text(body.challenge);
      const owner = db.challenges.get(signIn);
      if (!owner || owner.expires <= Date.now()) {
        return fail(401, 'Unauthorized', M.challengeExpired);
      }
      const checked = verifyAssertion(request, body.response as Assertion, 'second-step', signIn);
      if (!checked.user) return checked.failure;
      if (!db.challenges.delete(signIn)) return fail(401, 'Unauthorized', M.challengeExpired);
      return signedIn(request, checked.user);
    }),

    http.get(
      '/api/user/me/passkeys',
      authed((user) =>
        ok(
          store()
            .passkeys.filter((p) => p.userId === user.id)
            .map(present),
        ),
      ),
    ),

    http.post(
      '/api/user/me/passkeys/options',
      authed((user, { request }) => {
        const s = store();
        const handle = s.handles.get(user.id) ?? randomB64();
        s.handles.set(user.id, handle);
        return ok({
          challenge: newChallenge('register', user.id),
          rp: { name: 'Helpdesk', id: relyingParty(request).id },
          user: { id: handle, name: user.email, displayName: user.fullname },
          pubKeyCredParams: PUB_KEY_CRED_PARAMS,
          timeout: TTL_MS,
          attestation: 'none' as const,
          excludeCredentials: s.passkeys.filter((p) => p.userId === user.id).map(descriptor),
          authenticatorSelection: {
            residentKey: 'required' as const,
            userVerification: 'preferred' as const,
            requireResidentKey: true,
          },
          extensions: { credProps: true },
        });
      }),
    ),

    http.post(
      '/api/user/me/passkeys',
      authed(async (user, { request }) => {
        const body = await bodyOf(request);
        const response = body.response as { id: string; response: { transports?: string[] } };
        const data = clientData(response);
        if (!data) return badResponse();
        const spent = spendChallenge(data.challenge, 'register');
        if (!spent || spent.userId !== user.id) return fail(400, 'Bad Request', M.challengeUsed);
        if (data.type !== 'webauthn.create' || data.origin !== relyingParty(request).origin) {
          return fail(400, 'Bad Request', M.notVerified);
        }
        const s = store();
        if (s.passkeys.some((p) => p.credentialId === response.id)) {
          return fail(409, 'Conflict', M.alreadyRegistered);
        }
        const row: MockPasskey = {
          id: s.nextId++,
          userId: user.id,
          credentialId: response.id,
          transports: (response.response.transports ?? []).filter((t) =>
            KNOWN_TRANSPORTS.includes(t),
          ),
          name: text(body.name).trim(),
          created: new Date().toISOString(),
          last_used: null,
        };
        s.passkeys.push(row);
        return ok(present(row));
      }),
    ),

    http.patch(
      '/api/user/me/passkeys/{id}',
      authed(async (user, { request, params }) => {
        const body = await bodyOf(request);
        const row = store().passkeys.find(
          (p) => p.id === Number(params.id) && p.userId === user.id,
        );
        if (!row) return fail(404, 'Not Found', M.notFound);
        row.name = text(body.name).trim();
        return ok(present(row));
      }),
    ),

    http.delete(
      '/api/user/me/passkeys/{id}',
      authed(({ id }, { params }) => {
        const s = store();
        const at = s.passkeys.findIndex((p) => p.id === Number(params.id) && p.userId === id);
        if (at < 0) return fail(404, 'Not Found', M.notFound);
        s.passkeys.splice(at, 1);
        return ok({ message: M.removed });
      }),
    ),
  ];
}
