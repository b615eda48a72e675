// The API server the bench calls, run as production runs it: `server/server.ts` in a process of
// its own, with `npm start`'s Node flags, on the bench's database (DATABASE_URL), logging at info
// to a file, without job workers (WORKERS=0, as when `npm run worker` runs them elsewhere). The
// bench's HTTP client then runs on another thread than the calls it times, as a browser or a load
// balancer would, and its own work and garbage are not counted in the server's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  address: string;
  /** Where the server's log ends now: a mark for `timesSince`. */
  logMark: () => number;
  /**
   * The server's own time (ms) for each call to `urlPath` answered since `mark`, in order, from
   * its log's one line per request: from Fastify taking the parsed request to Node reporting the
   * answer written. What a call's HTTP time adds to it is the hop: the client, the loopback and
   * Node's HTTP parsing. A pause of the server's just after the write (a scavenge) counts here
   * and not in the call, so at p95 this can exceed the call's own time. A function instead of a
   * path picks the calls by their URL (path and query), e.g. the help centre's random articles.
   */
  timesSince: (mark: number, urlPath: string | ((url: string) => boolean)) => number[];
  stop: () => Promise<void>;
}

interface LogLine {
  req?: { url?: string };
  responseTime?: number;
}

const RUNNING = /Helpdesk is running at (http:\/\/[^\s]+)/;

/** `npm start`'s Node flags, for the bench's server processes. */
export function nodeFlags(): string[] {
  return JSON.parse(fs.readFileSync('scripts/node-flags.json', 'utf8')) as string[];
}

/** The log's lines written since byte `mark`. */
function linesSince(logFile: string, mark: number): string[] {
  const fd = fs.openSync(logFile, 'r');
  try {
    const text = Buffer.alloc(Math.max(0, fs.fstatSync(fd).size - mark));
    fs.readSync(fd, text, 0, text.length, mark);
    return text.toString('utf8').split('\n');
  } finally {
    fs.closeSync(fd);
  }
}

/** `env`: settings added to the server's environment (e.g. the help centre's rate limit). */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-server-'));
  // BENCH_SERVER_LOG keeps the server's log; by default it is removed with the rest.
  const logFile = process.env.BENCH_SERVER_LOG ?? path.join(dir, 'server.log');
  const out = fs.openSync(logFile, 'w');
  const flags = nodeFlags();
  // BENCH_SERVER_FLAGS adds Node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  flags.push(...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean));
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      WORKERS: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dir,
      DIST_DIR: path.join(dir, 'no-dist'),
      // The bench's client speaks plain HTTP, whatever the shell has set.
      TLS_CERT_FILE: '',
      TLS_KEY_FILE: '',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      await exit;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // The server prints its address once it listens (PORT=0 picks a free port).
  for (let waited = 0; waited < 60_000; waited += 50) {
    const found = RUNNING.exec(fs.readFileSync(logFile, 'utf8'));
    if (found) {
      const logMark = () => fs.statSync(logFile).size;
      const timesSince = (mark: number, urlPath: string | ((url: string) => boolean)) => {
        const wanted = typeof urlPath === 'string' ? (u: string) => u === urlPath : urlPath;
        return linesSince(logFile, mark)
          .filter((l) => l.includes('"responseTime"'))
          .map((l) => JSON.parse(l) as LogLine)
          .filter((l) => wanted(l.req?.url ?? '') && l.responseTime !== undefined)
          .map((l) => l.responseTime as number);
      };
      return { address: found[1], logMark, timesSince, stop };
    }
    if (exited !== undefined) break;
    await sleep(50);
  }
  const log = fs.readFileSync(logFile, 'utf8').slice(-2000);
  await stop();
  throw new Error(`the bench's server did not start:\n${log}`);
}
