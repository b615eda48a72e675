// An upload's transaction waits on the network while the file arrives (between chunk writes,
// or while a bucket takes the file). The short idle timeout meant for web requests must not cut
// a slow client off; the wait is bounded per step instead.
import type pg from 'pg';

const UPLOAD_IDLE_TIMEOUT = '60s';

export async function allowSlowUpload(tx: pg.PoolClient): Promise<void> {
  await tx.query(`SET LOCAL idle_in_transaction_session_timeout = '${UPLOAD_IDLE_TIMEOUT}'`);
}
