import { api } from '../../lib/api-client';
import type {
  AutomationPreviewRequest,
  AutomationSave,
  PreviewRequest,
  TemplateSave,
  TriggerSave,
} from './types';

export const rulesApi = {
  triggers: () => (signal: AbortSignal) => api.get('/api/triggers', { signal }),
  saveTrigger: (s: TriggerSave) => (signal: AbortSignal) =>
    s.id === undefined
      ? api.post('/api/triggers', { body: s.body, signal })
      : api.put('/api/triggers/{id}', { path: { id: s.id }, body: s.body, signal }),
  deleteTrigger: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/triggers/{id}', { path: { id }, signal }),
  orderTriggers: (ids: number[]) => (signal: AbortSignal) =>
    api.post('/api/triggers/order', { body: { ids }, signal }),
  testTrigger: (id: number, ticketId: number) => (signal: AbortSignal) =>
    api.post('/api/triggers/{id}/test', {
      path: { id },
      body: { ticket_id: ticketId },
      signal,
    }),
  templates: () => (signal: AbortSignal) => api.get('/api/templates', { signal }),
  saveTemplate: (s: TemplateSave) => (signal: AbortSignal) =>
    s.id === undefined
      ? api.post('/api/templates', { body: s.body, signal })
      : api.put('/api/templates/{id}', { path: { id: s.id }, body: s.body, signal }),
  deleteTemplate: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/templates/{id}', { path: { id }, signal }),
  preview: (body: PreviewRequest) => (signal: AbortSignal) =>
    api.post('/api/templates/preview', { body, signal }),
  automations: () => (signal: AbortSignal) => api.get('/api/automations', { signal }),
  saveAutomation: (s: AutomationSave) => (signal: AbortSignal) =>
    s.id === undefined
      ? api.post('/api/automations', { body: s.body, signal })
      : api.put('/api/automations/{id}', { path: { id: s.id }, body: s.body, signal }),
  deleteAutomation: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/automations/{id}', { path: { id }, signal }),
  runAutomation: (id: number) => (signal: AbortSignal) =>
    api.post('/api/automations/{id}/run', { path: { id }, signal }),
  previewAutomation: (body: AutomationPreviewRequest) => (signal: AbortSignal) =>
    api.post('/api/automations/preview', { body, signal }),
};
