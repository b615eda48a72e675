import { api, apiBeacon, apiStream, type ApiBody } from '../../lib/api-client';

export type PresenceState = ApiBody<'/api/records/{id}/presence', 'post'>['state'];

export const liveApi = {
  // fetch, not EventSource: the stream is authenticated by the Authorization header like every
  // call, so no token appears in a URL (docs/api-live.md).
  stream: () => (signal: AbortSignal) => apiStream('/api/events', signal),
  presence: (id: number, state: PresenceState) => (signal: AbortSignal) =>
    api.post('/api/records/{id}/presence', { path: { id }, body: { state }, signal }),
  /** "Left", sent as the tab closes or navigates away (no saga or React cleanup runs then). */
  leaveOnUnload: (id: number) => apiBeacon(`/api/records/${id}/presence`, { state: 'left' }),
};
