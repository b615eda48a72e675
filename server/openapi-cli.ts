// `npm run openapi`: builds the app (no database needed: building it runs no query), takes the
// OpenAPI document its route schemas produce and writes docs/openapi.json and the SPA's types
// (src/api/schema.d.ts). Run it after changing any route schema, then commit both files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createPool } from './db/pool.js';
import { OPENAPI_FILE, SPA_TYPES_FILE, openapiText, spaTypesText } from './openapi.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-openapi-'));
// The defaults, not this shell's environment: the document must not depend on who runs it.
const config = { ...loadConfig({}), dataDir: scratch, distDir: path.join(scratch, 'no-dist') };
// Never connected: a pool opens connections on its first query only.
const db = createPool('postgres://openapi@127.0.0.1:1/none');
const app = await buildApp({ config, db, logger: false });
try {
  await app.ready();
  const documentText = openapiText(app.swagger());
  const types = await spaTypesText(documentText);
  fs.writeFileSync(path.join(root, OPENAPI_FILE), documentText);
  fs.mkdirSync(path.dirname(path.join(root, SPA_TYPES_FILE)), { recursive: true });
  fs.writeFileSync(path.join(root, SPA_TYPES_FILE), types);
  const paths = Object.keys((app.swagger() as { paths: object }).paths).length;
  console.log(`Wrote ${OPENAPI_FILE} (${paths} paths) and ${SPA_TYPES_FILE}.`);
} finally {
  await app.close();
  await db.end();
  fs.rmSync(scratch, { recursive: true, force: true });
}
