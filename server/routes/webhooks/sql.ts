// The statements of the webhook routes (administrators only, checked by the route's role).
import type { Queryable } from '../../db/transaction.js';
import type { WebhookEvent } from '../../webhooks/events.js';

export type EndpointRow = {
  id: number;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
};

const ENDPOINT = `id, url, events, active, disabled_at, failing_since, created_at, updated_at`;

export async function listEndpoints(q: Queryable): Promise<EndpointRow[]> {
  const { rows } = await q.query<EndpointRow>(
    `SELECT ${ENDPOINT} FROM webhook_endpoints ORDER BY id`,
  );
  return rows;
}

export async function getEndpoint(q: Queryable, id: number): Promise<EndpointRow | undefined> {
  const { rows } = await q.query<EndpointRow>(
    `SELECT ${ENDPOINT} FROM webhook_endpoints WHERE id = $1`,
    [id],
  );
  return rows[0];
}

export interface EndpointInput {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

export async function insertEndpoint(
  q: Queryable,
  input: EndpointInput,
  sealedSecret: string,
): Promise<EndpointRow> {
  const { rows } = await q.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (url, secret, events, active) VALUES ($1, $2, $3, $4)
     RETURNING ${ENDPOINT}`,
    [input.url, sealedSecret, input.events, input.active],
  );
  return rows[0];
}

/** Turning an endpoint on again starts it afresh: not failing, not disabled. */
export async function updateEndpoint(
  q: Queryable,
  id: number,
  input: EndpointInput,
): Promise<EndpointRow | undefined> {
  const { rows } = await q.query<EndpointRow>(
    `UPDATE webhook_endpoints
        SET url = $2, events = $3, active = $4, updated_at = now(),
            disabled_at = CASE WHEN $4 THEN NULL ELSE disabled_at END,
            failing_since = CASE WHEN $4 AND NOT active THEN NULL ELSE failing_since END
      WHERE id = $1
      RETURNING ${ENDPOINT}`,
    [id, input.url, input.events, input.active],
  );
  return rows[0];
}

export async function setSecret(q: Queryable, id: number, sealed: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE webhook_endpoints SET secret = $2, updated_at = now() WHERE id = $1`,
    [id, sealed],
  );
  return rowCount === 1;
}

export async function deleteEndpoint(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [id]);
  return rowCount === 1;
}

export type AttemptRow = {
  attempted_at: string;
  ok: boolean;
  manual: boolean;
  response_code: number | null;
  duration_ms: number;
  response_body: string;
  error: string | null;
};

export type DeliveryRow = {
  id: string;
  event: string;
  record_id: number | null;
  state: 'queued' | 'retrying' | 'delivered' | 'failed';
  created_at: string;
  next_attempt_at: string | null;
  attempts: AttemptRow[];
};

/** How many deliveries the log shows (newest first). */
export const LOG_SIZE = 50;

const DELIVERY = `
  d.id, d.event, d.record_id::int AS record_id, d.state, d.created_at, d.next_attempt_at,
  coalesce((SELECT json_agg(json_build_object(
      'attempted_at', a.attempted_at, 'ok', a.ok, 'manual', a.manual,
      'response_code', a.response_code, 'duration_ms', a.duration_ms,
      'response_body', a.response_body, 'error', a.error) ORDER BY a.id DESC)
    FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts`;

export async function listDeliveries(q: Queryable, endpointId: number): Promise<DeliveryRow[]> {
  const { rows } = await q.query<DeliveryRow>(
    `SELECT ${DELIVERY} FROM webhook_deliveries d
      WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT ${LOG_SIZE}`,
    [endpointId],
  );
  return rows;
}

export async function getDelivery(
  q: Queryable,
  endpointId: number,
  id: string,
): Promise<DeliveryRow | undefined> {
  const { rows } = await q.query<DeliveryRow>(
    `SELECT ${DELIVERY} FROM webhook_deliveries d WHERE d.endpoint_id = $1 AND d.id = $2`,
    [endpointId, id],
  );
  return rows[0];
}
