// Attachments (docs/api-working.md): upload, list, download, delete, as server/routes/attachments
// answers them: a file's type is what its bytes are (file-type, as the server sniffs them).
import { fileTypeFromBuffer } from 'file-type/core';
import { HttpResponse } from 'msw';
import type { Attachment } from '../features/attachments/types';
import { nameOf, NOT_FOUND, readable, refused, requireAccess } from './access';
import { db, logEvent } from './db';
import { authed, fail, http, ok, type MockUser } from './http';
import type { MockAttachment } from './work-data';

/** The raster images a browser may show inline, when the bytes are one (never SVG). */
const INLINE_IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const FILE_REQUIRED = 'Choose a file.';

async function detectType(bytes: ArrayBuffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(new Uint8Array(bytes.slice(0, 4100)));
  if (!found) return null;
  return found.mime === 'image/apng' ? 'image/png' : found.mime;
}

function publicAttachment(row: MockAttachment): Attachment {
  const { record_id: _record, object_type: _type, content: _content, ...rest } = row;
  return { ...rest, uploaded_by_name: nameOf(row.uploaded_by_id) };
}

/** RFC 6266 / 8187: an ASCII fallback and the exact UTF-8 name (as the server sends it). */
function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** An attachment of a record the caller may read. */
const fileOf = (user: MockUser, id: number) => {
  const row = db.work.attachments.find((a) => a.id === id);
  return row && readable(user, row.record_id) ? row : undefined;
};

export function attachmentHandlers() {
  return [
    http.get(
      '/api/attachment/file/{id}',
      authed((user, { params, request, response }) => {
        const row = fileOf(user, Number(params.id));
        if (!row) return fail(404, 'Not Found', NOT_FOUND);
        const inline = new URL(request.url).searchParams.get('inline') === '1';
        // Only an image its bytes prove is served as one; the rest as bytes to save.
        const image = row.is_image;
        const disposition = image && inline ? 'inline' : 'attachment';
        // The file itself, not JSON: outside what the contract's types describe.
        return response.untyped(
          new HttpResponse(row.content, {
            headers: {
              'Content-Type': image ? row.content_type : 'application/octet-stream',
              'Content-Disposition': contentDisposition(disposition, row.file_name),
              'X-Content-Type-Options': 'nosniff',
            },
          }),
        );
      }),
    ),

    http.delete(
      '/api/attachment/file/{id}',
      authed((user, { params }) => {
        const row = fileOf(user, Number(params.id));
        if (!row) return fail(404, 'Not Found', NOT_FOUND);
        if (!user.user_is_hde && row.uploaded_by_id !== user.id) {
          return fail(
            403,
            'Forbidden',
            'Only the uploader or a helpdesk agent can delete this file.',
          );
        }
        db.work.attachments = db.work.attachments.filter((a) => a.id !== row.id);
        logEvent(row.record_id, user.id, 'attachment_deleted', { file_name: row.file_name });
        return ok({ id: row.id });
      }),
    ),

    http.get(
      '/api/attachment/{type}/{id}',
      authed((user, { params }) => {
        const record = requireAccess(
          user,
          'read',
          Number(params.id),
          params.type === 'C' ? 'C' : 'T',
        );
        if (refused(record)) return record;
        const rows = db.work.attachments
          .filter((a) => a.record_id === record.id)
          .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
        return ok(rows.map(publicAttachment));
      }),
    ),

    http.post(
      '/api/attachment/{type}/{id}',
      authed(async (user, { params, request }) => {
        const type = params.type === 'C' ? 'C' : 'T';
        const record = requireAccess(user, 'take_part', Number(params.id), type);
        if (refused(record)) return record;
        let file: FormDataEntryValue | null = null;
        try {
          file = (await request.formData()).get('files');
        } catch {
          file = null;
        }
        if (!file || typeof file === 'string') {
          return fail(400, 'Bad Request', 'Validation failed', { files: FILE_REQUIRED });
        }
        const { maxMb } = db.work;
        if (file.size > maxMb * 1024 * 1024) {
          return fail(
            413,
            'Payload Too Large',
            `${file.name} is larger than the ${maxMb} MB limit.`,
          );
        }
        const content = await file.arrayBuffer();
        const detected = await detectType(content);
        const declared = (file.type || 'application/octet-stream').split(';')[0].toLowerCase();
        const row: MockAttachment = {
          id: db.work.nextId++,
          record_id: record.id,
          object_type: type,
          file_name: file.name,
          // What the bytes show; else what was declared, unless it claims an image they are not.
          content_type:
            detected ?? (INLINE_IMAGES.includes(declared) ? 'application/octet-stream' : declared),
          size: file.size,
          is_image: detected !== null && INLINE_IMAGES.includes(detected),
          uploaded_by_id: user.id,
          uploaded_by_name: user.fullname,
          created_at: new Date().toISOString(),
          content,
        };
        db.work.attachments.push(row);
        logEvent(row.record_id, user.id, 'attachment_added', { file_name: row.file_name });
        return ok(publicAttachment(row));
      }),
    ),
  ];
}
