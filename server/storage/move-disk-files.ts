// Data migration, run at every start after the SQL migrations: attachment files still under
// DATA_DIR/attachments (where they lived before migration 007) move into the blob store. One
// transaction per file writes its bytes and points its row at them; only after that commits is
// the file removed from disk. A crash at any point is safe: an uncommitted move rolls back and
// is redone next start, and a file whose move committed is recognised by its name (the new key
// keeps it: 'pg:<name>') and removed. Several processes may run it at once, each with its own
// DATA_DIR: a process locks only rows whose file it has, and waits for a row another process
// holds, then moves it unless that one did (skipping a held row could leave the file on disk).
// A moved file's type is sniffed from its first bytes on the way (routes/attachments/sniff.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/pool.js';
import { withTransaction } from '../db/transaction.js';
import { detectType, withHead } from '../routes/attachments/sniff.js';
import type { BlobStore } from './blob-store.js';

export interface MoveLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface MoveResult {
  /** Files moved into the store (and removed from disk) by this run. */
  moved: number;
  /** Rows whose file is not in this DATA_DIR (perhaps another machine's): left as they are. */
  missing: number;
  /** Files whose move failed this time (read errors); tried again at the next start. */
  failed: number;
}

/** A stored name the store gave (prefixed), rather than a file on disk. */
const IN_STORE = '^(pg|s3):';

export async function moveDiskFiles(opts: {
  db: Db;
  blobs: BlobStore;
  dataDir: string;
  log: MoveLogger;
}): Promise<MoveResult> {
  const { db, blobs, log } = opts;
  const dir = path.join(opts.dataDir, 'attachments');
  const result: MoveResult = { moved: 0, missing: 0, failed: 0 };
  const { rows } = await db.query<{ id: string; stored_name: string }>(
    `SELECT id, stored_name FROM attachments WHERE stored_name !~ '${IN_STORE}' ORDER BY id`,
  );
  for (const row of rows) {
    // Stored names were generated (UUIDs); basename() keeps a stray one inside the folder.
    const file = path.join(dir, path.basename(row.stored_name));
    if (!fs.existsSync(file)) {
      result.missing += 1;
      continue;
    }
    try {
      const moved = await withTransaction(db, async (tx) => {
        const locked = await tx.query(
          `SELECT 1 FROM attachments WHERE id = $1 AND stored_name = $2 FOR UPDATE`,
          [row.id, row.stored_name],
        );
        // Moved by another process while this one waited, or deleted meanwhile; or moved (and
        // removed from disk) by another process with the same DATA_DIR.
        if (locked.rowCount !== 1 || !fs.existsSync(file)) return false;
        const source = withHead(fs.createReadStream(file));
        const stored = await blobs.put(
          source.stream,
          Number.MAX_SAFE_INTEGER,
          tx,
          path.basename(row.stored_name),
        );
        if (!stored) throw new Error('the store refused the file');
        await tx.query(
          `UPDATE attachments SET stored_name = $2, size = $3, detected_type = $4 WHERE id = $1`,
          [row.id, stored.key, stored.size, await detectType(source.head())],
        );
        return true;
      });
      if (moved) {
        await fs.promises.rm(file, { force: true });
        result.moved += 1;
      }
    } catch (err) {
      result.failed += 1;
      log.error(
        { err, file },
        'moving an attachment file into the store failed; retried at next start',
      );
    }
  }
  await removeMovedLeftovers(db, dir);
  if (result.moved) {
    log.info(
      { ...result, store: blobs.kind },
      `Moved ${result.moved} attachment files from ${dir} into ${blobs.kind}`,
    );
  }
  if (result.missing) {
    log.warn(
      { missing: result.missing, dir },
      `${result.missing} attachments point to files that are not in ${dir}; they stay unreadable until started with the DATA_DIR that holds them`,
    );
  }
  return result;
}

/** Files whose move committed before a crash kept them on disk: remove them, then the folder. */
async function removeMovedLeftovers(db: Db, dir: string): Promise<void> {
  if (!fs.existsSync(dir)) return;
  const names = fs.readdirSync(dir);
  if (names.length) {
    const { rows } = await db.query<{ name: string }>(
      `SELECT substring(stored_name from 4) AS name FROM attachments
        WHERE stored_name ~ '${IN_STORE}' AND substring(stored_name from 4) = ANY($1)`,
      [names],
    );
    for (const { name } of rows) await fs.promises.rm(path.join(dir, name), { force: true });
  }
  // Only when empty: files nobody references are left for a person to look at.
  if (fs.readdirSync(dir).length === 0) await fs.promises.rmdir(dir).catch(() => undefined);
}
