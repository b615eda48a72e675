// The one error policy: every failure answers `{ statusCode, error, message, fields? }`.
// 4xx say what is wrong; 5xx say nothing internal (the stack goes to the log only).
import { STATUS_CODES } from 'node:http';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { fill, requestLanguage, translate } from '../lib/i18n.js';
import { ONE_LINE_KEYWORD, ONE_LINE_MESSAGE } from '../lib/one-line.js';
import { PLAIN_TEXT_KEYWORD, PLAIN_TEXT_MESSAGE } from '../lib/plain-text.js';
import {
  DB_RETRY_AFTER_SECONDS,
  DB_UNAVAILABLE_MESSAGE,
  DatabaseDownError,
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
      fields.body = BODY_NOT_OBJECT;
      continue;
    }
    if (e.keyword === PLAIN_TEXT_KEYWORD) {
      fields[field] = PLAIN_TEXT_MESSAGE; // says more than the field's usual message would
      continue;
    }
    if (e.keyword === ONE_LINE_KEYWORD) {
      // Like the plain-text message, it says more than the field's usual one; U+0000 breaks both
      // rules, and the plain-text message names it.
      if (fields[field] !== PLAIN_TEXT_MESSAGE) fields[field] = ONE_LINE_MESSAGE;
      continue;
    }
    fields[field] ??=
      messageFor(schema?.[FIELD_MESSAGE_KEYWORD], e.keyword) ??
      fill('{{field}} is invalid.', { field });
  }
  return fields;
}

export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

/** Messages for Fastify's own 4xx errors, in plain words. */
export const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_BAD_URL: 'The address contains characters that are not allowed.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_FILES_LIMIT: 'The upload has too many parts.',
  FST_FIELDS_LIMIT: 'The upload has too many parts.',
  FST_PROTO_VIOLATION: 'A field name is not allowed.',
  FST_MP_PREMATURE_CLOSE: 'The upload ended before it was complete.',
};
/** Any other refused request: its own message would be English-only framework text. */
export const OTHER_CLIENT_ERROR = 'The request cannot be processed.';

/**
 * Fastify's `frameworkErrors` option: a URL it cannot route (bad encoding, a parameter too long)
 * never reaches a route, its hooks or the error handler, so it is answered and translated here.
 */
export function answerFrameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  const message = (err.code && FRAMEWORK_MESSAGES[err.code]) || OTHER_CLIENT_ERROR;
  void reply.code(status).send(errorBody(status, translate(requestLanguage(request), message)));
}

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
      // While the health monitor knows it is down, it has logged that once; no line per call.
      const level = err instanceof DatabaseDownError ? 'debug' : 'warn';
      request.log[level]({ err: { message: err.message } }, 'database unavailable');
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody(503, DB_UNAVAILABLE_MESSAGE));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && FRAMEWORK_MESSAGES[err.code]) || OTHER_CLIENT_ERROR;
      if (message === OTHER_CLIENT_ERROR) request.log.info({ err }, 'request refused');
      return reply.code(status).send(errorBody(status, message));
    }
    request.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send(errorBody(500, 'Something went wrong on our side. Please try again.'));
  });
}
