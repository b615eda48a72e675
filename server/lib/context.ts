// What every route module receives: the database, settings and shared services. Passed
// explicitly (no globals) so tests can build an app with their own database and outbox.
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import type { Mailer } from '../mail/mailer.js';
import type { PasswordHasher } from './passwords.js';

export interface AppContext {
  db: Db;
  config: Config;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** The HS256 secret: JWT_SECRET, or the one stored in the database. */
  jwtSecret: () => Promise<string>;
}
