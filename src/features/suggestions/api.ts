import { api } from '../../lib/api-client';

export const suggestionsApi = {
  suggest: (q: string) => (signal: AbortSignal) =>
    api.get('/api/suggestions', { query: { q }, signal }),
  open: (id: number, sessionId: string) => (signal: AbortSignal) =>
    api.post('/api/suggestions/articles/{id}/view', {
      path: { id },
      body: { session_id: sessionId },
      signal,
    }),
  raised: (sessionId: string, ticketId: number) => (signal: AbortSignal) =>
    api.post('/api/suggestions/raised', {
      body: { session_id: sessionId, ticket_id: ticketId },
      signal,
    }),
  viewed: (ticketId: number) => (signal: AbortSignal) =>
    api.get('/api/suggestions/tickets/{id}/viewed', { path: { id: ticketId }, signal }),
  markSent: (messageId: number, articleId: number) => (signal: AbortSignal) =>
    api.put('/api/suggestions/messages/{id}/article', {
      path: { id: messageId },
      body: { article_id: articleId },
      signal,
    }),
  sent: (recordId: number) => (signal: AbortSignal) =>
    api.get('/api/suggestions/records/{id}/sent', { path: { id: recordId }, signal }),
  content: (id: number) => (signal: AbortSignal) =>
    api.get('/api/content/{id}/', { path: { id }, signal }),
  stats: (days: number) => (signal: AbortSignal) =>
    api.get('/api/suggestions/stats', { query: { days }, signal }),
  totals: (id: number) => (signal: AbortSignal) =>
    api.get('/api/suggestions/articles/{id}/stats', { path: { id }, signal }),
};
