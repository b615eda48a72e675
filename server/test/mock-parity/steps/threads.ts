// A record's threads (replies, notes, forwards, the work log, the mail log) and its files.
import {
  at,
  list,
  num,
  ref,
  type Json,
  type Refs,
  type Scenario,
  type Side,
  type Upload,
} from '../harness.js';
import { attachment, message } from '../values.js';

/** A 1×1 PNG: an image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (fileName: string, type: string, content: Buffer): Upload => ({
  field: 'files',
  fileName,
  type,
  content,
});

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

const messages = (d: Json, r: Parameters<typeof message>[1]) => list(d).map((m) => message(m, r));

export async function threads(s: Scenario): Promise<void> {
  await s.step({
    op: 'GET /api/communication-actions/',
    as: 'alice',
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/communication-actions/',
    as: 'agent',
    status: 200,
    values: (d) => d,
  });
  for (const who of ['alice', 'bob', 'agent']) {
    await s.step({
      op: 'GET /api/communication-from/',
      as: who,
      query: { record_id: ref('ticket:printer') },
      status: 200,
      values: (d) => d,
      note: who,
    });
  }
  await s.step({
    op: 'GET /api/communication-from/',
    as: 'bob',
    query: { record_id: ref('ticket:draft') },
    status: 404,
    note: 'not his',
  });
  await s.step({
    op: 'GET /api/communication-from/',
    as: 'bob',
    query: { record_id: 'x' },
    status: 400,
    note: 'not an id',
  });

  // The public thread: the requester, the person it is shared with, the agent as the desk.
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>Any news?</p><img src=x onerror=alert(1)>' },
    status: 200,
    values: message,
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>Same here.</p>', action: 'reply', sent_as: 'self' },
    status: 200,
    values: message,
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>A technician is on the way.</p>', sent_as: 'helpdesk' },
    status: 200,
    values: message,
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>Please restart it.</p>', action: 'note' },
    status: 200,
    values: message,
    note: 'a note',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>For the vendor.</p>', action: 'forward', forward_to: 'vendor@example.net' },
    status: 200,
    values: message,
    note: 'a forward',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>For the vendor.</p>', action: 'forward' },
    status: 400,
    note: 'a forward to nobody',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>Psst.</p>', action: 'note' },
    status: 403,
    note: 'a requester’s note',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { body: '<p><br></p>' },
    status: 400,
    note: 'nothing written',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'bob',
    params: { id: ref('ticket:draft') },
    body: { body: '<p>Hello?</p>' },
    status: 404,
    note: 'not his',
  });
  for (const who of ['alice', 'bob']) {
    await s.step({
      op: 'GET /api/ticket/{id}/communication/',
      as: who,
      params: { id: ref('ticket:printer') },
      status: 200,
      values: messages,
      note: who,
    });
  }
  await s.step({
    op: 'POST /api/content/{id}/communication/',
    as: 'bob',
    params: { id: ref('content:guide') },
    body: { body: '<p>Step 3 is unclear.</p>' },
    status: 200,
    values: message,
  });
  await s.step({
    op: 'GET /api/content/{id}/communication/',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 200,
    values: messages,
  });

  // The work log: agents only.
  await s.step({
    op: 'POST /api/ticket/{id}/worklog/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>Replaced the drum.</p>', time_spent_minutes: 45 },
    status: 200,
    values: message,
  });
  await s.step({
    op: 'POST /api/ticket/{id}/worklog/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>Too long.</p>', time_spent_minutes: 20000 },
    status: 400,
    note: 'too much time',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/worklog/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>Mine.</p>' },
    status: 403,
  });
  await s.step({
    op: 'GET /api/ticket/{id}/worklog/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: messages,
  });
  await s.step({
    op: 'GET /api/ticket/{id}/worklog/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    status: 403,
  });
  await s.step({
    op: 'POST /api/content/{id}/worklog/',
    as: 'agent',
    params: { id: ref('content:guide') },
    body: { body: '<p>Checked the screenshots.</p>' },
    status: 200,
    values: message,
  });
  await s.step({
    op: 'GET /api/content/{id}/worklog/',
    as: 'agent',
    params: { id: ref('content:guide') },
    status: 200,
    values: messages,
  });

  // The mails the thread sent: who they went to, what kind, with which subject.
  // Subjects name the record by its id: by its scenario name here.
  const mails = (d: Json, r: Refs) =>
    list(d)
      .map((m) => {
        const subject = String(at(m, 'subject')).replace(/#(\d+)/g, (_, id: string) =>
          r.record(Number(id)),
        );
        return `${String(at(m, 'kind'))} to ${String(at(m, 'to_email'))}: ${subject}`;
      })
      .sort();
  await s.step({
    op: 'GET /api/ticket/{id}/communication-log/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: mails,
  });
  await s.step({
    op: 'GET /api/ticket/{id}/communication-log/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    status: 403,
  });
  await s.step({
    op: 'GET /api/content/{id}/communication-log/',
    as: 'agent',
    params: { id: ref('content:guide') },
    status: 200,
    values: mails,
  });

  // Files: an image, a file that only claims to be one, what is refused.
  await s.step({
    op: 'POST /api/attachment/{type}/{id}',
    as: 'alice',
    params: { type: 'T', id: ref('ticket:printer') },
    upload: upload('screen shot.png', 'image/png', PNG),
    status: 200,
    values: attachment,
    save: keep('file:png'),
  });
  await s.step({
    op: 'POST /api/attachment/{type}/{id}',
    as: 'bob',
    params: { type: 'T', id: ref('ticket:printer') },
    upload: upload('notes.png', 'image/png', Buffer.from('not really an image')),
    status: 200,
    values: attachment,
    save: keep('file:fake'),
    note: 'a text claiming to be an image',
  });
  await s.step({
    op: 'POST /api/attachment/{type}/{id}',
    as: 'agent',
    params: { type: 'C', id: ref('content:guide') },
    upload: upload('steps.txt', 'text/plain', Buffer.from('1. Open the portal\n')),
    status: 200,
    values: attachment,
    save: keep('file:txt'),
  });
  await s.step({
    op: 'POST /api/attachment/{type}/{id}',
    as: 'bob',
    params: { type: 'T', id: ref('ticket:battery') },
    upload: upload('receipt.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj\n')),
    status: 200,
    values: attachment,
    save: keep('file:bob'),
    note: 'a file on a ticket only bob and agents see',
  });
  await s.step({
    op: 'POST /api/attachment/{type}/{id}',
    as: 'bob',
    params: { type: 'T', id: ref('ticket:draft') },
    upload: upload('x.txt', 'text/plain', Buffer.from('x')),
    status: 404,
    note: 'not his',
  });
  await s.step({
    op: 'POST /api/attachment/{type}/{id}',
    as: 'alice',
    params: { type: 'T', id: ref('ticket:printer') },
    upload: { field: 'other', fileName: 'x.txt', type: 'text/plain', content: Buffer.from('x') },
    status: 400,
    note: 'no file in `files`',
  });
  await s.step({
    op: 'POST /api/attachment/{type}/{id}',
    as: 'alice',
    params: { type: 'X', id: ref('ticket:printer') },
    upload: upload('x.txt', 'text/plain', Buffer.from('x')),
    status: 400,
    note: 'not a kind of record',
  });
  for (const who of ['alice', 'agent']) {
    await s.step({
      op: 'GET /api/attachment/{type}/{id}',
      as: who,
      params: { type: 'T', id: ref('ticket:printer') },
      status: 200,
      values: (d, r) => list(d).map((a) => attachment(a, r)),
      note: who,
    });
  }
  await s.step({
    op: 'GET /api/attachment/{type}/{id}',
    as: 'bob',
    params: { type: 'C', id: ref('content:guide') },
    status: 200,
    values: (d, r) => list(d).map((a) => attachment(a, r)),
  });
  await s.step({
    op: 'GET /api/attachment/{type}/{id}',
    as: 'bob',
    params: { type: 'T', id: ref('ticket:draft') },
    status: 404,
    note: 'not his',
  });
  const file = { headers: ['content-type', 'content-disposition', 'x-content-type-options'] };
  await s.step({
    op: 'GET /api/attachment/file/{id}',
    as: 'bob',
    params: { id: ref('file:png') },
    status: 200,
    values: (d) => d,
    ...file,
  });
  await s.step({
    op: 'GET /api/attachment/file/{id}',
    as: 'alice',
    params: { id: ref('file:png') },
    query: { inline: 1 },
    status: 200,
    values: (d) => d,
    note: 'inline',
    ...file,
  });
  await s.step({
    op: 'GET /api/attachment/file/{id}',
    as: 'alice',
    params: { id: ref('file:fake') },
    query: { inline: 1 },
    status: 200,
    values: (d) => d,
    note: 'not an image, inline',
    ...file,
  });
  await s.step({
    op: 'GET /api/attachment/file/{id}',
    as: 'alice',
    params: { id: ref('file:bob') },
    status: 404,
    note: 'a file of a record she may not read',
  });
  await s.step({
    op: 'GET /api/attachment/file/{id}',
    as: 'alice',
    params: { id: ref('file:png') },
    query: { inline: 2 },
    status: 400,
    note: 'inline neither 0 nor 1',
  });
  await s.step({
    op: 'DELETE /api/attachment/file/{id}',
    as: 'bob',
    params: { id: ref('file:png') },
    status: 403,
    note: 'not his upload',
  });
  await s.step({
    op: 'DELETE /api/attachment/file/{id}',
    as: 'bob',
    params: { id: ref('file:fake') },
    status: 200,
    values: (d, r) => r.name('file', at(d, 'id')),
    note: 'his own',
  });
  await s.step({
    op: 'DELETE /api/attachment/file/{id}',
    as: 'bob',
    params: { id: ref('file:fake') },
    status: 404,
    note: 'gone',
  });
}
