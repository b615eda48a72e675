// The one-line rule, beside the plain-text rule (plain-text.ts): a name or a title (a record's
// subject or title, a person's full name, a category's, saved view's, macro's or SLA policy's
// name, a mailbox's user and folder, an uploaded file's name) is one line. A route marks such a
// field `x-one-line: true` (spread `oneLine` into its schema); the ajv keyword app.ts registers
// (`oneLineKeyword`) then refuses C0 control characters (TAB, LF and CR among them), DEL, C1
// control characters (U+007F-U+009F) and U+2028/U+2029 with a 400 and ONE_LINE_MESSAGE for the
// field (plugins/errors.ts). The marker stays in the OpenAPI document, so clients see which
// fields it holds for. Texts that arrive by mail are made one line instead (`oneLineText`).
// The character class is shared with the SPA's forms (src/lib/one-line.ts).
import type { Ajv } from 'ajv';
import rule from '../../src/lib/one-line-rule.json' with { type: 'json' };

/** The schema keyword (and OpenAPI extension) that marks a one-line field. */
export const ONE_LINE_KEYWORD = 'x-one-line';

/** Spread into a string property's schema: `{ type: 'string', maxLength: 100, ...oneLine }`. */
export const oneLine = { [ONE_LINE_KEYWORD]: true } as const;

export const ONE_LINE_MESSAGE =
  'This text must be one line: line breaks, tabs and control characters are not allowed.';

const NOT_ONE_LINE = new RegExp(rule.notOneLine, 'u');
const NOT_ONE_LINE_RUNS = new RegExp(`${rule.notOneLine}+`, 'gu');
const BREAKS_AND_SPACES = new RegExp(`(?:\\s|${rule.notOneLine})+`, 'gu');

/** Whether the text has none of the characters the one-line rule refuses. */
export function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/** Each run of characters the one-line rule refuses becomes one space (a file's name). */
export function controlsToSpaces(value: string): string {
  return value.replace(NOT_ONE_LINE_RUNS, ' ');
}

/**
 * A text that came in by mail (a subject, a sender's name) as one line: each run of white space
 * or refused characters becomes one space, and the ends are trimmed.
 */
export function oneLineText(value: string): string {
  return value.replace(BREAKS_AND_SPACES, ' ').trim();
}

/** ajv plugin (app.ts): the keyword that enforces the rule on every field marked with it. */
export function oneLineKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: ONE_LINE_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    validate: (on: boolean, data: string) => !on || isOneLine(data),
  });
}
