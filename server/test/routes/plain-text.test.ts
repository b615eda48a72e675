// The one plain-text rule (lib/plain-text.ts): U+0000 and unpaired surrogates in any text a
// client sends (body, query string, path) answer 400 with a field message, never a 500.
// These are the operations that answered 500 before the rule existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_TEXT_MESSAGE } from '../../lib/plain-text.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newRecord, person, type Method, type Person } from '../work-helpers.js';

let env: TestEnv;
let agent: Person;
let ticketId: number;

beforeAll(async () => {
  env = await startTestEnv();
  agent = await person(env, 'Plain Agent', true, true);
  ticketId = (await newRecord(env, 'ticket', agent.token)).id;
});

afterAll(async () => {
  await env?.close();
});

const NUL = 'before\u0000after';
const LONE_SURROGATE = 'broken \uD83D text';

type Case = [
  label: string,
  method: Method,
  url: () => string,
  body: object | undefined,
  field: string,
];

const cases: Case[] = [
  [
    'register',
    'POST',
    () => '/api/register/',
    { fullname: NUL, email: 'nul@example.com', password: 'long enough pw' },
    'fullname',
  ],
  ['PUT user/me', 'PUT', () => '/api/user/me', { fullname: NUL }, 'fullname'],
  [
    'search content my',
    'POST',
    () => '/api/search/content/my',
    { filters: { text: NUL } },
    'filters.text',
  ],
  [
    'search content hd',
    'POST',
    () => '/api/search/content/hd',
    { filters: { text: NUL } },
    'filters.text',
  ],
  [
    'search ticket by-subject',
    'POST',
    () => '/api/search/ticket/by-subject',
    { text: NUL },
    'text',
  ],
  ['search content by-title', 'POST', () => '/api/search/content/by-title', { text: NUL }, 'text'],
  ['user search by id (path)', 'GET', () => '/api/search/user/by-id/a%00b', undefined, 'text'],
  [
    'classification by-name (path)',
    'GET',
    () => '/api/classification/by-name/a%00b',
    undefined,
    'name',
  ],
  [
    'communication',
    'POST',
    () => `/api/ticket/${ticketId}/communication/`,
    { body: `<p>${NUL}</p>` },
    'body',
  ],
];

describe('U+0000 in text', () => {
  it.each(cases)(
    '%s answers 400 with a field message',
    async (_label, method, url, body, field) => {
      const res = await caller(env)(method, url(), agent.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        fields: { [field]: PLAIN_TEXT_MESSAGE },
      });
    },
  );
});

describe('other broken text', () => {
  it('refuses an unpaired surrogate in a body', async () => {
    const res = await caller(env)('POST', '/api/search/ticket/by-subject', agent.token, {
      text: LONE_SURROGATE,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ text: PLAIN_TEXT_MESSAGE });
  });

  it('refuses U+0000 in a query string', async () => {
    const res = await caller(env)(
      'GET',
      '/api/charts/?from=2026-01-01%00&to=2026-01-02',
      agent.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ from: PLAIN_TEXT_MESSAGE });
  });

  it('still takes emoji, accents and other well-formed Unicode', async () => {
    const res = await caller(env)('POST', '/api/search/ticket/by-subject', agent.token, {
      text: 'Café 👩‍👩‍👧 e\u0301',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a string over its maxLength with the field message', async () => {
    const res = await caller(env)('PUT', '/api/user/me', agent.token, {
      fullname: 'x'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.fullname).toMatch(/100 characters/);
  });
});
