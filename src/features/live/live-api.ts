import { api } from '../../lib/api-client';

export type PresenceState = 'viewing' | 'typing' | 'left';

export const liveApi = {
  // fetch, not EventSource: the stream is authenticated by the Authorization header like every
  // call, so no token appears in a URL (docs/api-live.md). axios's fetch adapter hands over the
  // body as a ReadableStream.
  stream: () => (signal: AbortSignal) =>
    api.get('/api/events', { signal, axios: { adapter: 'fetch', responseType: 'stream' } }),
  presence: (id: number, state: PresenceState) => (signal: AbortSignal) =>
    api.post('/api/records/{id}/presence', { path: { id }, body: { state }, signal }),
};
