import { HttpResponse } from 'msw';
import type { Attachment } from '../features/attachments/types';
import { db, logEvent } from './db';
import { authed, fail, http, ok } from './http';
import { findRecord, NOT_FOUND, workAccess } from './work-access';
import type { MockUser } from './work-access';
import type { MockAttachment } from './work-data';

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** A png, jpeg, gif or webp by its first bytes, as the server sniffs them; else null. */
function rasterTypeOf(bytes: Uint8Array): string | null {
  const at = (offset: number, signature: number[]) =>
    signature.every((b, i) => bytes[offset + i] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

function publicAttachment(row: MockAttachment): Attachment {
  const { record_id: _record, object_type: _type, content: _content, ...rest } = row;
  return rest;
}

const typeOf = (value: unknown) => (value === 'T' || value === 'C' ? value : null);

/** Attachments (docs/api-working.md): upload, list, download, delete. */
export function attachmentHandlers() {
  const fileOf = (user: MockUser, id: unknown) => {
    const row = db.work.attachments.find((a) => a.id === Number(id));
    if (!row) return null;
    return workAccess(user, findRecord(row.object_type, row.record_id)) ? row : null;
  };

  return [
    http.get(
      '/api/attachment/file/{id}',

      authed((user, { params, request, response }) => {
        const row = fileOf(user, params.id);
        if (!row) return fail(404, 'Not Found', NOT_FOUND);
        const inline = new URL(request.url).searchParams.get('inline') === '1';
        // As the server: only an image its bytes prove is served as one; the rest as bytes.
        const disposition = inline && row.is_image ? 'inline' : 'attachment';
        // The file itself, not JSON: outside what the contract's types describe.
        return response.untyped(
          new HttpResponse(row.content, {
            headers: {
              'Content-Type': row.is_image ? row.content_type : 'application/octet-stream',
              'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
              'X-Content-Type-Options': 'nosniff',
            },
          }),
        );
      }),
    ),

    http.delete(
      '/api/attachment/file/{id}',

      authed((user, { params }) => {
        const row = fileOf(user, params.id);
        if (!row) return fail(404, 'Not Found', NOT_FOUND);
        if (!user.user_is_hde && row.uploaded_by_id !== user.id) {
          return fail(403, 'Forbidden', 'Only the uploader or an agent may delete this file.');
        }
        db.work.attachments = db.work.attachments.filter((a) => a.id !== row.id);
        logEvent(row.record_id, user.id, 'attachment_deleted', { file_name: row.file_name });
        return ok({ id: row.id });
      }),
    ),

    http.get(
      '/api/attachment/{type}/{id}',

      authed((user, { params }) => {
        const type = typeOf(params.type);
        if (!type) return fail(404, 'Not Found', NOT_FOUND);
        const id = Number(params.id);
        if (!workAccess(user, findRecord(type, id))) return fail(404, 'Not Found', NOT_FOUND);
        const rows = db.work.attachments
          .filter((a) => a.object_type === type && a.record_id === id)
          .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
        return ok(rows.map(publicAttachment));
      }),
    ),

    http.post(
      '/api/attachment/{type}/{id}',

      authed(async (user, { params, request }) => {
        const type = typeOf(params.type);
        const id = Number(params.id);
        if (!type || !workAccess(user, findRecord(type, id))) {
          return fail(404, 'Not Found', NOT_FOUND);
        }
        let file: FormDataEntryValue | null = null;
        try {
          file = (await request.formData()).get('files');
        } catch {
          file = null;
        }
        if (!file || typeof file === 'string') {
          return fail(400, 'Bad Request', 'Choose a file to upload.', {
            files: 'Choose a file to upload.',
          });
        }
        const { maxMb } = db.work;
        if (file.size > maxMb * 1024 * 1024) {
          return fail(
            413,
            'Payload Too Large',
            `${file.name} is larger than the ${maxMb} MB limit.`,
          );
        }
        const declared = file.type || 'application/octet-stream';
        const content = await file.arrayBuffer();
        const detected = rasterTypeOf(new Uint8Array(content.slice(0, 12)));
        const contentType =
          detected ?? (IMAGES.includes(declared) ? 'application/octet-stream' : declared);
        const row: MockAttachment = {
          id: db.work.nextId++,
          record_id: id,
          object_type: type,
          file_name: file.name,
          content_type: contentType,
          size: file.size,
          is_image: detected !== null,
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
