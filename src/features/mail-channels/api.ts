import { api } from '../../lib/api-client';
import type { ImapWrite, MailChannelWrite } from './types';

export const mailChannelsApi = {
  list: () => (signal: AbortSignal) => api.get('/api/mail-channel/', { signal }),
  save: (hdId: number, body: MailChannelWrite) => (signal: AbortSignal) =>
    api.put('/api/mail-channel/{hd_id}/', { path: { hd_id: hdId }, body, signal }),
  test: (hdId: number, imap?: ImapWrite) => (signal: AbortSignal) =>
    api.post('/api/mail-channel/{hd_id}/test/', {
      path: { hd_id: hdId },
      body: imap ? { imap } : {},
      signal,
    }),
};
