import type { components } from '../../api/schema';
import type { ApiBody, ApiData } from '../../lib/api-client';

/** Mail channels (docs/api-mail.md): one per help desk, agents only. */
export type MailChannel = components['schemas']['MailChannel'];

/** The stored password is never sent back: `has_password` says whether there is one. */
export type ImapSettings = NonNullable<MailChannel['imap']>;

export type MailChannelList = ApiData<'/api/mail-channel/', 'get'>;

export type MailChannelWrite = ApiBody<'/api/mail-channel/{hd_id}/', 'put'>;

/** The IMAP part of PUT / test: `password` omitted keeps the stored one. */
export type ImapWrite = NonNullable<MailChannelWrite['imap']>;

/** POST mail-channel/{hd_id}/test/: `message` says exactly what failed (or that it worked). */
export type ConnectionTest = ApiData<'/api/mail-channel/{hd_id}/test/', 'post'>;

export interface SaveRequest {
  hd_id: number;
  values: MailChannelWrite;
}

/** Without `imap` the server tests the stored settings. */
export interface TestRequest {
  hd_id: number;
  imap?: ImapWrite;
}

/** A test's answer kept with the help desk it was about. */
export interface TestResult extends ConnectionTest {
  hd_id: number;
}
