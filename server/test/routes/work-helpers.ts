// Shared by the attachment, thread and agent-action tests: people, records, multipart bodies and
// reading the (background) record mails back from the outbox.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { decodeQuotedPrintable, drainJobs, type TestEnv } from '../helpers.js';
import { caller } from '../work-helpers.js';

// People, the call helper, sharing and multipart bodies are the record-call helpers'.
export { caller, multipart, person, share, type Person } from '../work-helpers.js';

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

/** Every mail in the outbox addressed to `to`, decoded, oldest first. */
export function mailsTo(env: TestEnv, to: string): string[] {
  if (!fs.existsSync(env.outboxDir)) return [];
  return fs
    .readdirSync(env.outboxDir)
    .filter((f) => f.endsWith('.eml') && f.includes(to.toLowerCase()))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(env.outboxDir, f), 'utf8')));
}

/**
 * Waits (mails go out in the background, by a job worker) until `check` passes: polled every
 * 20 ms, for up to 10 s.
 */
export async function eventually(check: () => unknown | Promise<unknown>): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 500; i++) {
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

/** Lets background mail work finish (the job queue runs dry), for asserting that no mail went out. */
export const settle = (env: TestEnv) => drainJobs(env);
