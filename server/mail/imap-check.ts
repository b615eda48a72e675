// "Test connection" for a help desk's mailbox: connects with imapflow, logs in and opens the
// folder, and says in words exactly which step failed, or how many messages the folder has.
import { ImapFlow } from 'imapflow';
import { fill } from '../lib/i18n.js';

// What "test connection" says, in English; the route answers in the caller's language.
const LOGIN_FAILED = 'Login failed for {{user}}: {{answer}}';
const TLS_FAILED = 'TLS handshake failed: {{reason}}';
const NO_CONNECTION = 'Could not connect to {{host}}:{{port}}: {{reason}}';
const NO_FOLDER = 'Folder {{folder}} does not exist';
const CONNECTED = 'Connected; folder {{folder}} has {{count}} messages.';
const SERVER_FAILED = 'The mail server failed: {{reason}}';

export interface ImapSettings {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  password: string;
  folder: string;
}

export interface ConnectionTest {
  ok: boolean;
  message: string;
}

/** Short timeouts: an agent is waiting for the answer. */
const TIMEOUT_MS = 10_000;

interface ImapError extends Error {
  code?: string;
  authenticationFailed?: boolean;
  response?: string;
  responseText?: string;
}

function isTlsError(err: ImapError): boolean {
  return (
    /^ERR_SSL|^ERR_TLS|^EPROTO$|CERT|^DEPTH_ZERO|^UNABLE_TO/.test(err.code ?? '') ||
    /SSL|TLS|certificate/i.test(err.message)
  );
}

/** The reason in a person's words: the system error code's meaning, or the message. */
function reason(err: ImapError): string {
  const codes: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found (DNS lookup failed)',
    ETIMEDOUT: 'timed out',
    ETIMEOUT: 'timed out',
    ECONNRESET: 'connection reset by the server',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
  };
  return (err.code && codes[err.code]) || err.message;
}

export async function checkImapConnection(s: ImapSettings): Promise<ConnectionTest> {
  const client = new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.tls,
    auth: { user: s.user, pass: s.password },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 2,
    // Only what we ask for: no automatic IDLE or extensions negotiation beyond login.
    disableAutoIdle: true,
  });
  // imapflow also reports socket failures as 'error' events; the awaited calls below carry them.
  client.on('error', () => undefined);
  try {
    try {
      await client.connect();
    } catch (e) {
      const err = e as ImapError;
      if (err.authenticationFailed) {
        const answer = err.response || err.responseText || err.message;
        return { ok: false, message: fill(LOGIN_FAILED, { user: s.user, answer }) };
      }
      if (s.tls && isTlsError(err)) {
        return { ok: false, message: fill(TLS_FAILED, { reason: err.message }) };
      }
      return {
        ok: false,
        message: fill(NO_CONNECTION, { host: s.host, port: s.port, reason: reason(err) }),
      };
    }
    const folders = await client.list();
    const folder = folders.find((f) =>
      s.folder.toUpperCase() === 'INBOX' ? f.path.toUpperCase() === 'INBOX' : f.path === s.folder,
    );
    if (!folder) return { ok: false, message: fill(NO_FOLDER, { folder: s.folder }) };
    const status = await client.status(folder.path, { messages: true });
    const count = status ? (status.messages ?? 0) : 0;
    return { ok: true, message: fill(CONNECTED, { folder: s.folder, count }) };
  } catch (e) {
    return { ok: false, message: fill(SERVER_FAILED, { reason: (e as Error).message }) };
  } finally {
    await client.logout().catch(() => client.close());
  }
}
