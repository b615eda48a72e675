// The server checks every request's path parameters, query and JSON body against its route's
// schema before the route runs, and answers 400 with a message per field (server/plugins/
// errors.ts validationFields). Those schemas and messages (`x-message`) are in the API contract
// (docs/openapi.json), so the mocks check the same way from it, instead of repeating each rule.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import openapi from '../../docs/openapi.json';
import rule from '../lib/one-line-rule.json';

const PLAIN_TEXT_MESSAGE =
  'This text contains a character that is not allowed (U+0000 or a broken Unicode character).';
const ONE_LINE_MESSAGE =
  'This text must be one line: line breaks, tabs and control characters are not allowed.';
const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

const NOT_PLAIN = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NOT_ONE_LINE = new RegExp(rule.notOneLine, 'u');

type Schema = Record<string, unknown>;
type FieldMessage = string | Record<string, string> | undefined;

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  security?: unknown[];
  'x-role'?: string;
  'x-two-step-setup'?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
const paths = openapi.paths as unknown as Record<string, Record<string, Operation>>;

// As the server's validator (Fastify's defaults, plus every error and its schema).
const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  allErrors: true,
  verbose: true,
  strict: false,
  discriminator: true,
});
addFormats(ajv);
ajv.addKeyword({ keyword: 'x-message', schemaType: ['string', 'object'] });
ajv.addKeyword({
  keyword: 'x-plain-text',
  type: 'string',
  schemaType: 'boolean',
  validate: (on: boolean, data: string) => !on || !NOT_PLAIN.test(data),
});
ajv.addKeyword({
  keyword: 'x-one-line',
  type: 'string',
  schemaType: 'boolean',
  validate: (on: boolean, data: string) => !on || !NOT_ONE_LINE.test(data),
});

function objectOf(parameters: Parameter[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

interface Validators {
  params?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
}
const compiled = new Map<string, Validators>();

function validatorsOf(method: string, path: string): Validators {
  const key = `${method} ${path}`;
  let found = compiled.get(key);
  if (!found) {
    const operation = paths[path]?.[method];
    const parameters = operation?.parameters ?? [];
    const inPath = parameters.filter((p) => p.in === 'path');
    const inQuery = parameters.filter((p) => p.in === 'query');
    const body = operation?.requestBody?.content['application/json']?.schema;
    found = {
      params: inPath.length ? ajv.compile(objectOf(inPath)) : undefined,
      query: inQuery.length ? ajv.compile(objectOf(inQuery)) : undefined,
      // A body that names shared shapes ($ref: #/components/schemas/...) carries them along.
      body: body
        ? ajv.compile(
            JSON.stringify(body).includes('"$ref"')
              ? { ...body, components: openapi.components }
              : body,
          )
        : undefined,
    };
    compiled.set(key, found);
  }
  return found;
}

function messageFor(message: FieldMessage, keyword: string): string | undefined {
  if (typeof message === 'string' || message === undefined) return message;
  return message[keyword] ?? message.default;
}

/** The field messages of ajv's errors, as server/plugins/errors.ts validationFields makes them. */
function fieldsOf(errors: ErrorObject[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let schema = e.parentSchema as Schema | undefined;
    const missing = e.keyword === 'required' ? e.params.missingProperty : undefined;
    if (typeof missing === 'string') {
      field = [field, missing].filter(Boolean).join('.');
      schema = (schema?.properties as Record<string, Schema> | undefined)?.[missing];
    }
    if (!field) {
      fields.body = BODY_NOT_OBJECT;
      continue;
    }
    if (e.keyword === 'x-plain-text') {
      fields[field] = PLAIN_TEXT_MESSAGE;
      continue;
    }
    if (e.keyword === 'x-one-line') {
      if (fields[field] !== PLAIN_TEXT_MESSAGE) fields[field] = ONE_LINE_MESSAGE;
      continue;
    }
    fields[field] ??=
      messageFor(schema?.['x-message'] as FieldMessage, e.keyword) ?? `${field} is invalid.`;
  }
  return fields;
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The field messages of what is wrong with a call of the operation `method path` (as the
 * contract spells it), checked as the server does: the path parameters, then the JSON body, then
 * the query; null when it is valid.
 */
export async function invalidFields(
  method: string,
  path: string,
  request: Request,
  params: Record<string, unknown>,
): Promise<Record<string, string> | null> {
  const v = validatorsOf(method, path);
  const parts: [ValidateFunction | undefined, () => Promise<unknown>][] = [
    [v.params, async () => ({ ...params })],
    [v.body, () => bodyOf(request)],
    [v.query, async () => Object.fromEntries(new URL(request.url).searchParams)],
  ];
  for (const [validate, value] of parts) {
    if (validate && !validate(await value())) return fieldsOf(validate.errors ?? []);
  }
  return null;
}

/** Whether the operation needs a session (a 401 before anything else is looked at). */
export function needsSession(method: string, path: string): boolean {
  return (paths[path]?.[method]?.security?.length ?? 0) > 0;
}

/**
 * Whether the operation is for administrators only (`x-role: admin` in the contract: the
 * server's `config: { role: 'admin' }`, a 403 right after the session check, before validation).
 */
export function adminsOnly(method: string, path: string): boolean {
  return paths[path]?.[method]?.['x-role'] === 'admin';
}

/**
 * Whether a session that must set up two-step sign-in first may call it (`x-two-step-setup:
 * allowed`: the server's `config: { duringTwoStepSetup: true }`); every other call is 403.
 */
export function allowedDuringTwoStepSetup(method: string, path: string): boolean {
  return paths[path]?.[method]?.['x-two-step-setup'] === 'allowed';
}
