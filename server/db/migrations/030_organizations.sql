-- Organizations (issue #42): the `companies` lookup grows into organizations that users belong
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

-- "My organization's tickets": a member's list of the tickets of their sharing organizations,
-- newest first, one organization's entries at a time. records_hd_company_idx (migration 023)
-- leads with object_type and is_draft, so this list (and the organization page's open and
-- recent tickets) reads it by company and creation time; the updated-time sort gets its own.
CREATE INDEX records_company_updated_idx ON records (company_id, object_type, is_draft, updated_at, id)
  WHERE company_id IS NOT NULL;
