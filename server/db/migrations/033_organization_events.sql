-- Organization changes (routes/organizations: created, edited, deleted, a member added, changed
-- or removed) are kept in admin_events with the changes to users and desks (migration 027).
ALTER TABLE admin_events DROP CONSTRAINT admin_events_target_type_check;
ALTER TABLE admin_events ADD CONSTRAINT admin_events_target_type_check
  CHECK (target_type IN ('user', 'helpdesk', 'organization'));
