import { api } from '../../lib/api-client';
import type { SendAgain, WebhookSave } from './types';

export const webhooksApi = {
  list: () => (signal: AbortSignal) => api.get('/api/webhooks', { signal }),
  create: (s: WebhookSave) => (signal: AbortSignal) =>
    api.post('/api/webhooks', { body: s.body, signal }),
  update: (id: number, s: WebhookSave) => (signal: AbortSignal) =>
    api.put('/api/webhooks/{id}', { path: { id }, body: s.body, signal }),
  remove: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/webhooks/{id}', { path: { id }, signal }),
  regenerate: (id: number) => (signal: AbortSignal) =>
    api.post('/api/webhooks/{id}/secret', { path: { id }, signal }),
  deliveries: (id: number) => (signal: AbortSignal) =>
    api.get('/api/webhooks/{id}/deliveries', { path: { id }, signal }),
  sendAgain: (s: SendAgain) => (signal: AbortSignal) =>
    api.post('/api/webhooks/{id}/deliveries/{deliveryId}/send-again', {
      path: { id: s.endpointId, deliveryId: s.deliveryId },
      signal,
    }),
};
