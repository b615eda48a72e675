// The committed contract is the API the server serves: docs/openapi.json equals the document at
// /api/docs/json, and src/api/schema.d.ts is what openapi-typescript makes of that file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, SPA_TYPES_FILE, openapiText, spaTypesText } from '../openapi.js';
import { startTestEnv, type TestEnv } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const RUN = 'run `npm run openapi` and commit the files it writes';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env.close();
});

describe('the API contract', () => {
  it(`${OPENAPI_FILE} is the document the server serves`, async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const served = openapiText(res.json());
    const committed = read(OPENAPI_FILE);
    // Compared as objects first: a failure then lists the paths and fields that differ.
    expect(
      JSON.parse(committed),
      `${OPENAPI_FILE} differs from the API the server serves: ${RUN}.`,
    ).toEqual(JSON.parse(served));
    expect(committed, `${OPENAPI_FILE} is not in its generated form: ${RUN}.`).toBe(served);
  });

  it(`${SPA_TYPES_FILE} is generated from ${OPENAPI_FILE}`, async () => {
    const expected = await spaTypesText(read(OPENAPI_FILE));
    expect(
      read(SPA_TYPES_FILE),
      `${SPA_TYPES_FILE} is not what openapi-typescript makes of ${OPENAPI_FILE}: ${RUN}.`,
    ).toBe(expected);
  });
});
