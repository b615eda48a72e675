// Webhook endpoints and their delivery logs (docs/webhooks.md), answered as
// server/routes/webhooks/routes.ts does. No HTTP call leaves the mocks: a delivery is made for
// each ticket event an enabled endpoint subscribes to (read from the history, as the server's
// outbox does) and counts as answered 200 at once; "send again" adds one more such attempt.
import type { components } from '../api/schema';
import { db } from './db';
import { bodyOf, fail, http, ok } from './http';

type Endpoint = components['schemas']['WebhookEndpoint'];
type Delivery = components['schemas']['WebhookDelivery'];
type Attempt = Delivery['attempts'][number];
type WebhookEvent = Endpoint['events'][number];

const NOT_FOUND = 'This webhook does not exist.';
const DELIVERY_NOT_FOUND = 'This delivery does not exist.';
const URL_INVALID = 'URL must be a valid address of at most 2000 characters.';
const URL_NOT_HTTPS = 'URL must start with https://.';
const URL_CREDENTIALS = 'URL must not hold a user name or password.';
const blocked = (address: string) =>
  `Webhooks may not call ${address}: it is a loopback, private, link-local, multicast, reserved or metadata address.`;

/** History actions → webhook events (server/webhooks/events.ts). */
const BY_ACTION: Record<string, WebhookEvent> = {
  created: 'ticket.created',
  updated: 'ticket.updated',
  status_changed: 'ticket.updated',
  assigned: 'ticket.updated',
  moved: 'ticket.updated',
  classified: 'ticket.updated',
  tagged: 'ticket.updated',
  untagged: 'ticket.updated',
  message_added: 'ticket.message_added',
  merged: 'ticket.merged',
  sla_breach: 'ticket.sla_breach',
  rated: 'ticket.rated',
};

interface MockEndpoint extends Endpoint {
  /** History events up to this id are behind it (it was off, or not there yet). */
  seenEventId: number;
}

interface WebhookState {
  endpoints: MockEndpoint[];
  deliveries: Array<Delivery & { endpoint_id: number }>;
  nextId: number;
}

/** Per mock database (a test's resetDb() starts afresh). */
const states = new WeakMap<object, WebhookState>();

export function webhookState(): WebhookState {
  let s = states.get(db);
  if (!s) {
    s = { endpoints: [], deliveries: [], nextId: 1 };
    states.set(db, s);
  }
  return s;
}

const lastEventId = () => db.events.reduce((m, e) => Math.max(m, e.id), 0);

function uuid(): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function answeredAttempt(manual: boolean): Attempt {
  return {
    attempted_at: new Date().toISOString(),
    ok: true,
    manual,
    response_code: 200,
    duration_ms: 12,
    response_body: 'ok',
    error: null,
  };
}

/** Deliveries for the history events an enabled endpoint has not seen yet. */
function catchUp(s: WebhookState): void {
  const last = lastEventId();
  for (const ep of s.endpoints) {
    if (!ep.active) {
      ep.seenEventId = last;
      continue;
    }
    for (const e of db.events) {
      if (e.id <= ep.seenEventId) continue;
      const event = BY_ACTION[e.action];
      const record = db.records.find((r) => r.id === e.record_id);
      if (!event || !ep.events.includes(event) || record?.object_type !== 'T') continue;
      s.deliveries.push({
        id: uuid(),
        endpoint_id: ep.id,
        event,
        record_id: e.record_id,
        state: 'delivered',
        created_at: e.created_at,
        next_attempt_at: null,
        attempts: [answeredAttempt(false)],
      });
    }
    ep.seenEventId = last;
  }
}

/** The address kinds the server's guard refuses, for the literal addresses a URL may hold. */
function blockedAddress(host: string): string | null {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return '127.0.0.1';
  const v4 = bare.replace(/^::ffff:/, '').match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    const refused =
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168);
    return refused ? v4.slice(1).join('.') : null;
  }
  if (bare.includes(':')) {
    if (bare === '::' || bare === '::1' || /^(f[cd]|fe[89ab]|ff)/.test(bare)) return bare;
    if (bare.startsWith('::ffff:')) return bare;
  }
  return null;
}

