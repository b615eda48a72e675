// The API's one-line rule (server/lib/one-line.ts) for the forms: a name or a title has no line
// break, tab or other control character (C0, DEL, C1, U+2028, U+2029). The character class is
// the server's own (one-line-rule.json); the message, `common:validation.oneLine`, is the
// server's field message. yup forms add `.test(oneLineTest(t('common:validation.oneLine')))`;
// forms without yup ask `isOneLine` (no yup in their chunks: the import below is a type).
import type { TestConfig } from 'yup';
import rule from './one-line-rule.json';

const NOT_ONE_LINE = new RegExp(rule.notOneLine, 'u');

/** Whether the text has no character the one-line rule refuses (an empty text has none). */
export function isOneLine(value: string | null | undefined): boolean {
  return !value || !NOT_ONE_LINE.test(value);
}

/** The one yup rule for a one-line field. */
export function oneLineTest(message: string): TestConfig<string | undefined> {
  return { name: 'one-line', message, test: (value) => isOneLine(value) };
}
