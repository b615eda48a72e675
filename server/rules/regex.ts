// Regular-expression conditions run in a node:vm context with a time limit (`REGEX_TIMEOUT_MS`),
// so a pattern with catastrophic backtracking (`(a+)+$` against a long line of a's) stops after
// that time instead of stalling the worker: V8 checks the vm's watchdog while a regex
// backtracks. A pattern that runs out of time counts as not matching, and the engine logs it.
import vm from 'node:vm';

export const REGEX_TIMEOUT_MS = 50;
/** Patterns are matched against at most this much text (a long mail's start). */
export const REGEX_INPUT_LIMIT = 20_000;

/** The compiled pattern (case-insensitive, Unicode), or undefined when it is not valid. */
export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'iu');
  } catch {
    return undefined;
  }
}

const context = vm.createContext(Object.create(null) as object);
const script = new vm.Script('pattern.test(input)');

export type TimedMatch = boolean | 'timeout';

/** Whether `pattern` matches `input`, or 'timeout' when it ran out of time. */
export function timedMatch(
  pattern: string,
  input: string,
  timeoutMs = REGEX_TIMEOUT_MS,
): TimedMatch {
  const re = compilePattern(pattern);
  if (!re) return false;
  const sandbox = context as { pattern?: RegExp; input?: string };
  sandbox.pattern = re;
  sandbox.input = input.slice(0, REGEX_INPUT_LIMIT);
  try {
    return script.runInContext(context, { timeout: timeoutMs }) === true;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
    throw err;
  } finally {
    delete sandbox.pattern;
    delete sandbox.input;
  }
}
