import { HttpResponse } from 'msw';
import type { Attachment } from '../features/attachments/types';
import { db, logEvent } from './db';
import { authed, fail, http, ok } from './http';
import { findRecord, NOT_FOUND, workAccess } from './work-access';
import type { MockUser } from './work-access';
import type { MockAttachment } from './work-data';

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

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
        const disposition = inline && IMAGES.includes(row.content_type) ? 'inline' : 'attachment';
        // The file itself, not JSON: outside what the contract's types describe.
        return response.untyped(
          new HttpResponse(row.content, {
            headers: {
              'Content-Type': row.content_type,
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
        const contentType = file.type || 'application/octet-stream';
        const row: MockAttachment = {
          id: db.work.nextId++,
          record_id: id,
          object_type: type,
          file_name: file.name,
          content_type: contentType,
          size: file.size,
          is_image: IMAGES.includes(contentType),
          uploaded_by_id: user.id,
          uploaded_by_name: user.fullname,
          created_at: new Date().toISOString(),
          content: await file.arrayBuffer(),
        };
        db.work.attachments.push(row);
        logEvent(row.record_id, user.id, 'attachment_added', { file_name: row.file_name });
        return ok(publicAttachment(row));
      }),
    ),
  ];
}
