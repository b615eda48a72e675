// BENCH_PG_STATS=1: where the database's time went during a section, per statement, from
// pg_stat_statements (planning and execution apart). The embedded cluster loads the extension
// when asked; a server given by DATABASE_URL must have it in shared_preload_libraries.
import type pg from 'pg';

export const statementStatsWanted = (): boolean => process.env.BENCH_PG_STATS === '1';

/** `postgres -c` settings for the embedded cluster. */
export function statementStatsSettings(): Record<string, string> {
  return statementStatsWanted()
    ? {
        shared_preload_libraries: 'pg_stat_statements',
        'pg_stat_statements.track_planning': 'on',
      }
    : {};
}

/** Starts counting from zero; false (with a note) where the server cannot count. */
export async function resetStatementStats(db: pg.Pool): Promise<boolean> {
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('SELECT pg_stat_statements_reset()');
    return true;
  } catch (err) {
    console.log(`  (no statement statistics: ${(err as Error).message})`);
    return false;
  }
}

interface StatementRow {
  calls: string;
  exec_ms: number;
  plan_ms: number;
  query: string;
}

/** The statements that took the most database time (execution + planning), largest first. */
export async function printStatementStats(db: pg.Pool, top = 15): Promise<void> {
  const { rows } = await db.query<StatementRow>(
    `SELECT calls, total_exec_time AS exec_ms, total_plan_time AS plan_ms,
            regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time + total_plan_time DESC`,
  );
  const all = rows.reduce((s, r) => s + r.exec_ms + r.plan_ms, 0);
  const planned = rows.reduce((s, r) => s + r.plan_ms, 0);
  console.log(
    `  database time by statement (pg_stat_statements): ${(all / 1000).toFixed(1)} s in all, ` +
      `${((100 * planned) / all).toFixed(0)}% of it planning`,
  );
  console.log('     share    calls  exec ms  plan ms  per call  statement');
  for (const r of rows.slice(0, top)) {
    const calls = Number(r.calls);
    const share = (100 * (r.exec_ms + r.plan_ms)) / all;
    const per = calls ? (r.exec_ms + r.plan_ms) / calls : 0;
    console.log(
      `    ${share.toFixed(1).padStart(5)}% ${String(calls).padStart(8)} ${r.exec_ms.toFixed(0).padStart(8)} ` +
        `${r.plan_ms.toFixed(0).padStart(8)} ${per.toFixed(3).padStart(9)}  ${r.query.slice(0, 90)}`,
    );
  }
}
