// Timing helpers shared by the bench sections: percentiles, a warm-up-then-sample loop, a
// keep-alive HTTP client (node:http: the bench's own client cost stays small next to the call
// it measures; fetch costs about a millisecond more per call), and a closed loop at a given
// concurrency for throughput.
import http from 'node:http';
import type { ServerProcess } from './server-process.js';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Times each function n times, in turns (after 20 warm-up rounds), and returns each one's
 * sorted times. A call and its floor sampled this way meet the same machine (a checkpoint,
 * autovacuum, the other sections' leftovers), so their ratio compares the work, not two moments
 * of a busy 2-core machine.
 */
export async function sampleInTurns(
  fns: (() => Promise<unknown>)[],
  n: number,
): Promise<number[][]> {
  for (let i = 0; i < Math.min(20, n); i++) for (const fn of fns) await fn();
  const times = fns.map((): number[] => []);
  for (let i = 0; i < n; i++) {
    for (const [k, fn] of fns.entries()) {
      const start = process.hrtime.bigint();
      await fn();
      times[k].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return times.map((t) => t.sort((a, b) => a - b));
}

/**
 * A call through the bench's server and its floor, sampled in turns; with the server's own time
 * for each sampled call (its log, whose lines name the path with its query), so a ratio shows
 * what the server adds and what the hop adds.
 */
export async function sampleCallAndFloor(
  server: ServerProcess,
  /** The call's URL, or which URLs (path and query) in the server's log are its calls. */
  url: string | ((url: string) => boolean),
  call: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  n: number,
): Promise<{ http: number[]; direct: number[]; inServer: number[] }> {
  const mark = server.logMark();
  const [http, direct] = await sampleInTurns([call, floor], n);
  const inServer = server
    .timesSince(mark, typeof url === 'string' ? new URL(url).pathname + new URL(url).search : url)
    .slice(-n)
    .sort((a, b) => a - b);
  return { http, direct, inServer };
}

export async function sample(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  return (await sampleInTurns([fn], n))[0];
}

export const fmt = (t: number[], ps = [50, 95, 99]) =>
  ps.map((p) => percentile(t, p).toFixed(1).padStart(6)).join(' ');

/** Under the list and search tables: what their columns mean. */
export const RATIO_NOTE =
  "ratio = HTTP p95 / SQL p95; server = the server's own time for the same calls (its log), " +
  'the rest of HTTP is the hop.';

export const ratio = (http: number[], floor: number[]) =>
  percentile(http, 95) / percentile(floor, 95);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface HttpAnswer {
  status: number;
  body: string;
}

/** One call through a keep-alive connection; resolves with the status and the whole body. */
export function request(
  url: string,
  opts: { method?: string; token?: string; body?: unknown } = {},
): Promise<HttpAnswer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        agent,
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(opts.token ? { authorization: `JWT ${opts.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * `workers` closed loops running `fn` for `seconds` (or while `going()` says so): completions per
 * second and latencies.
 */
export async function closedLoop(
  workers: number,
  seconds: number,
  fn: (worker: number, i: number) => Promise<unknown>,
  going?: () => boolean,
): Promise<{ perSecond: number; latencies: number[]; errors: number; firstError?: string }> {
  const until = Date.now() + seconds * 1000;
  const more = going ?? (() => Date.now() < until);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; more(); i++) {
        const t = process.hrtime.bigint();
        try {
          await fn(w, i);
        } catch (err) {
          errors++;
          firstError ??= (err as Error).message;
        }
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  return {
    perSecond: latencies.length / elapsed,
    latencies: latencies.sort((a, b) => a - b),
    errors,
    firstError,
  };
}
