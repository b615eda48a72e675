// Organizations as the mocks store them (server: migration 030, routes/organizations/). The
// seed's companies are organizations without domains or members; GET company/ lists every
// organization (records-data.ts COMPANIES is kept equal to them).
import { COMPANIES } from './records-data';

export interface MockOrganization {
  id: number;
  name: string;
  domains: string[];
  notes: string;
  members_see_tickets: boolean;
  updated_at: string;
  /** Custom field values (the details answer carries them). */
  fields?: Record<string, unknown>;
}

export interface MockMembership {
  user_id: number;
  company_id: number;
  is_primary: boolean;
}

const SEED = COMPANIES.map((c) => ({ ...c }));

export function seedOrganizations(): MockOrganization[] {
  return SEED.map((c) => ({
    id: c.company_id,
    name: c.company_name,
    domains: [],
    notes: '',
    members_see_tickets: false,
    updated_at: new Date(0).toISOString(),
  }));
}

/** Makes the company lookup list the organizations, by name (the server's ORDER BY name, id). */
export function syncCompanies(organizations: MockOrganization[]): void {
  const list = [...organizations]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((o) => ({ company_id: o.id, company_name: o.name }));
  COMPANIES.splice(0, COMPANIES.length, ...list);
}