function checkUrl(raw: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: URL_INVALID };
  }
  if (url.protocol !== 'https:') return { error: URL_NOT_HTTPS };
  if (url.username || url.password) return { error: URL_CREDENTIALS };
  const refused = blockedAddress(url.hostname);
  if (refused) return { error: blocked(refused) };
  return { url: url.href };
}

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

const publicEndpoint = ({ seenEventId: _seen, ...e }: MockEndpoint): Endpoint => e;
const publicDelivery = ({ endpoint_id: _ep, ...d }: Delivery & { endpoint_id: number }): Delivery =>
  d;

const newSecret = () => `whsec_${uuid().replace(/-/g, '')}${uuid().replace(/-/g, '').slice(0, 11)}`;

export function webhookHandlers() {
  return [
    http.get('/api/webhooks', () => {
      const s = webhookState();
      catchUp(s);
      return ok(s.endpoints.map(publicEndpoint));
    }),
    http.post('/api/webhooks', async ({ request }) => {
      const b = await bodyOf(request);
      const checked = checkUrl(String(b.url));
      if ('error' in checked) return invalid({ url: checked.error });
      const s = webhookState();
      catchUp(s);
      const now = new Date().toISOString();
      const endpoint: MockEndpoint = {
        id: s.nextId++,
        url: checked.url,
        events: b.events as WebhookEvent[],
        active: typeof b.active === 'boolean' ? b.active : true,
        disabled_at: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
        seenEventId: lastEventId(),
      };
      s.endpoints.push(endpoint);
      return ok({ endpoint: publicEndpoint(endpoint), secret: newSecret() });
    }),
    http.put('/api/webhooks/{id}', async ({ request, params }) => {
      const b = await bodyOf(request);
      const checked = checkUrl(String(b.url));
      if ('error' in checked) return invalid({ url: checked.error });
      const s = webhookState();
      catchUp(s);
      const ep = s.endpoints.find((e) => e.id === Number(params.id));
      if (!ep) return fail(404, 'Not Found', NOT_FOUND);
      const active = typeof b.active === 'boolean' ? b.active : true;
      if (active && !ep.active) ep.failing_since = null;
      if (active) ep.disabled_at = null;
      Object.assign(ep, {
        url: checked.url,
        events: b.events as WebhookEvent[],
        active,
        updated_at: new Date().toISOString(),
      });
      return ok(publicEndpoint(ep));
    }),
    http.post('/api/webhooks/{id}/secret', ({ params }) => {
      const ep = webhookState().endpoints.find((e) => e.id === Number(params.id));
      if (!ep) return fail(404, 'Not Found', NOT_FOUND);
      ep.updated_at = new Date().toISOString();
      return ok({ secret: newSecret() });
    }),
    http.delete('/api/webhooks/{id}', ({ params }) => {
      const s = webhookState();
      const id = Number(params.id);
      if (!s.endpoints.some((e) => e.id === id)) return fail(404, 'Not Found', NOT_FOUND);
      s.endpoints = s.endpoints.filter((e) => e.id !== id);
      s.deliveries = s.deliveries.filter((d) => d.endpoint_id !== id);
      return ok({ id });
    }),
    http.get('/api/webhooks/{id}/deliveries', ({ params }) => {
      const s = webhookState();
      catchUp(s);
      const id = Number(params.id);
      if (!s.endpoints.some((e) => e.id === id)) return fail(404, 'Not Found', NOT_FOUND);
      const own = s.deliveries
        .filter((d) => d.endpoint_id === id)
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id))
        .slice(0, 50);
      return ok(own.map(publicDelivery));
    }),
    http.post('/api/webhooks/{id}/deliveries/{deliveryId}/send-again', ({ params }) => {
      const s = webhookState();
      catchUp(s);
      const d = s.deliveries.find(
        (x) => x.endpoint_id === Number(params.id) && x.id === params.deliveryId,
      );
      if (!d) return fail(404, 'Not Found', DELIVERY_NOT_FOUND);
      // The server answers with the delivery as it was; the attempt follows (a job).
      const before = publicDelivery(structuredClone(d));
      d.attempts = [answeredAttempt(true), ...d.attempts];
      d.state = 'delivered';
      d.next_attempt_at = null;
      return ok(before);
    }),
  ];
}
