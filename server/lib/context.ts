// What every route module receives: the database, settings and shared services. Passed
// explicitly (no globals) so tests can build an app with their own database and outbox.
import type { Config } from '../config.js';
import type { DatabaseHealth } from '../db/health-monitor.js';
import type { Db } from '../db/pool.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/outgoing.js';
import type { MailListenerMonitor } from '../mail/inbound/listener-health.js';
import type { LiveHub } from '../live/hub.js';
import type { Clock } from './clock.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionCache } from './session-cache.js';

export interface AppContext {
  db: Db;
  config: Config;
  hasher: PasswordHasher;
  /** Account mails (confirm, reset), queued as `mail.send` jobs. */
  mailer: Mailer;
  /** Sends background jobs (any process may send; workers run them: server/jobs/workers.ts). */
  queue: JobQueue;
  /** The HS256 secret: JWT_SECRET, or the one stored in the database. */
  jwtSecret: () => Promise<string>;
  /** The database health monitor (server.ts runs one; most tests do not). */
  dbHealth?: DatabaseHealth;
  /** The inbound SMTP listener of this process (server.ts passes one; most tests do not). */
  mailListener?: MailListenerMonitor;
  /** Where attachment files live (PostgreSQL, or the S3_URL bucket); store them through
   *  routes/attachments/attach.ts withAttachments(). */
  blobs: BlobStore;
  /** "Now" for service levels (real time except in tests: lib/clock.ts). */
  clock: Clock;
  /** Live events: this process's event streams, fed by LISTEN (docs/api-live.md). */
  live: LiveHub;
  /** Live sessions known to this process (lib/session-cache.ts). */
  sessions: SessionCache;
}
