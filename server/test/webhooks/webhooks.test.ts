// Webhooks end to end: an administrator registers an endpoint (a real HTTP receiver this test
// starts, allowed by WEBHOOK_ALLOW_HOSTS), raising a ticket sends it a signed delivery, a
// failure is retried with the same delivery id, an endpoint failing for more than a day is
// turned off and the administrators mailed, "send again" makes one more attempt, and the SSRF
// guard refuses every form of an internal address when saved and again when sent.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobPolicies } from '../../jobs/jobs.js';
import { createJobQueue } from '../../jobs/queue.js';
import { systemClock } from '../../lib/clock.js';
import { deliverWebhook } from '../../webhooks/deliver.js';
import { sendWebhook } from '../../webhooks/send.js';
import { queueWebhookCall } from '../../webhooks/call.js';
import { decodeQuotedPrintable, startTestEnv, type TestEnv } from '../helpers.js';
import { eventually } from '../routes/work-helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let requester: Person;
let receiver: http.Server;
let base: string;
let clockFile: string;
const received: Received[] = [];
/** How the receiver answers each request, by path. */
const answers = new Map<string, (n: number) => { status: number; body: string }>();

beforeAll(async () => {
  clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-clock-')), 'offset');
  env = await startTestEnv({
    webhookAllowHosts: ['127.0.0.1'],
    webhookRetryDelaySeconds: 1,
    testClockOffsetFile: clockFile,
  });
  call = caller(env);
  admin = await person(env, 'Ada Admin', true, true);
  agent = await person(env, 'Arno Agent', true);
  requester = await person(env, 'Rita Requester');
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        path: req.url ?? '',
      };
      received.push(entry);
      const n = received.filter((r) => r.path === entry.path).length;
      const answer = answers.get(entry.path)?.(n) ?? { status: 200, body: 'thanks' };
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
  await env.close();
});
beforeEach(() => {
  fs.writeFileSync(clockFile, '0');
});

