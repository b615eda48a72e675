// Personal API tokens, answering as server/routes/api-tokens/routes.ts does (texts included).
// The SPA only manages tokens with its session; a Bearer token is not accepted here.
import { db, type MockApiToken } from './db';
import { authed, bodyOf, fail, http, ok } from './http';

const M = {
  notFound: 'This token does not exist.',
  revoked: 'The token is revoked.',
} as const;
const DEFAULT_EXPIRY_DAYS = 90;
const DAY_MS = 86_400_000;

const present = ({ userId: _userId, ...token }: MockApiToken) => token;
const newestFirst = (a: MockApiToken, b: MockApiToken) =>
  b.created.localeCompare(a.created) || b.id - a.id;

function secret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const b64 = btoa(String.fromCharCode(...bytes));
  return `hdk_${b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

export function apiTokenHandlers() {
  return [
    http.get(
      '/api/user/me/tokens',
      authed((user) =>
        ok(
          db.apiTokens
            .filter((t) => t.userId === user.id)
            .sort(newestFirst)
            .map(present),
        ),
      ),
    ),

    http.post(
      '/api/user/me/tokens',
      authed(async (user, { request }) => {
        const body = await bodyOf(request);
        const days = typeof body.expires_in_days === 'number' ? body.expires_in_days : undefined;
        const now = Date.now();
        const row: MockApiToken = {
          id: db.nextApiTokenId++,
          userId: user.id,
          name: String(body.name).trim(),
          scopes: body.scopes as MockApiToken['scopes'],
          created: new Date(now).toISOString(),
          expires: new Date(now + (days ?? DEFAULT_EXPIRY_DAYS) * DAY_MS).toISOString(),
          last_used: null,
          last_ip: null,
        };
        db.apiTokens.push(row);
        return ok({ token: present(row), secret: secret() });
      }),
    ),

    http.delete(
      '/api/user/me/tokens/{id}',
      authed((user, { params }) => {
        const at = db.apiTokens.findIndex(
          (t) => t.id === Number(params.id) && t.userId === user.id,
        );
        if (at < 0) return fail(404, 'Not Found', M.notFound);
        db.apiTokens.splice(at, 1);
        return ok({ message: M.revoked });
      }),
    ),

    http.get(
      '/api/admin/tokens',
      authed(() =>
        ok(
          [...db.apiTokens].sort(newestFirst).flatMap((t) => {
            const owner = db.users.find((u) => u.id === t.userId);
            if (!owner) return [];
            return [
              {
                ...present(t),
                owner: { id: owner.id, fullname: owner.fullname, email: owner.email },
              },
            ];
          }),
        ),
      ),
    ),

    http.delete(
      '/api/admin/tokens/{id}',
      authed((_admin, { params }) => {
        const at = db.apiTokens.findIndex((t) => t.id === Number(params.id));
        if (at < 0) return fail(404, 'Not Found', M.notFound);
        db.apiTokens.splice(at, 1);
        return ok({ message: M.revoked });
      }),
    ),
  ];
}
