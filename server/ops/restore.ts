// Restores a backup (backup.ts) into an EMPTY database: rebuilds the schema the backup was taken
// on (its migrations), copies every table's rows in, sets the sequences, then applies the
// migrations that came after the backup (as an upgrade would). The copy is one transaction:
// either everything is restored or nothing. Foreign keys and triggers are not checked while
// copying (session_replication_role = replica, which needs a superuser): the rows were
// consistent when they were backed up.
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { from as copyFrom } from 'pg-copy-streams';
import { migrate, migrationFiles } from '../db/migrate.js';
import { connectClient, createPool, LONG_TASK_SETTINGS } from '../db/pool.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  json,
  readFrames,
  type BackupHeader,
  type SequenceValue,
  type TableInfo,
} from './backup-format.js';
import { copyTarget, quoteIdent } from './backup.js';

/** A restore that cannot go ahead, with a message for a person. */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  createdAt: string;
}

async function readHeader(file: string): Promise<BackupHeader> {
  const frames = readFrames(fs.createReadStream(file).pipe(zlib.createGunzip()));
  try {
    const first = await frames.next();
    if (first.done || first.value.type !== 'H') throw new Error('no header');
    const header = json<BackupHeader>(first.value);
    if (header.format !== BACKUP_FORMAT) throw new Error('not a Helpdesk backup');
    return header;
  } catch (err) {
    throw new RestoreRefused(`${file} is not a Helpdesk backup (${(err as Error).message}).`);
  } finally {
    await frames.return(undefined);
  }
}

/** Refuses a file that is not a backup this version can restore; run before touching anything. */
export async function checkBackup(file: string): Promise<BackupHeader> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`There is no backup file ${file}.`);
  const header = await readHeader(file);
  if (header.version > BACKUP_VERSION) {
    throw new RestoreRefused(`${file} was written by a newer Helpdesk (format ${header.version}).`);
  }
  const known = new Set(migrationFiles());
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new RestoreRefused(
      `${file} comes from a newer Helpdesk (migrations ${unknown.join(', ')} are unknown here): upgrade first.`,
    );
  }
  return header;
}

export async function restoreDatabase(url: string, file: string): Promise<RestoreSummary> {
  const header = await checkBackup(file);

  const db = createPool(url, undefined, LONG_TASK_SETTINGS);
  try {
    const { rows: existing } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = ANY($1)`,
      [header.schemas],
    );
    if (existing[0].n > 0) {
      throw new RestoreRefused(
        'The target database is not empty: restore goes into an empty database only.',
      );
    }
    await migrate(db, undefined, new Set(header.migrations));
    const summary = await copyIn(url, file, header);
    await migrate(db); // the migrations that came after the backup
    return summary;
  } finally {
    await db.end();
  }
}

async function copyIn(url: string, file: string, header: BackupHeader): Promise<RestoreSummary> {
  const client = await connectClient(url);
  let copy: ReturnType<typeof copyFrom> | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    // The migrations seed some tables (lookups): the backup's rows replace them.
    if (header.tables.length) {
      await client.query(
        `TRUNCATE ${header.tables.map((t) => `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`).join(', ')}`,
      );
    }
    let rows = 0;
    let tables = 0;
    let complete = false;
    const input = fs.createReadStream(file).pipe(zlib.createGunzip());
    for await (const frame of readFrames(input)) {
      if (frame.type === 'T') {
        copy = client.query(copyFrom(`COPY ${copyTarget(json<TableInfo>(frame))} FROM STDIN`));
      } else if (frame.type === 'D' && copy) {
        if (!copy.write(frame.payload)) await once(copy, 'drain');
      } else if (frame.type === 'E' && copy) {
        copy.end();
        await finished(copy);
        rows += copy.rowCount;
        tables++;
        copy = undefined;
      } else if (frame.type === 'S') {
        for (const seq of json<SequenceValue[]>(frame)) {
          await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
            `${quoteIdent(seq.schema)}.${quoteIdent(seq.name)}`,
            seq.lastValue,
          ]);
        }
      } else if (frame.type === 'Z') {
        complete = true;
      }
    }
    if (!complete)
      throw new RestoreRefused(`${file} is incomplete (no end mark); nothing restored.`);
    await client.query('COMMIT');
    return { tables, rows, createdAt: header.createdAt };
  } catch (err) {
    // A COPY still open would hold the connection: abort it (CopyFail), then roll back.
    if (copy) {
      copy.destroy(err as Error);
      await finished(copy).catch(() => undefined);
    }
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}
