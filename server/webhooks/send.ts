// One signed POST to an endpoint: the target checked by the SSRF guard and connected to at the
// address that was checked, 10 s for the whole exchange, at most 1 MB of the answer read (its
// first 2 KB kept for the log), redirects never followed (a 3xx is a failed attempt).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { BlockedTargetError, checkTarget, pinnedLookup, type Resolver } from './ssrf.js';

export const TIMEOUT_MS = 10_000;
export const RESPONSE_CAP_BYTES = 1024 * 1024;
export const LOGGED_BYTES = 2048;

/** `sha256=` + hex HMAC-SHA256 of `timestamp + "." + body` under the endpoint's secret. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface SendInput {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  allowHosts: readonly string[];
  resolve?: Resolver;
}

export interface SendResult {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  /** The first 2 KB of the answer (UTF-8, cut at a character boundary). */
  responseBody: string;
  /** Why it failed when there was no answer (refused by the guard, timeout, connection). */
  error: string | null;
}

export async function sendWebhook(input: SendInput): Promise<SendResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return failure(elapsed(), 'The URL is not valid.');
  }
  let target;
  try {
    target = await checkTarget(url, { allowHosts: input.allowHosts, resolve: input.resolve });
  } catch (err) {
    const message = err instanceof BlockedTargetError ? err.message : String(err);
    return failure(elapsed(), message);
  }
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(input.body)),
    'user-agent': 'Helpdesk-Webhooks/1',
    'x-helpdesk-event': input.event,
    'x-helpdesk-delivery': input.deliveryId,
    'x-helpdesk-timestamp': timestamp,
    'x-helpdesk-signature': signature(input.secret, timestamp, input.body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = client.request(url, {
      method: 'POST',
      headers,
      lookup: pinnedLookup(target.address),
      agent: false,
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish(failure(elapsed(), `No answer within ${TIMEOUT_MS / 1000} s.`));
    }, TIMEOUT_MS);
    req.on('error', (err) => finish(failure(elapsed(), err.message)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const code = res.statusCode ?? 0;
        finish({
          ok: code >= 200 && code < 300,
          responseCode: code,
          durationMs: elapsed(),
          responseBody: firstBytes(Buffer.concat(chunks), LOGGED_BYTES),
          error: null,
        });
      };
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (chunks.reduce((n, c) => n + c.length, 0) < LOGGED_BYTES) chunks.push(chunk);
        // Past the cap the rest is not read: the status has already said how it went.
        if (size > RESPONSE_CAP_BYTES) {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(input.body);
  });
}

function failure(durationMs: number, error: string): SendResult {
  return { ok: false, responseCode: null, durationMs, responseBody: '', error };
}

/** The first `max` bytes as text, without a broken character at the end. */
function firstBytes(buf: Buffer, max: number): string {
  return buf
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
