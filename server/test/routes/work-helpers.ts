// Shared by the attachment, thread and agent-action tests: people, records, multipart bodies and
// reading the (background) record mails back from the outbox.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { auth, createUser, decodeQuotedPrintable, tokenFor, type TestEnv } from '../helpers.js';

export interface Person {
  id: number;
  email: string;
  token: string;
}

export async function person(env: TestEnv, fullname: string, hde = false): Promise<Person> {
  const u = await createUser(env, { fullname, hde });
  return { id: u.id, email: u.email, token: await tokenFor(env, u.email, u.password) };
}

export function caller(env: TestEnv) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) => env.app.inject({ method, url, headers: token ? auth(token) : {}, payload });
}

export async function newTicket(env: TestEnv, token: string, extra: object = {}) {
  const res = await caller(env)('POST', '/api/ticket/', token, {
    subject: 'Printer on fire',
    description: '<p>Smoke everywhere.</p>',
    priority_id: 2,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; version: number; [k: string]: unknown };
}

export async function newContent(env: TestEnv, token: string, extra: object = {}) {
  const res = await caller(env)('POST', '/api/content/', token, {
    title: 'Resetting a printer',
    body: '<p>Turn it off.</p>',
    content_type_id: 1,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; version: number; [k: string]: unknown };
}

export async function share(env: TestEnv, recordId: number, userId: number): Promise<void> {
  await env.db.query('INSERT INTO record_shares (record_id, user_id) VALUES ($1, $2)', [
    recordId,
    userId,
  ]);
}

/** A multipart/form-data body with one file. */
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

/** Every mail in the outbox addressed to `to`, decoded, oldest first. */
export function mailsTo(env: TestEnv, to: string): string[] {
  if (!fs.existsSync(env.outboxDir)) return [];
  return fs
    .readdirSync(env.outboxDir)
    .filter((f) => f.endsWith('.eml') && f.includes(to.toLowerCase()))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(env.outboxDir, f), 'utf8')));
}

/** Waits (mails go out in the background) until `check` passes. */
export async function eventually(check: () => unknown | Promise<unknown>): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 100; i++) {
    try {
      await check();
      return;
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw last;
}

/** Lets background mail work settle, for asserting that no mail went out. */
export const settle = () => new Promise((r) => setTimeout(r, 300));
