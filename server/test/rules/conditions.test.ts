// Every condition a trigger may have, each operator, against one ticket's state and one change.
import { describe, expect, it } from 'vitest';
import { conditionMet, type EventContext, type TicketState } from '../../rules/evaluate.js';
import type { Condition } from '../../rules/schema.js';

const ticket: TicketState = {
  id: 7,
  object_type: 'T',
  is_draft: false,
  merged_into_id: null,
  title: 'Impresora atascada: error E-42',
  body: '<p>The <b>printer</b> says paper jam.</p>',
  channel: 'mail',
  hd_id: 2,
  hd_name: 'Hardware',
  status_id: 1,
  status_name: 'New',
  priority_id: 3,
  priority_name: 'High',
  company_id: 1,
  company_name: 'Acme Corp',
  owner_id: 50,
  owner_name: 'Alice',
  owner_email: 'alice@acme.example',
  owner_language: 'en',
  owner_is_hde: false,
  owner_organizations: [1, 4],
  assignee_id: null,
  assignee_name: null,
  tag_ids: [10, 11],
  fields: { product: 'printer', sizes: ['s', 'm'], urgent: true, seats: 3 },
  last_message: '',
  // Monday to Friday, 09:00-17:00 in Madrid.
  policy: {
    id: 1,
    name: 'Office',
    sort_order: 1,
    hd_ids: null,
    priority_ids: null,
    company_ids: null,
    first_response_minutes: 60,
    next_response_minutes: null,
    resolution_minutes: null,
    time_zone: 'Europe/Madrid',
    hours: [null, ...Array(5).fill({ start: '09:00', end: '17:00' }), null],
    holidays: [],
    version: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
};

const change: EventContext = {
  events: ['ticket_updated'],
  actor: 'agent',
  changes: { priority: { from: 2, to: 3 }, assignee: { to: null } },
  message: '<p>Señor, the VPN is down again</p>',
  // A Wednesday, 10:00 in Madrid.
  now: new Date('2026-03-04T09:00:00Z'),
};

const timeouts: string[] = [];
const met = (c: Condition, e: EventContext = change) =>
  conditionMet(c, ticket, e, (p) => timeouts.push(p));

describe('conditions', () => {
  it.each<[Condition, boolean]>([
    [{ field: 'desk', operator: 'is', value: [2, 3] }, true],
    [{ field: 'desk', operator: 'is_not', value: [2] }, false],
    [{ field: 'status', operator: 'is', value: [1] }, true],
    [{ field: 'status', operator: 'is_not', value: [4, 5] }, true],
    [{ field: 'priority', operator: 'is', value: [4] }, false],
    [{ field: 'priority', operator: 'is_not', value: [4] }, true],
    [{ field: 'organization', operator: 'is', value: [1] }, true],
    [{ field: 'organization', operator: 'is_not', value: [1] }, false],
    [{ field: 'tags', operator: 'contains', value: [10, 11] }, true],
    [{ field: 'tags', operator: 'contains', value: [10, 12] }, false],
    [{ field: 'tags', operator: 'not_contains', value: [12, 13] }, true],
    [{ field: 'tags', operator: 'not_contains', value: [11, 13] }, false],
    [{ field: 'custom_field', key: 'product', operator: 'is', value: 'printer' }, true],
    [{ field: 'custom_field', key: 'product', operator: 'is_not', value: 'printer' }, false],
    [{ field: 'custom_field', key: 'sizes', operator: 'is', value: 'm' }, true],
    [{ field: 'custom_field', key: 'urgent', operator: 'is', value: true }, true],
    [{ field: 'custom_field', key: 'seats', operator: 'is', value: 3 }, true],
    [{ field: 'custom_field', key: 'missing', operator: 'set' }, false],
    [{ field: 'custom_field', key: 'missing', operator: 'not_set' }, true],
    [{ field: 'custom_field', key: 'product', operator: 'set' }, true],
    [{ field: 'requester', operator: 'is', value: [50] }, true],
    [{ field: 'requester', operator: 'is_not', value: [50] }, false],
    [{ field: 'requester_organization', operator: 'member_of', value: [4] }, true],
    [{ field: 'requester_organization', operator: 'not_member_of', value: [4] }, false],
    [{ field: 'requester_organization', operator: 'not_member_of', value: [2] }, true],
    [{ field: 'assignee', operator: 'is', value: [null] }, true],
    [{ field: 'assignee', operator: 'is', value: [9] }, false],
    [{ field: 'assignee', operator: 'is_not', value: [null] }, false],
    [{ field: 'channel', operator: 'is', value: ['mail'] }, true],
    [{ field: 'channel', operator: 'is_not', value: ['web', 'api'] }, true],
    // Case- and accent-insensitive words.
    [{ field: 'subject', operator: 'contains', value: 'IMPRESORA' }, true],
    [{ field: 'subject', operator: 'not_contains', value: 'scanner' }, true],
    [{ field: 'subject', operator: 'matches', value: 'E-\\d+' }, true],
    [{ field: 'subject', operator: 'not_matches', value: '^printer' }, true],
    // A message event's body is the message; its HTML is not part of the words.
    [{ field: 'body', operator: 'contains', value: 'senor' }, true],
    [{ field: 'body', operator: 'contains', value: 'printer' }, false],
    [{ field: 'body', operator: 'matches', value: 'vpn\\s+is\\s+down' }, true],
    [{ field: 'body', operator: 'not_matches', value: 'vpn' }, false],
    [{ field: 'business_hours', operator: 'within' }, true],
    [{ field: 'business_hours', operator: 'outside' }, false],
    [{ field: 'change', attribute: 'priority', operator: 'changed' }, true],
    [{ field: 'change', attribute: 'priority', operator: 'changed_to', value: 3 }, true],
    [{ field: 'change', attribute: 'priority', operator: 'changed_from', value: 2 }, true],
    [{ field: 'change', attribute: 'priority', operator: 'changed_from', value: 1 }, false],
    [{ field: 'change', attribute: 'status', operator: 'changed' }, false],
    // A value the rules never saw before: it changed, but not from anything they can name.
    [{ field: 'change', attribute: 'assignee', operator: 'changed_from', value: null }, false],
    [{ field: 'change', attribute: 'assignee', operator: 'changed_to', value: null }, true],
    [{ field: 'actor', operator: 'is', value: ['agent'] }, true],
    [{ field: 'actor', operator: 'is_not', value: ['agent', 'rule'] }, false],
  ])('%j → %s', (condition, expected) => {
    expect(met(condition)).toBe(expected);
  });

  it('reads the description when the event has no message, and the hours at night', () => {
    const night = { ...change, message: undefined, now: new Date('2026-03-04T22:00:00Z') };
    expect(met({ field: 'body', operator: 'contains', value: 'paper jam' }, night)).toBe(true);
    expect(met({ field: 'business_hours', operator: 'outside' }, night)).toBe(true);
    // A Saturday.
    const saturday = { ...change, now: new Date('2026-03-07T10:00:00Z') };
    expect(met({ field: 'business_hours', operator: 'within' }, saturday)).toBe(false);
  });

  it('an actor condition does not hold for a change nobody made (a job)', () => {
    expect(
      met({ field: 'actor', operator: 'is_not', value: ['rule'] }, { ...change, actor: null }),
    ).toBe(false);
  });

  it('a pattern that backtracks without end runs out of time and does not match', () => {
    const slow = { ...ticket, title: `${'a'.repeat(40)}!` };
    const started = Date.now();
    expect(
      conditionMet({ field: 'subject', operator: 'matches', value: '^(a+)+$' }, slow, change, (p) =>
        timeouts.push(p),
      ),
    ).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(timeouts).toEqual(['^(a+)+$']);
  });
});
