// A consistent snapshot of the application's data: every table of the backed-up schemas,
// exported in ONE read-only REPEATABLE READ transaction (so all tables show the same instant,
// while the server keeps writing), streamed with COPY into a gzipped file (backup-format.ts).
// The schema itself is not in the file: a restore rebuilds it from the migrations listed.
import fs, { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { to as copyTo } from 'pg-copy-streams';
import { connectClient } from '../db/pool.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  writeFrame,
  type BackupHeader,
  type SequenceValue,
  type TableInfo,
} from './backup-format.js';

/**
 * The schemas whose tables are backed up. Every table in them is included (new tables need no
 * change here). A job queue keeping its jobs in a schema of its own (pg-boss: `pgboss`) is added
 * here, and its schema must then exist before a restore copies into it.
 */
export const BACKUP_SCHEMAS = ['public'];
/** Written by the migrations themselves on restore. */
const SKIPPED_TABLES = new Set(['public.schema_migrations']);

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function copyTarget(table: TableInfo): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')})`;
}

export interface BackupSummary {
  tables: number;
  rows: number;
}

/** Writes the backup of `url`'s database to `file` (via a temp file: no half file on failure). */
export async function backupDatabase(url: string, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const client = await connectClient(url);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = (
      await client.query<TableInfo>(
        `SELECT n.nspname AS schema, c.relname AS name,
                array_agg(a.attname::text ORDER BY a.attnum) AS columns
           FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
                              AND NOT a.attisdropped AND a.attgenerated = ''
          WHERE c.relkind = 'r' AND n.nspname = ANY($1)
          GROUP BY n.nspname, c.relname
          ORDER BY n.nspname, c.relname`,
        [BACKUP_SCHEMAS],
      )
    ).rows.filter((t) => !SKIPPED_TABLES.has(`${t.schema}.${t.name}`));
    const migrations = (
      await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    ).rows.map((r) => r.name);

    const gzip = zlib.createGzip();
    const out = createWriteStream(partial, { mode: 0o600 });
    gzip.pipe(out);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      schemas: BACKUP_SCHEMAS,
      tables,
    };
    await writeFrame(gzip, 'H', header);
    let rows = 0;
    for (const table of tables) {
      await writeFrame(gzip, 'T', table);
      const copy = client.query(copyTo(`COPY ${copyTarget(table)} TO STDOUT`));
      for await (const chunk of copy) await writeFrame(gzip, 'D', chunk as Buffer);
      rows += copy.rowCount;
      await writeFrame(gzip, 'E', { rows: copy.rowCount });
    }
    // Sequences are not transactional: read now, they are at least as far as any row above.
    const sequences = (
      await client.query<SequenceValue>(
        `SELECT schemaname AS schema, sequencename AS name, last_value::text AS "lastValue"
           FROM pg_sequences WHERE schemaname = ANY($1) AND last_value IS NOT NULL`,
        [BACKUP_SCHEMAS],
      )
    ).rows;
    await writeFrame(gzip, 'S', sequences);
    await writeFrame(gzip, 'Z', { tables: tables.length, rows });
    gzip.end();
    await finished(out);
    const fd = fs.openSync(partial, 'r+');
    fs.fsyncSync(fd); // on disk before it gets its final name
    fs.closeSync(fd);
    await client.query('COMMIT');
    fs.renameSync(partial, file);
    return { tables: tables.length, rows };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}
