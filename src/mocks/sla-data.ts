import type { SlaPolicy } from '../features/sla/types';

const office = { start: '09:00', end: '17:00' };
const week = [null, office, office, office, office, office, null];

/** The demo's policies (server/sla/seed.ts). */
export function seedSlaPolicies(): SlaPolicy[] {
  const base = {
    hd_ids: null,
    company_ids: null,
    time_zone: 'Europe/Madrid',
    hours: week,
    holidays: ['2026-12-25'],
    version: 1,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
  };
  return [
    {
      ...base,
      id: 1,
      name: 'High and Urgent',
      sort_order: 1,
      priority_ids: [3, 4],
      first_response_minutes: 60,
      next_response_minutes: 240,
      resolution_minutes: 960,
    },
    {
      ...base,
      id: 2,
      name: 'Standard',
      sort_order: 2,
      priority_ids: null,
      first_response_minutes: 240,
      next_response_minutes: 480,
      resolution_minutes: 2400,
    },
  ];
}
