// A new signed-in session: its row (with the browser and address the user sees in their
// session list) and its JWT.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { signJwt } from '../../lib/jwt.js';

export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string | number,
  opts: { twoStepSetupRequired?: boolean } = {},
): Promise<string> {
  const jti = randomUUID();
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtTtlHours * 3600;
  const agent = request.headers['user-agent'];
  await ctx.db.query(
    `INSERT INTO sessions (jti, user_id, expires, user_agent, ip, two_step_setup_required)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      jti,
      userId,
      new Date(exp * 1000),
      typeof agent === 'string' ? agent.slice(0, 500) : null,
      request.ip,
      opts.twoStepSetupRequired ?? false,
    ],
  );
  return signJwt({ sub: String(userId), jti, iat, exp }, await ctx.jwtSecret());
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A browser and system name from a User-Agent header, for the session list ('' when unknown). */
export function describeAgent(agent: string | null): { browser: string; os: string } {
  const ua = agent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? '',
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? '',
  };
}
