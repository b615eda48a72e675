import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import openapi from '../../docs/openapi.json';

/**
 * The API contract as a checker: does an answer (status and JSON body) match what
 * docs/openapi.json says this operation answers? An object may carry only the properties its
 * schema lists (the server's serializer drops any other, so a mock sending one describes an API
 * that does not exist).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every object schema with `properties` and no say on others: no others. */
function closeObjects(node: Json): Json {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = closeObjects(value);
  if (out.properties && typeof out.properties === 'object' && !('additionalProperties' in out)) {
    out.additionalProperties = false;
  }
  return out;
}

const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema(closeObjects(openapi as unknown as Json) as object, 'openapi');

const pointer = (...tokens: string[]) =>
  tokens.map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

type Operations = Record<string, Record<string, { responses: Record<string, ResponseSpec> }>>;
interface ResponseSpec {
  content?: Record<string, { schema: object }>;
}
const paths = openapi.paths as unknown as Operations;

const validators = new Map<string, ValidateFunction>();

function validatorFor(path: string, method: string, status: string): ValidateFunction {
  const key = `${method} ${path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const ref = `openapi#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`;
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`No schema at ${ref}`);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * What is wrong with an answer of the operation `method path` (as docs/openapi.json spells the
 * path: `/api/ticket/{id}/`), or null when it is one the API gives.
 */
export async function contractProblem(
  method: string,
  path: string,
  response: Response,
): Promise<string | null> {
  const operation = paths[path]?.[method.toLowerCase()];
  const name = `${method.toUpperCase()} ${path}`;
  if (!operation) return `${name} is not an operation of the API`;
  const status = String(response.status);
  const spec = operation.responses[status];
  if (!spec) {
    const documented = Object.keys(operation.responses).join(', ');
    return `${name} answered ${status}; the API answers only ${documented}`;
  }
  if (!spec.content?.['application/json']) return null; // a file, not JSON
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return `${name} answered ${status} with a body that is not JSON`;
  }
  const validate = validatorFor(path, method.toLowerCase(), status);
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${paramsText(e.params)}`)
    .join('; ');
  return `${name} answered ${status} with a body the API does not have: ${errors}`;
}

function paramsText(params: Record<string, unknown>): string {
  if ('additionalProperty' in params) return ` (${String(params.additionalProperty)})`;
  if ('allowedValues' in params) return ` (${JSON.stringify(params.allowedValues)})`;
  return '';
}
