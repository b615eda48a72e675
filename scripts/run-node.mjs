// `npm run serve`, `npm run worker`, `npm run bench`: runs a TypeScript entry through tsx with the
// product's Node flags. scripts/node-flags.json is the one place they are set: `npm start`
// (start.mjs) runs the server through runWithFlags too, and the bench's server processes read the
// same file (bench/server-process.ts). What the flags are for: docs/operations.md, "Node flags".
// Ctrl-C / SIGTERM are passed on; this exits with the child's exit code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The product's Node flags (scripts/node-flags.json). */
export const NODE_FLAGS = JSON.parse(
  fs.readFileSync(path.join(root, 'scripts/node-flags.json'), 'utf8'),
);

/** Runs `script` (a path from the project's root) with the flags and tsx; exits as it exits. */
export function runWithFlags(script, args = []) {
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, '--import', 'tsx', path.resolve(root, script), ...args],
    { cwd: root, stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) {
    // In a terminal, Ctrl-C reaches the child directly too; the server acts on the first only.
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    console.error('usage: node scripts/run-node.mjs <entry.ts> [args...]');
    process.exit(2);
  }
  runWithFlags(script, args);
}
