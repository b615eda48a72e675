// The journey (tests/, the SPA's tsconfig) needs the module's types named here too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
// A real OpenID provider (oidc-provider) started in-process on a free port, for the single sign-on
// tests and journey. Its sign-in is programmatic: the next interaction signs in as the account
// `signInAs` chose, and consent is granted. A front server on the issuer's port passes every
// request through to it and, in a fault `mode`, forges the token endpoint's id_token (alg none,
// another key, a changed nonce) or drops the connection (the provider being down), so the
// relying party's verification (openid-client's own) meets each fault for real.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import Provider, { type OidcContext } from 'oidc-provider';

export interface Account {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export type Mode = 'pass' | 'alg-none' | 'other-key' | 'wrong-nonce' | 'down';

export interface TestProvider {
  issuer: string;
  /** Every origin it listens on: the issuer's front and the provider behind it. */
  origins: string[];
  clientId: string;
  clientSecret: string;
  signInAs(account: Account): void;
  mode: Mode;
  close(): Promise<void>;
}

const listen = (server: http.Server, host: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `redirectPrefix`: redirect URIs it accepts start so (e.g. `${publicUrl}/api/sso/`). */
export async function startTestProvider(
  redirectPrefix: string,
  host = '127.0.0.1',
): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, Account>();
  let next: Account | undefined;
  const clientId = 'helpdesk';
  const clientSecret = 'a client secret that is long enough';

  const front = http.createServer();
  const frontPort = await listen(front, host);
  const issuer = `http://${host}:${frontPort}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${redirectPrefix}1/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test cookie key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, requestParamScopes, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope([...requestParamScopes].join(' '));
      await grant.save();
      return grant;
    },
  });
  provider.Client.prototype.redirectUriAllowed = (uri: string) => uri.startsWith(redirectPrefix);
  const handle = provider.callback();

  const inner = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          await provider.interactionDetails(req, res);
          if (!next) throw new Error('signInAs() was not called');
          accounts.set(next.sub, next);
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: next.sub } },
            { mergeWithLastSubmission: false },
          );
        } catch (err) {
          res.statusCode = 500;
          res.end(String(err));
        }
      })();
      return;
    }
    handle(req, res);
  });
  const innerPort = await listen(inner, host);

  const state: { mode: Mode } = { mode: 'pass' };
  const otherKey = (await generateKeyPair('RS256')).privateKey;
  const realKey = privateKey;

  async function forge(idToken: string): Promise<string> {
    const header = decodeProtectedHeader(idToken);
    const claims = decodeJwt(idToken);
    if (state.mode === 'alg-none') return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const key = state.mode === 'other-key' ? otherKey : realKey;
    const payload = state.mode === 'wrong-nonce' ? { ...claims, nonce: 'another nonce' } : claims;
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: header.kid }).sign(key);
  }

  front.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (state.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const upstream = http.request(
      { host, port: innerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const forging = state.mode !== 'pass' && req.url?.startsWith('/token');
        if (!forging) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          void (async () => {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              id_token?: string;
            };
            if (body.id_token) body.id_token = await forge(body.id_token);
            const text = JSON.stringify(body);
            res.writeHead(answer.statusCode ?? 502, {
              ...answer.headers,
              'content-length': Buffer.byteLength(text),
            });
            res.end(text);
          })();
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  return {
    issuer,
    origins: [issuer, `http://${host}:${innerPort}`],
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode: Mode) {
      state.mode = mode;
    },
    close: async () => {
      front.closeAllConnections();
      inner.closeAllConnections();
      await Promise.all([new Promise((r) => front.close(r)), new Promise((r) => inner.close(r))]);
    },
  };
}

/**
 * Follows a browser's redirects from `start` through the provider (with its cookies) until one
 * leads back to `home` (the Helpdesk's public URL): that address is answered.
 */
export async function travel(start: string, home: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(home)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}
