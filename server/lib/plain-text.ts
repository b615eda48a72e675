// The one rule for text a client sends: no U+0000 (PostgreSQL refuses it in `text`) and no
// unpaired UTF-16 surrogate (not valid Unicode), and a documented maxLength on every string.
// app.ts applies it to every route's body, querystring and params schema when the route is
// registered, so no route checks this by itself.
import type { RouteOptions } from 'fastify';

/** ajv keyword added to every input string schema; its failure has its own field message. */
export const PLAIN_TEXT_KEYWORD = 'x-plain-text';

export const PLAIN_TEXT_MESSAGE =
  'This text contains a character that is not allowed (U+0000 or a broken Unicode character).';

const NOT_PLAIN = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isPlainText(value: string): boolean {
  return !NOT_PLAIN.test(value);
}

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringSchema(s: Schema): boolean {
  return s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
}

/**
 * A copy of an input schema with the plain-text keyword on every string. Throws when a string
 * has no maxLength (nor enum/const bounding it): every text a client sends must be bounded.
 */
export function withPlainTextRule(schema: unknown, where: string): unknown {
  if (Array.isArray(schema)) return schema.map((s, i) => withPlainTextRule(s, `${where}[${i}]`));
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties') {
      copy[key] = isSchema(value)
        ? Object.fromEntries(
            Object.entries(value).map(([name, s]) => [
              name,
              withPlainTextRule(s, `${where}.${name}`),
            ]),
          )
        : value;
    } else if (['items', 'additionalProperties', 'allOf', 'anyOf', 'oneOf', 'not'].includes(key)) {
      copy[key] = withPlainTextRule(value, where);
    } else {
      copy[key] = value;
    }
  }
  if (isStringSchema(copy)) {
    if (copy.maxLength === undefined && copy.enum === undefined && copy.const === undefined) {
      throw new Error(`${where}: a string without maxLength (every input text must be bounded)`);
    }
    copy[PLAIN_TEXT_KEYWORD] = true;
  }
  return copy;
}

/** onRoute hook: puts the rule on the route's body, querystring and params schemas. */
export function applyPlainTextRule(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema) return;
  const name = `${String(route.method)} ${route.url}`;
  if (route.url.includes(':') && schema.params === undefined) {
    throw new Error(`${name}: path parameters without a params schema`);
  }
  for (const part of ['body', 'querystring', 'params'] as const) {
    if (schema[part] !== undefined) {
      schema[part] = withPlainTextRule(schema[part], `${name} ${part}`);
    }
  }
}
