// Attachments of a record: upload (multipart, one file per call, streamed into the blob store
// while its bytes are counted), list, download (streamed back) and delete. Contract:
// docs/api-working.md "Attachments".
// Multipart is registered only for these routes, with its own size limit (ATTACHMENT_MAX_MB),
// so the global JSON bodyLimit never applies to uploads.
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { fill } from '../../lib/i18n.js';
import { isOneLine, oneLine } from '../../lib/one-line.js';
import { M, authenticated, errors, idParams, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { recordEvent } from '../records/history.js';
import { requireAccess } from '../records/record-access.js';
import { NOT_FOUND } from '../records/routes.js';
import { attachmentMaxBytes, removeStoredFiles, withAttachments } from './attach.js';
import * as sql from './sql.js';
import {
  cleanFileName,
  contentDisposition,
  isInlineImage,
  reportedContentType,
  servedAs,
} from './storage.js';

export const FILE_REQUIRED = 'Choose a file.';
export const FILE_NAME_NOT_ONE_LINE =
  'The file name must be one line: line breaks, tabs and control characters are not allowed.';
export const DELETE_FORBIDDEN = 'Only the uploader or a helpdesk agent can delete this file.';
export const tooLarge = (file: string, mb: number) =>
  fill('{{file}} is larger than the {{mb}} MB limit.', { file, mb });

const attachmentSchema = {
  $id: 'Attachment',
  type: 'object',
  required: [
    'id',
    'file_name',
    'content_type',
    'size',
    'is_image',
    'uploaded_by_id',
    'uploaded_by_name',
    'created_at',
  ],
  properties: {
    id: { type: 'integer' },
    file_name: { type: 'string' },
    content_type: { type: 'string' },
    size: { type: 'integer' },
    is_image: { type: 'boolean' },
    uploaded_by_id: { type: ['integer', 'null'] },
    uploaded_by_name: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const recordParams = {
  type: 'object',
  required: ['type', 'id'],
  properties: {
    type: { type: 'string', enum: ['T', 'C'], [M]: 'object_type must be T or C.' },
    id: idParams.properties.id,
  },
} as const;

/**
 * The upload's body, for the OpenAPI document only: the handler reads the multipart stream
 * itself, so Fastify must not validate a body. The file's name is one line (the handler checks).
 */
const uploadBody = {
  type: 'object',
  required: ['files'],
  properties: {
    files: {
      type: 'string',
      format: 'binary',
      ...oneLine,
      description:
        "The file. Its name (the part's filename) is one line: a name with a line break, a tab " +
        'or another control character answers 400.',
    },
  },
} as const;

export function toApi(row: sql.AttachmentRow) {
  return {
    id: Number(row.id),
    file_name: row.file_name,
    content_type: reportedContentType(row.content_type, row.detected_type),
    size: Number(row.size),
    is_image: isInlineImage(row.detected_type),
    uploaded_by_id: row.uploaded_by_id === null ? null : Number(row.uploaded_by_id),
    uploaded_by_name: row.uploaded_by_name,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Streams a stored file. The reply is Fastify's plain one: the route's schema documents the body
 * as an OpenAPI binary string, which types it as `string`, but the bytes go out as a stream.
 */
const sendFile = (reply: FastifyReply, file: Readable, headers: Record<string, string>) =>
  reply.headers(headers).send(file);

async function routes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const maxMb = ctx.config.attachmentMaxMb;
  const app = routesWith(scope, attachmentSchema);
  await app.register(multipart, {
    // Busboy cuts a file one byte past the limit, so the store sees that it is too large and
    // keeps nothing; we answer 413 (no error thrown mid-stream).
    limits: { fileSize: attachmentMaxBytes(ctx) + 1, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: false,
  });
  const tags = ['attachments'];

  app.post(
    '/attachment/:type/:id',
    {
      config: {
        swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: uploadBody }, url }),
      },
      schema: {
        tags,
        summary: `Attach a file to a record (multipart, one file in field \`files\`; at most ${maxMb} MB)`,
        security: authenticated,
        consumes: ['multipart/form-data'],
        params: recordParams,
        response: { 200: ok(ref(attachmentSchema)), ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const r = await requireAccess(
        ctx.db,
        user,
        'take_part',
        request.params.id,
        request.params.type,
      );
      if (!request.isMultipart()) {
        throw new HttpError(400, 'Validation failed', { files: FILE_REQUIRED });
      }
      const part = await request.file();
      if (!part || part.fieldname !== 'files') {
        part?.file.resume();
        throw new HttpError(400, 'Validation failed', { files: FILE_REQUIRED });
      }
      if (!isOneLine(part.filename)) {
        part.file.resume();
        throw new HttpError(400, 'Validation failed', { files: FILE_NAME_NOT_ONE_LINE });
      }
      const row = await withAttachments(
        ctx,
        (_tx, attach) =>
          attach({
            recordId: Number(r.id),
            fileName: part.filename,
            contentType: part.mimetype,
            uploadedBy: user.id,
            source: part.file,
          }),
        requestActor(request),
      );
      if (!row) throw new HttpError(413, tooLarge(cleanFileName(part.filename), maxMb));
      return success(toApi(row));
    },
  );

  app.get(
    '/attachment/:type/:id',
    {
      schema: {
        tags,
        summary: "A record's attachments, oldest first",
        security: authenticated,
        params: recordParams,
        response: {
          200: ok({ type: 'array', items: ref(attachmentSchema) }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const r = await requireAccess(ctx.db, user, 'read', request.params.id, request.params.type);
      const rows = await sql.listAttachments(ctx.db, Number(r.id));
      return success(rows.map(toApi));
    },
  );

  app.get(
    '/attachment/file/:id',
    {
      schema: {
        tags,
        summary:
          'Download a file (`?inline=1` shows a png, jpeg, gif or webp image inline, for thumbnails; ' +
          'the bytes, not the declared type, decide: anything else is application/octet-stream)',
        security: authenticated,
        params: idParams,
        querystring: {
          type: 'object',
          properties: { inline: { type: 'integer', enum: [0, 1], [M]: 'inline must be 1 or 0.' } },
        },
        response: {
          200: {
            description:
              'The file: a png, jpeg, gif or webp (by its bytes) in its own type, anything else as application/octet-stream',
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const a = await sql.findAttachment(ctx.db, currentUser(request), request.params.id);
      if (!a) throw new HttpError(404, NOT_FOUND);
      const file = await ctx.blobs.get(a.stored_name);
      if (!file) throw new HttpError(404, NOT_FOUND);
      // The sniffed type decides; a file stored before sniffing has none and is a download.
      const served = servedAs(a.detected_type, request.query.inline === 1);
      return sendFile(reply, file, {
        'content-type': served.contentType,
        'content-length': a.size,
        'content-disposition': contentDisposition(served.disposition, a.file_name),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  );

  app.delete(
    '/attachment/file/:id',
    {
      schema: {
        tags,
        summary: 'Delete a file (the uploader or a helpdesk agent)',
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const a = await sql.findAttachment(ctx.db, user, request.params.id);
      if (!a) throw new HttpError(404, NOT_FOUND);
      if (!user.user_is_hde && Number(a.uploaded_by_id) !== user.id) {
        throw new HttpError(403, DELETE_FORBIDDEN);
      }
      const gone = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        if (!(await sql.deleteAttachment(tx, Number(a.id)))) return false;
        await recordEvent(tx, {
          recordId: Number(a.record_id),
          actorId: user.id,
          action: 'attachment_deleted',
          details: { file_name: a.file_name },
        });
        return true;
      });
      if (!gone) throw new HttpError(404, NOT_FOUND);
      await removeStoredFiles(ctx, [a.stored_name], request.log);
      return success({ id: Number(a.id) });
    },
  );
}

export function attachmentRoutes(server: FastifyInstance, ctx: AppContext): void {
  // Its own encapsulated scope: the multipart parser and limits apply to these routes only.
  void server.register(async (scope) => routes(scope, ctx));
}
