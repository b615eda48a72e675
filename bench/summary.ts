// The bench's last screen: each target beside what was measured, met or not. Sections add rows
// as they run; run.ts prints them at the end.
export interface SummaryRow {
  what: string;
  measured: string;
  target: string;
  met: boolean;
}

const rows: SummaryRow[] = [];

export function addTarget(row: SummaryRow): void {
  rows.push(row);
}

/**
 * Figures one section measures and a later one prints beside its own: the hop (records.ts
 * printHop) and the list throughput's SQL floor (pairs/s).
 */
export const measuredOnce: { hopP95?: number; floorPairsPerSecond?: number } = {};

/** A list or search case's p95s: the whole call, its SQL run directly, the server's own time. */
export interface CaseP95 {
  name: string;
  http: number;
  sql: number;
  server: number;
}

/**
 * The two per-case targets (docs/performance.md, "Targets"): the server's own time within 1.5x
 * of its SQL, and the whole call within its SQL plus the bare hop plus 1 ms.
 */
export function addCaseTargets(what: string, cases: CaseP95[], hopP95: number): void {
  if (!cases.length) return;
  const worst = (score: (c: CaseP95) => number) =>
    cases.reduce((a, b) => (score(b) > score(a) ? b : a));
  const within = (ok: (c: CaseP95) => boolean) =>
    `${cases.filter(ok).length} of ${cases.length} cases within`;
  const serverOk = (c: CaseP95) => c.server <= 1.5 * c.sql;
  const s = worst((c) => c.server / c.sql);
  addTarget({
    what: `${what}: worst server p95 / SQL p95`,
    measured: `${(s.server / s.sql).toFixed(2)}x (${s.name}); ${within(serverOk)}`,
    target: '<= 1.5x',
    met: cases.every(serverOk),
  });
  const over = (c: CaseP95) => c.http - (c.sql + hopP95);
  const httpOk = (c: CaseP95) => over(c) <= 1;
  const h = worst(over);
  addTarget({
    what: `${what}: worst HTTP p95 - (SQL p95 + hop ${hopP95.toFixed(1)})`,
    measured: `${over(h) >= 0 ? '+' : ''}${over(h).toFixed(1)} ms (${h.name}); ${within(httpOk)}`,
    target: '<= 1 ms',
    met: cases.every(httpOk),
  });
}

export function printSummary(): void {
  if (!rows.length) return;
  const w = Math.min(60, Math.max(...rows.map((r) => r.what.length)));
  const m = Math.max(...rows.map((r) => r.measured.length));
  const t = Math.max(...rows.map((r) => r.target.length));
  console.log('\nSummary: targets (docs/performance.md, "Targets")');
  console.log(`${'what'.padEnd(w)}  ${'measured'.padEnd(m)}  ${'target'.padEnd(t)}  result`);
  console.log('-'.repeat(w + m + t + 14));
  for (const r of rows) {
    console.log(
      `${r.what.slice(0, w).padEnd(w)}  ${r.measured.padEnd(m)}  ${r.target.padEnd(t)}  ${r.met ? 'met' : 'NOT MET'}`,
    );
  }
  const missed = rows.filter((r) => !r.met).length;
  console.log(missed ? `${missed} of ${rows.length} targets not met.` : 'All targets met.');
}