async function createEndpoint(pathname: string, events: string[] = ['ticket.created']) {
  const res = await call('POST', '/api/webhooks', admin.token, {
    url: `${base}${pathname}`,
    events,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { endpoint: { id: number; url: string }; secret: string };
}

async function turnOff(id: number, url: string) {
  const res = await call('PUT', `/api/webhooks/${id}`, admin.token, {
    url,
    events: ['ticket.created'],
    active: false,
  });
  expect(res.statusCode).toBe(200);
}

const at = (pathname: string) => received.filter((r) => r.path === pathname);

interface LoggedDelivery {
  id: string;
  state: string;
  event: string;
  attempts: Array<{
    ok: boolean;
    manual: boolean;
    response_code: number | null;
    response_body: string;
    error: string | null;
    duration_ms: number;
  }>;
}

async function log(id: number): Promise<LoggedDelivery[]> {
  const res = await call('GET', `/api/webhooks/${id}/deliveries`, admin.token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

function verify(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['x-helpdesk-timestamp']);
  const expected =
    'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex');
  return r.headers['x-helpdesk-signature'] === expected;
}

describe('webhook endpoints', () => {
  it('are for administrators only: 403 for an agent or a requester', async () => {
    for (const who of [agent, requester]) {
      expect((await call('GET', '/api/webhooks', who.token)).statusCode).toBe(403);
      const made = await call('POST', '/api/webhooks', who.token, {
        url: 'https://hooks.example.com/',
        events: ['ticket.created'],
      });
      expect(made.statusCode).toBe(403);
    }
  });

  it('refuses a URL that is not https, unknown events and no events, naming the field', async () => {
    const plain = await call('POST', '/api/webhooks', admin.token, {
      url: 'http://hooks.example.com/in',
      events: ['ticket.created'],
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().fields).toEqual({ url: 'URL must start with https://.' });
    const unknown = await call('POST', '/api/webhooks', admin.token, {
      url: `${base}/x`,
      events: ['ticket.exploded'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['events.0']);
    const broken = await call('POST', '/api/webhooks', admin.token, {
      url: 'https://hooks.example\n.com/',
      events: ['ticket.created'],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields).toEqual({
      url: 'URL must be a valid address of at most 2000 characters.',
    });
    const none = await call('POST', '/api/webhooks', admin.token, { url: `${base}/x`, events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.events).toBe('Choose at least one event from the list.');
    // In the caller's language.
    const ana = await person(env, 'Ana Admin', true, true);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [ana.id]);
    const es = await call('POST', '/api/webhooks', ana.token, {
      url: 'ftp://hooks.example.com/',
      events: ['ticket.created'],
    });
    expect(es.json().fields.url).toBe('La URL debe empezar por https://.');
    expect((await call('GET', '/api/webhooks', admin.token)).json().data).toEqual([]);
  });

  it('refuses every form of an internal address when saved', async () => {
    const forms = [
      'https://127.0.0.2/',
      'https://2130706434/',
      'https://0177.0.0.2/',
      'https://0x7f.2/',
      'https://localhost/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:2]/',
      'https://10.1.2.3/',
      'https://192.168.0.10/',
      'https://172.20.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://2852039166/',
      'https://[::ffff:169.254.169.254]/',
      'https://169.254.10.10/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://224.0.0.1/',
      'https://[ff02::1]/',
      'https://0.0.0.0/',
      'https://[::]/',
    ];
    for (const url of forms) {
      const res = await call('POST', '/api/webhooks', admin.token, {
        url,
        events: ['ticket.created'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields.url, url).toMatch(/^Webhooks may not call /);
    }
    expect((await call('GET', '/api/webhooks', admin.token)).json().data).toEqual([]);
  });

  it('shows the secret once, and a new one on demand', async () => {
    const { endpoint, secret } = await createEndpoint('/secret');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = (await call('GET', '/api/webhooks', admin.token)).json().data;
    expect(JSON.stringify(listed)).not.toContain(secret);
    const again = await call('POST', `/api/webhooks/${endpoint.id}/secret`, admin.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.secret).not.toBe(secret);
    expect((await call('DELETE', `/api/webhooks/${endpoint.id}`, admin.token)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/webhooks/${endpoint.id}`, admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('webhook deliveries', () => {
  it('sends a signed delivery when a ticket is raised, logged with its answer', async () => {
    answers.set('/signed', () => ({ status: 200, body: 'x'.repeat(3000) }));
    const { endpoint, secret } = await createEndpoint('/signed');
    const ticket = await newRecord(env, 'ticket', requester.token, { subject: 'Signed hook' });
    await eventually(() => expect(at('/signed')).toHaveLength(1));
    const [got] = at('/signed');
    expect(got.headers['x-helpdesk-event']).toBe('ticket.created');
    expect(got.headers['content-type']).toBe('application/json');
    expect(verify(secret, got)).toBe(true);
    expect(verify('whsec_wrong', got)).toBe(false);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      id: got.headers['x-helpdesk-delivery'],
      event: 'ticket.created',
      data: {
        ticket: { id: ticket.id, subject: 'Signed hook', requester: { name: 'Rita Requester' } },
      },
    });
    await eventually(async () => {
      const [d] = await log(endpoint.id);
      expect(d).toMatchObject({ id: got.headers['x-helpdesk-delivery'], state: 'delivered' });
      expect(d.attempts).toHaveLength(1);
      expect(d.attempts[0]).toMatchObject({ ok: true, response_code: 200, error: null });
      expect(d.attempts[0].response_body).toHaveLength(2048);
    });
    await turnOff(endpoint.id, endpoint.url);
  });

  it('retries a failed delivery with the same delivery id, then sends it again on demand', async () => {
    answers.set('/flaky', (n) =>
      n === 1 ? { status: 500, body: 'down' } : { status: 204, body: '' },
    );
    const { endpoint, secret } = await createEndpoint('/flaky');
    await newRecord(env, 'ticket', requester.token, { subject: 'Flaky hook' });
    await eventually(() => expect(at('/flaky')).toHaveLength(2));
    const [first, second] = at('/flaky');
    expect(second.headers['x-helpdesk-delivery']).toBe(first.headers['x-helpdesk-delivery']);
    expect(second.body).toBe(first.body);
    expect(verify(secret, second)).toBe(true);
    let delivery: LoggedDelivery | undefined;
    await eventually(async () => {
      [delivery] = await log(endpoint.id);
      expect(delivery?.state).toBe('delivered');
      expect(delivery?.attempts.map((a) => a.response_code)).toEqual([204, 500]);
    });
    const again = await call(
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/${delivery?.id}/send-again`,
      admin.token,
    );
    expect(again.statusCode).toBe(200);
    await eventually(() => expect(at('/flaky')).toHaveLength(3));
    expect(at('/flaky')[2].headers['x-helpdesk-delivery']).toBe(
      first.headers['x-helpdesk-delivery'],
    );
    await eventually(async () => {
      const [d] = await log(endpoint.id);
      expect(d.attempts).toHaveLength(3);
      expect(d.attempts[0]).toMatchObject({ manual: true, ok: true });
    });
    const unknown = await call(
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/send-again`,
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    await turnOff(endpoint.id, endpoint.url);
  });

  it('turns off an endpoint failing for more than a day and mails the administrators', async () => {
    const spanish = await person(env, 'Ana Administradora', true, true);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [spanish.id]);
    answers.set('/broken', () => ({ status: 503, body: 'still down' }));
    const { endpoint } = await createEndpoint('/broken');
    await newRecord(env, 'ticket', requester.token, { subject: 'Broken hook' });
    await eventually(() => expect(at('/broken').length).toBeGreaterThanOrEqual(1));
    const seen = at('/broken').length;
    // A day and an hour later, the next retry finds it failing for longer than a day.
    fs.writeFileSync(clockFile, String(25 * 3600 * 1000));
    await eventually(async () => {
      const listed = (await call('GET', '/api/webhooks', admin.token)).json().data as Array<{
        id: number;
        active: boolean;
        disabled_at: string | null;
      }>;
      expect(listed.find((e) => e.id === endpoint.id)).toMatchObject({ active: false });
      expect(listed.find((e) => e.id === endpoint.id)?.disabled_at).not.toBeNull();
    });
    const [d] = await log(endpoint.id);
    expect(d.state).toBe('failed');
    expect(d.attempts.length).toBeGreaterThan(seen - 1);
    const mails = async (to: string) =>
      fs
        .readdirSync(env.outboxDir)
        .filter((f) => f.includes(to.toLowerCase()))
        .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(env.outboxDir, f), 'utf8')));
    await eventually(async () => {
      const en = (await mails(admin.email)).find((m) => m.includes('A webhook was turned off'));
      expect(en).toContain(`${base}/broken`);
      const es = (await mails(spanish.email)).find((m) => m.includes('Todos los env'));
      expect(es).toBeTruthy();
    });
    // Off: no more attempts, even when a new ticket comes.
    const attempts = at('/broken').length;
    await newRecord(env, 'ticket', requester.token, { subject: 'After the switch-off' });
    const later = await newRecord(env, 'ticket', requester.token, { subject: 'Also after' });
    await eventually(async () => {
      const { rowCount } = await env.db.query(
        `SELECT 1 FROM event_outbox o JOIN record_events e ON e.id = o.event_id
          WHERE e.record_id = $1`,
        [later.id],
      );
      expect(rowCount).toBe(0);
    });
    expect(at('/broken')).toHaveLength(attempts);
  });

  it('is active as an outbox consumer only while an enabled endpoint exists', async () => {
    const consumer = async () =>
      (
        await env.db.query<{ active: boolean }>(
          `SELECT active FROM event_consumers WHERE name = 'webhooks'`,
        )
      ).rows[0]?.active;
    expect(await consumer()).toBe(false);
    const { endpoint } = await createEndpoint('/toggle');
    expect(await consumer()).toBe(true);
    await turnOff(endpoint.id, endpoint.url);
    expect(await consumer()).toBe(false);
  });

  it('sends a trigger’s call to an endpoint with the payload it chose', async () => {
    const { endpoint, secret } = await createEndpoint('/trigger');
    const queue = createJobQueue(env.db, {
      policies: jobPolicies(env.config),
      log: console,
      worker: false,
    });
    const ticket = await newRecord(env, 'ticket', requester.token, { subject: 'Trigger call' });
    const id = await queueWebhookCall(env.db, queue, {
      endpointId: endpoint.id,
      recordId: ticket.id,
      payload: { note: 'VIP customer' },
    });
    await eventually(() =>
      expect(at('/trigger').some((r) => r.headers['x-helpdesk-event'] === 'trigger.called')).toBe(
        true,
      ),
    );
    const got = at('/trigger').find((r) => r.headers['x-helpdesk-event'] === 'trigger.called');
    expect(got?.headers['x-helpdesk-delivery']).toBe(id);
    expect(JSON.parse(got?.body ?? '{}').data).toEqual({ note: 'VIP customer' });
    expect(verify(secret, got as Received)).toBe(true);
    await turnOff(endpoint.id, endpoint.url);
    expect(
      await queueWebhookCall(env.db, queue, {
        endpointId: endpoint.id,
        recordId: null,
        payload: {},
      }),
    ).toBeNull();
    await queue.stop();
  });
});

describe('the SSRF guard at send time', () => {
  it('refuses an internal address when the delivery is sent, whatever was saved', async () => {
    const { endpoint } = await createEndpoint('/ssrf');
    await turnOff(endpoint.id, endpoint.url);
    const deliveryId = '11111111-1111-4111-8111-111111111111';
    await env.db.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event, payload) VALUES ($1, $2, 'ticket.created', '{}')`,
      [deliveryId, endpoint.id],
    );
    const queue = createJobQueue(env.db, {
      policies: jobPolicies(env.config),
      log: console,
      worker: false,
    });
    // The same process without the allow list: the receiver's own address is refused too.
    const ctx = {
      db: env.db,
      config: { ...env.config, webhookAllowHosts: [] },
      queue,
      clock: systemClock,
      // A name that pointed elsewhere when saved and now answers with an internal address.
      resolve: async () => [{ address: '127.0.0.1', family: 4 as const }],
    };
    const port = new URL(base).port;
    const forms = [
      `http://127.0.0.1:${port}/ssrf`,
      `http://2130706433:${port}/ssrf`,
      `http://0177.0.0.1:${port}/ssrf`,
      `http://0x7f.1:${port}/ssrf`,
      `http://[::1]:${port}/ssrf`,
      `http://[::ffff:127.0.0.1]:${port}/ssrf`,
      `https://169.254.169.254/latest/meta-data/`,
      `https://10.0.0.1/`,
      `https://[fe80::1]/`,
      `https://224.0.0.1/`,
      `https://0.0.0.0/`,
      `https://hooks.rebinding.example/ssrf`,
    ];
    let n = 0;
    for (const url of forms) {
      await env.db.query(`UPDATE webhook_endpoints SET url = $2 WHERE id = $1`, [endpoint.id, url]);
      n += 1;
      await deliverWebhook(ctx, {
        id: `ssrf-${n}`,
        data: { deliveryId, manual: true },
        retryCount: 0,
        retryLimit: 0,
      });
    }
    const [d] = await log(endpoint.id);
    expect(d.attempts).toHaveLength(forms.length);
    for (const a of d.attempts) {
      expect(a).toMatchObject({ ok: false, response_code: null });
      expect(a.error).toMatch(/^Webhooks may not call /);
    }
    expect(at('/ssrf')).toHaveLength(0);
    await queue.stop();
  });
});

describe('one attempt', () => {
  const send = (pathname: string) =>
    sendWebhook({
      url: `${base}${pathname}`,
      secret: 'whsec_test',
      event: 'ticket.created',
      deliveryId: '22222222-2222-4222-8222-222222222222',
      body: '{"hello":"world"}',
      allowHosts: ['127.0.0.1'],
    });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    answers.set('/moved', () => ({ status: 302, body: 'see /elsewhere' }));
    const result = await send('/moved');
    expect(result).toMatchObject({ ok: false, responseCode: 302, error: null });
    expect(at('/elsewhere')).toHaveLength(0);
  });

  it('reads at most 1 MB of an answer and keeps its first 2 KB', async () => {
    let left = 0;
    const big = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // 16 MB, written as fast as the reader takes it: it stops after the first one.
      const chunk = 'y'.repeat(64 * 1024);
      left = 256;
      const more = () => {
        while (left > 0) {
          left -= 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    await new Promise<void>((r) => big.listen(0, '127.0.0.1', r));
    const result = await sendWebhook({
      url: `http://127.0.0.1:${(big.address() as AddressInfo).port}/`,
      secret: 'whsec_test',
      event: 'ticket.created',
      deliveryId: '33333333-3333-4333-8333-333333333333',
      body: '{}',
      allowHosts: ['127.0.0.1'],
    });
    big.closeAllConnections();
    await new Promise((r) => big.close(r));
    expect(result).toMatchObject({ ok: true, responseCode: 200 });
    expect(result.responseBody).toBe('y'.repeat(2048));
    // The rest was never asked for (what the sockets buffer aside).
    expect(left).toBeGreaterThan(100);
  });

  it('signs timestamp and body with the secret', async () => {
    await send('/plain');
    const got = at('/plain')[0];
    expect(got.headers['x-helpdesk-delivery']).toBe('22222222-2222-4222-8222-222222222222');
    expect(verify('whsec_test', got)).toBe(true);
  });
});
