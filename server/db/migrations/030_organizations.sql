-- Organizations: the `companies` lookup grows into organizations that users belong
-- to. A ticket's `company_id` stays its organization (the API's company field is unchanged).
-- An organization has mail domains (unique across organizations: a mail from an unknown sender
-- at one makes them a member, mail/inbound/import.ts), notes and the "members see each other's
-- tickets" flag, which widens the regular users' visibility rule (routes/records/visibility.ts).
ALTER TABLE companies
  ADD COLUMN notes text NOT NULL DEFAULT '',
  ADD COLUMN members_see_tickets boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- One row per domain, so a domain belongs to at most one organization (its primary key).
CREATE TABLE organization_domains (
  domain     text PRIMARY KEY CHECK (domain = lower(domain) AND char_length(domain) BETWEEN 3 AND 253),
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE
);
CREATE INDEX organization_domains_company_idx ON organization_domains (company_id);

-- A user belongs to any number of organizations, at most one of them primary (a new ticket's
-- company defaults to it). The primary key leads with the user: the visibility rule's probe
-- (is the viewer a member of this ticket's organization?) and "my organizations" read it.
CREATE TABLE organization_members (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, company_id)
);
CREATE UNIQUE INDEX organization_members_primary_key ON organization_members (user_id)
  WHERE is_primary;
CREATE INDEX organization_members_company_idx ON organization_members (company_id, user_id);

-- "My organization's tickets" needs no index of its own: the list reads the member's sharing
-- organizations first and names them (records/sql.ts), so one organization's list is the agents'
-- company filter, records_hd_company_idx (migration 023) newest first, and the other sorts walk
-- their hd index with the company beside each entry (INCLUDE); the organization page's newest
-- tickets and the delete's "still has tickets" read the same index.
