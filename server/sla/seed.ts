// The demo's service levels (first start / npm run seed): office hours in Madrid for every
// ticket, tighter targets for High and Urgent ones. Loaded once (a marker in app_settings). The
// demo tickets get their due times from the SLA sweep, quietly (no mails about old tickets).
import type { Db } from '../db/pool.js';
import { withTransaction } from '../db/transaction.js';

const officeHours = { start: '09:00', end: '17:00' };
const WEEK = JSON.stringify([
  null,
  officeHours,
  officeHours,
  officeHours,
  officeHours,
  officeHours,
  null,
]);

export async function seedDemoSla(db: Db): Promise<void> {
  await withTransaction(db, async (tx) => {
    const marker = await tx.query(
      `INSERT INTO app_settings (key, value) VALUES ('demo_sla_seeded', now()::text)
       ON CONFLICT DO NOTHING`,
    );
    if (marker.rowCount !== 1) return;
    await tx.query(
      `INSERT INTO sla_policies (name, sort_order, priority_ids, first_response_minutes,
                                 next_response_minutes, resolution_minutes, time_zone, hours,
                                 holidays)
       VALUES ('High and Urgent', 1, '{3,4}', 60, 240, 960, 'Europe/Madrid', $1,
               '{2026-12-25,2027-01-01,2027-01-06}'),
              ('Standard', 2, NULL, 240, 480, 2400, 'Europe/Madrid', $1,
               '{2026-12-25,2027-01-01,2027-01-06}')`,
      [WEEK],
    );
  });
}
