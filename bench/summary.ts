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

export function printSummary(): void {
  if (!rows.length) return;
  const w = Math.min(60, Math.max(...rows.map((r) => r.what.length)));
  const m = Math.max(...rows.map((r) => r.measured.length));
  const t = Math.max(...rows.map((r) => r.target.length));
  console.log('\nSummary: targets (issues 8, 10 and 13)');
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
