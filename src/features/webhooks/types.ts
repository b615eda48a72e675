// Webhook endpoints and their delivery log as the API gives them (docs/webhooks.md).
import type { components } from '../../api/schema';
import type { ApiBody } from '../../lib/api-client';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookCreated = components['schemas']['WebhookEndpointCreated'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookAttempt = WebhookDelivery['attempts'][number];
export type WebhookEvent = WebhookEndpoint['events'][number];
export type WebhookBody = ApiBody<'/api/webhooks', 'post'>;

export const WEBHOOK_EVENTS: readonly WebhookEvent[] = [
  'ticket.created',
  'ticket.updated',
  'ticket.message_added',
  'ticket.merged',
  'ticket.sla_breach',
  'ticket.rated',
];

export interface WebhookSave {
  /** Absent: a new endpoint. */
  id?: number;
  body: WebhookBody;
}

export interface SendAgain {
  endpointId: number;
  deliveryId: string;
}

/** A new secret, for the endpoint it was made for (shown once). */
export interface ShownSecret {
  endpointId: number;
  secret: string;
}
