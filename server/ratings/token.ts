// The survey link's token: `<ticket id>-<solve number>-<32 random bytes, base64url>`. The
// database keeps only the sha256 of the whole token (lib/one-time-token.ts), so the ids in it
// cannot be changed to rate another ticket or another solve: such a token matches no row.
import { randomBytes } from 'node:crypto';
import { hashOneTimeToken } from '../lib/one-time-token.js';

/** Days a survey link works after the solve. */
export const SURVEY_DAYS = 14;

const SHAPE = /^(\d{1,18})-(\d{1,9})-([A-Za-z0-9_-]{43})$/;

export function newSurveyToken(recordId: number, solveNo: number): { token: string; hash: string } {
  const token = `${recordId}-${solveNo}-${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashOneTimeToken(token) };
}

/** The ids a token names and its hash; undefined when it is not shaped like one. */
export function parseSurveyToken(
  token: string,
): { recordId: number; solveNo: number; hash: string } | undefined {
  const m = SHAPE.exec(token);
  if (!m) return undefined;
  return { recordId: Number(m[1]), solveNo: Number(m[2]), hash: hashOneTimeToken(token) };
}
