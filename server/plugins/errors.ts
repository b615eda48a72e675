// The one error policy: every failure answers `{ statusCode, error, message, fields? }`.
// 4xx say what is wrong; 5xx say nothing internal (the stack goes to the log only).
import { STATUS_CODES } from 'node:http';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifySchemaValidationError,
} from 'fastify';
import { HttpError } from '../lib/http-error.js';
import {
  DB_RETRY_AFTER_SECONDS,
  DB_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from './db-unavailable.js';

/**
 * Schema keyword holding the human message for a field, e.g. 'Email must be a valid email
 * address.', or one message per failing ajv keyword with a fallback:
 * `{ maxLength: 'Subject must be at most 200 characters.', default: 'Subject is required.' }`.
 */
export const FIELD_MESSAGE_KEYWORD = 'x-message';

type FieldMessage = string | Record<string, string>;
type SchemaNode = {
  properties?: Record<string, SchemaNode>;
  [FIELD_MESSAGE_KEYWORD]?: FieldMessage;
};

function messageFor(message: FieldMessage | undefined, keyword: string): string | undefined {
  if (typeof message === 'string' || message === undefined) return message;
  return message[keyword] ?? message.default;
}
type VerboseError = FastifySchemaValidationError & { parentSchema?: SchemaNode };

export function errorBody(statusCode: number, message: string, fields?: Record<string, string>) {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(fields ? { fields } : {}),
  };
}

/** Turns ajv errors (compiled with verbose: true, so each carries its schema) into field messages. */
export function validationFields(errors: FastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors as VerboseError[]) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let schema = e.parentSchema;
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') {
      field = [field, e.params.missingProperty].filter(Boolean).join('.');
      schema = e.parentSchema?.properties?.[e.params.missingProperty];
    }
    if (!field) {
      fields.body = 'The request body must be a JSON object.';
      continue;
    }
    fields[field] ??=
      messageFor(schema?.[FIELD_MESSAGE_KEYWORD], e.keyword) ?? `${field} is invalid.`;
  }
  return fields;
}

/** Messages for Fastify's own 4xx errors, in plain words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(
    (errors) => new HttpError(400, 'Validation failed', validationFields(errors)),
  );

  app.setErrorHandler((err: FastifyError | HttpError, request, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send({ ...err.extra, ...errorBody(err.statusCode, err.message, err.fields) });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message } }, 'database unavailable');
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody(503, DB_UNAVAILABLE_MESSAGE));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && FRAMEWORK_MESSAGES[err.code]) ?? err.message;
      return reply.code(status).send(errorBody(status, message));
    }
    request.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send(errorBody(500, 'Something went wrong on our side. Please try again.'));
  });
}
