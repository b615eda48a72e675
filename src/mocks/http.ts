import { HttpResponse } from 'msw';
import { db, readClaims } from './db';

/** Helpers shared by the mock handlers (the API's envelopes and the session check). */
export function ok<T>(data: T) {
  return HttpResponse.json({ statusCode: 200, data });
}

export function fail(
  status: number,
  error: string,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  return HttpResponse.json(
    { statusCode: status, error, message, ...(fields ? { fields } : {}), ...extra },
    { status },
  );
}

export function sessionOf(request: Request) {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^JWT (.+)$/.exec(header);
  if (!match) return null;
  const claims = readClaims(match[1]);
  if (!claims || claims.exp * 1000 <= Date.now() || db.revoked.has(claims.jti)) return null;
  const user = db.users.find((candidate) => String(candidate.id) === claims.sub);
  return user ? { user, jti: claims.jti } : null;
}

export const unauthorized = () => fail(401, 'Unauthorized', 'Unauthorized');

export async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
