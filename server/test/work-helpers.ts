// Shared by the tests of the calls on a record (sharing, classification, relations, history,
// the access matrix): people, a call helper and records to work on.
import { expect } from 'vitest';
import { auth, createUser, tokenFor, type TestEnv } from './helpers.js';

export interface Person {
  id: number;
  token: string;
  fullname: string;
  email: string;
}

export async function person(
  env: TestEnv,
  fullname: string,
  hde = false,
  admin = false,
): Promise<Person> {
  const u = await createUser(env, { fullname, hde, admin });
  return { id: u.id, token: await tokenFor(env, u.email, u.password), fullname, email: u.email };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(env: TestEnv) {
  return (method: Method, url: string, token?: string, payload?: object) =>
    env.app.inject({ method, url, headers: token ? auth(token) : {}, payload });
}

export const ticketInput = {
  subject: 'VPN drops every hour',
  description: '<p>Since Monday the VPN drops.</p>',
  priority_id: 2,
  is_draft: false,
};
export const contentInput = {
  title: 'How to reset your VPN token',
  body: '<p>Open the portal.</p>',
  content_type_id: 1,
  is_draft: false,
};

export async function newRecord(
  env: TestEnv,
  kind: 'ticket' | 'content',
  token: string,
  extra: object = {},
): Promise<{ id: number; version: number; subject?: string; title?: string }> {
  const input = kind === 'ticket' ? ticketInput : contentInput;
  const res = await caller(env)('POST', `/api/${kind}/`, token, { ...input, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Shares a record directly in the database (the sharing tests exercise the call itself). */
export async function share(env: TestEnv, recordId: number, userId: number): Promise<void> {
  await env.db.query('INSERT INTO record_shares (record_id, user_id) VALUES ($1, $2)', [
    recordId,
    userId,
  ]);
}

/** Makes a content item searchable (published) directly in the database. */
export async function makeSearchable(env: TestEnv, recordId: number): Promise<void> {
  await env.db.query('UPDATE records SET searchable = true, status_id = 7 WHERE id = $1', [
    recordId,
  ]);
}

export const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
export const READ_ONLY = 'You can read this record but not change it.';

/** A multipart/form-data body with one file (attachments). */
export function multipart(
  field: string,
  fileName: string,
  type: string,
  content: Buffer | string,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----helpdesk${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
