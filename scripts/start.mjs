// `npm start`: build the SPA when dist/ is missing or older than its sources, then run the
// server (API + built SPA on one port). Ctrl-C / SIGTERM are passed on to the server, which
// shuts down cleanly; we exit with its exit code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithFlags } from './run-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtMarker = path.join(root, 'dist', 'index.html');
const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => path.join(root, p));

/** Newest modification time of a file or of any file below a folder. */
function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function buildReason() {
  if (!fs.existsSync(builtMarker)) return 'dist/ is missing';
  const builtAt = fs.statSync(builtMarker).mtimeMs;
  const changed = sources.find((p) => newestMtime(p) > builtAt);
  return changed ? `${path.relative(root, changed)} changed since the last build` : undefined;
}

const reason = buildReason();
if (reason) {
  console.log(`Building the web app (${reason}): vite build ...`);
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    console.error(
      '\nThe web app build failed (see the errors above), so Helpdesk was not started.\n' +
        'Fix the build, or run only the API server with: npm run serve\n',
    );
    process.exit(build.status ?? 1);
  }
  console.log('Web app built into dist/.');
} else {
  console.log('The web app in dist/ is up to date.');
}

// The server, with the product's Node flags (scripts/node-flags.json, see run-node.mjs).
runWithFlags('server/server.ts');
