// Organizations: an administrator creates them, agents edit them and their members;
// a ticket's company defaults to the requester's primary organization; a member of an
// organization that shares its tickets reads a colleague's ticket and lists it in "My
// organization's tickets", and gets 404 for another organization's. Regular users get 403 on
// every organization call.
import {
  at,
  list,
  num,
  pick,
  ref,
  type Json,
  type Refs,
  type Scenario,
  type Side,
} from '../harness.js';
import { page, record } from '../values.js';
import { MARK } from './records.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));
const keepOrg = (name: string) => (d: Json, side: Side) =>
  side.refs.set(name, num(at(d, 'organization', 'id')));

const organization = (d: Json): Json =>
  pick(d, 'name', 'domains', 'notes', 'members_see_tickets', 'member_count', 'open_ticket_count');

/** An organization's page as an agent sees it (ids by name). */
const details = (d: Json, r: Refs): Json => ({
  organization: organization(at(d, 'organization')),
  members: list(at(d, 'members')).map((m) => ({
    ...pick(m, 'fullname', 'email', 'is_primary'),
    id: r.name('user', at(m, 'id')),
  })),
  recent_tickets: list(at(d, 'recent_tickets')).map((t) => ({
    ...pick(t, 'subject', 'status_name', 'is_closed', 'requester_name'),
    id: r.record(at(t, 'id')),
  })),
});

const ACME = `${MARK} Acme`;
const GLOBEX = `${MARK} Globex`;
const ticket = { description: '<p>The printer jams.</p>', priority_id: 2 };

export async function organizations(s: Scenario): Promise<void> {
  await s.step({
    op: 'POST /api/organizations',
    as: 'agent',
    body: {
      name: ` ${ACME} `,
      domains: ['Acme-Parity.example', 'acme-parity.example'],
      notes: 'Key account',
      members_see_tickets: true,
    },
    status: 200,
    values: details,
    save: keepOrg('org:acme'),
  });
  await s.step({
    op: 'POST /api/organizations',
    as: 'agent',
    body: { name: GLOBEX, members_see_tickets: true },
    status: 200,
    values: details,
    save: keepOrg('org:globex'),
    note: 'only a name and the flag',
  });
  await s.step({
    op: 'POST /api/organizations',
    as: 'agent',
    body: { name: `${MARK} Rival`, domains: ['acme-parity.example'] },
    status: 409,
    note: 'the domain is taken',
  });
  await s.step({
    op: 'POST /api/organizations',
    as: 'agent',
    body: { name: ' ', domains: ['not a domain'] },
    status: 400,
  });
  await s.step({
    op: 'POST /api/organizations',
    as: 'alice',
    body: { name: `${MARK} Mine` },
    status: 403,
  });
  await s.step({
    op: 'GET /api/organizations',
    as: 'agent',
    status: 200,
    values: (d) =>
      list(d)
        .filter((o) => String(at(o, 'name')).startsWith(MARK))
        .map(organization),
  });
  await s.step({ op: 'GET /api/organizations', as: 'bob', status: 403 });
  await s.step({
    op: 'PUT /api/organizations/{id}',
    as: 'agent',
    params: { id: ref('org:acme') },
    body: {
      name: ACME,
      domains: ['acme-parity.example'],
      notes: 'Key account, renewed',
      members_see_tickets: true,
    },
    status: 200,
    values: details,
  });
  await s.step({
    op: 'PUT /api/organizations/{id}',
    as: 'agent',
    params: { id: ref('org:globex') },
    body: { name: ACME },
    status: 409,
    note: 'the name is taken',
  });
  await s.step({
    op: 'PUT /api/organizations/{id}',
    as: 'agent',
    params: { id: 99999 },
    body: { name: `${MARK} Nowhere` },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/organizations/{id}',
    as: 'alice',
    params: { id: ref('org:acme') },
    body: { name: ACME },
    status: 403,
  });

  // Members: Alice and Bob at Acme, Bob's primary given on his first membership.
  for (const who of ['alice', 'bob']) {
    await s.step({
      op: 'PUT /api/organizations/{id}/members/{user_id}',
      as: 'agent',
      params: { id: ref('org:acme'), user_id: ref(`user:${who}`) },
      body: {},
      status: 200,
      values: details,
    });
  }
  await s.step({
    op: 'PUT /api/organizations/{id}/members/{user_id}',
    as: 'agent',
    params: { id: ref('org:acme'), user_id: 999999 },
    body: {},
    status: 404,
    note: 'no such user',
  });
  await s.step({
    op: 'PUT /api/organizations/{id}/members/{user_id}',
    as: 'agent',
    params: { id: ref('org:acme'), user_id: ref('user:bob') },
    body: { is_primary: 'yes' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/organizations/{id}/members/{user_id}',
    as: 'alice',
    params: { id: ref('org:acme'), user_id: ref('user:alice') },
    body: {},
    status: 403,
  });

  // A ticket's company defaults to the primary organization; colleagues see it.
  await s.step({
    op: 'POST /api/ticket/',
    as: 'bob',
    body: { ...ticket, subject: `${MARK} Acme printer` },
    status: 200,
    values: record,
    save: keep('ticket:org-bob'),
    note: "the company defaults to Bob's organization",
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'agent',
    body: (side) => ({
      ...ticket,
      subject: `${MARK} Globex printer`,
      company_id: side.refs.id('org:globex'),
    }),
    status: 200,
    values: record,
    save: keep('ticket:org-globex'),
  });
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:org-bob') },
    status: 200,
    values: record,
    note: "a colleague's ticket: access organization",
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:org-bob') },
    body: { version: 1, subject: 'Mine now' },
    status: 403,
  });
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:org-globex') },
    status: 404,
    note: "another organization's ticket",
  });
  await s.step({
    op: 'POST /api/search/ticket/my',
    as: 'alice',
    body: { filters: { organization_tickets: true } },
    status: 200,
    values: page,
    note: "My organization's tickets",
  });
  await s.step({
    op: 'GET /api/organizations/{id}',
    as: 'agent',
    params: { id: ref('org:acme') },
    status: 200,
    values: details,
  });
  await s.step({
    op: 'GET /api/organizations/{id}',
    as: 'agent',
    params: { id: 99999 },
    status: 404,
  });
  await s.step({
    op: 'GET /api/organizations/{id}',
    as: 'alice',
    params: { id: ref('org:acme') },
    status: 403,
  });

  // Leaving, and deleting.
  await s.step({
    op: 'DELETE /api/organizations/{id}/members/{user_id}',
    as: 'agent',
    params: { id: ref('org:acme'), user_id: ref('user:alice') },
    status: 200,
    values: details,
  });
  await s.step({
    op: 'DELETE /api/organizations/{id}/members/{user_id}',
    as: 'agent',
    params: { id: ref('org:acme'), user_id: ref('user:alice') },
    status: 404,
    note: 'not a member any more',
  });
  await s.step({
    op: 'DELETE /api/organizations/{id}/members/{user_id}',
    as: 'bob',
    params: { id: ref('org:acme'), user_id: ref('user:bob') },
    status: 403,
  });
  // Custom field values of an organization (the definitions' set version read first).
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: {
      object_type: 'O',
      key: 'tier',
      type: 'single_choice',
      label_en: 'Tier',
      label_es: 'Nivel',
      choices: [
        { value: 'gold', label_en: 'Gold', label_es: 'Oro' },
        { value: 'silver', label_en: 'Silver', label_es: 'Plata' },
      ],
    },
    status: 200,
    values: (d) => pick(d, 'key', 'type'),
    save: keep('field:tier'),
  });
  await s.step({
    op: 'GET /api/custom-fields',
    as: 'agent',
    query: { object_type: 'O' },
    status: 200,
    values: (d) => list(at(d, 'fields')).map((f) => at(f, 'key')),
    save: (d, side) => side.refs.set('fields:O', num(at(d, 'version'))),
  });
  await s.step({
    op: 'PUT /api/organizations/{id}/fields',
    as: 'agent',
    params: { id: ref('org:globex') },
    body: (side) => ({ fields: { tier: 'gold' }, fields_version: side.refs.id('fields:O') }),
    status: 200,
    values: (d, r) => ({ ...(details(d, r) as object), fields: at(d, 'fields') }),
  });
  await s.step({
    op: 'PUT /api/organizations/{id}/fields',
    as: 'agent',
    params: { id: ref('org:globex') },
    body: (side) => ({
      fields: { tier: 'bronze', nope: 1 },
      fields_version: side.refs.id('fields:O'),
    }),
    status: 400,
    note: 'a value not among the choices, an unknown key',
  });
  await s.step({
    op: 'PUT /api/organizations/{id}/fields',
    as: 'agent',
    params: { id: ref('org:globex') },
    body: (side) => ({ fields: { tier: 'silver' }, fields_version: side.refs.id('fields:O') - 1 }),
    status: 409,
    note: 'a stale set of definitions',
  });
  await s.step({
    op: 'PUT /api/organizations/{id}/fields',
    as: 'agent',
    params: { id: 99999 },
    body: (side) => ({ fields: {}, fields_version: side.refs.id('fields:O') }),
    status: 404,
  });
  await s.step({
    op: 'PUT /api/organizations/{id}/fields',
    as: 'bob',
    params: { id: ref('org:globex') },
    body: { fields: {}, fields_version: 1 },
    status: 403,
  });
  // A user's custom field values.
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: { object_type: 'U', key: 'vip', type: 'checkbox', label_en: 'VIP', label_es: 'VIP' },
    status: 200,
    values: (d) => pick(d, 'key', 'type'),
    save: keep('field:vip'),
  });
  await s.step({
    op: 'GET /api/custom-fields',
    as: 'agent',
    query: { object_type: 'U' },
    status: 200,
    values: (d) => list(at(d, 'fields')).map((f) => at(f, 'key')),
    save: (d, side) => side.refs.set('fields:U', num(at(d, 'version'))),
  });
  await s.step({
    op: 'PUT /api/users/{id}/fields',
    as: 'agent',
    params: { id: ref('user:bob') },
    body: (side) => ({ fields: { vip: true }, fields_version: side.refs.id('fields:U') }),
    status: 200,
    values: (d) => at(d, 'fields'),
  });
  await s.step({
    op: 'PUT /api/users/{id}/fields',
    as: 'agent',
    params: { id: ref('user:bob') },
    body: (side) => ({ fields: { vip: 'yes' }, fields_version: side.refs.id('fields:U') }),
    status: 400,
    note: 'not a boolean',
  });
  await s.step({
    op: 'PUT /api/users/{id}/fields',
    as: 'agent',
    params: { id: ref('user:bob') },
    body: (side) => ({ fields: { vip: false }, fields_version: side.refs.id('fields:U') + 1 }),
    status: 409,
  });
  await s.step({
    op: 'GET /api/users/{id}/fields',
    as: 'agent',
    params: { id: ref('user:bob') },
    status: 200,
    values: (d) => at(d, 'fields'),
  });
  await s.step({
    op: 'GET /api/users/{id}/fields',
    as: 'agent',
    params: { id: 99999999 },
    status: 404,
  });
  await s.step({
    op: 'GET /api/users/{id}/fields',
    as: 'bob',
    params: { id: ref('user:bob') },
    status: 403,
  });
  await s.step({
    op: 'DELETE /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:vip') },
    query: { confirm: 'true' },
    status: 200,
    values: (d) => pick(d, 'cleared'),
  });
  await s.step({
    op: 'DELETE /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:tier') },
    query: { confirm: 'true' },
    status: 200,
    values: (d) => pick(d, 'cleared'),
  });
  await s.step({
    op: 'DELETE /api/organizations/{id}',
    as: 'agent',
    params: { id: ref('org:acme') },
    status: 409,
    note: 'it still has tickets',
  });
  await s.step({
    op: 'DELETE /api/organizations/{id}',
    as: 'bob',
    params: { id: ref('org:acme') },
    status: 403,
  });
  await s.step({
    op: 'POST /api/organizations',
    as: 'agent',
    body: { name: `${MARK} Short-lived` },
    status: 200,
    values: details,
    save: keepOrg('org:short'),
  });
  await s.step({
    op: 'DELETE /api/organizations/{id}',
    as: 'agent',
    params: { id: ref('org:short') },
    status: 200,
    values: () => 'deleted',
  });
  await s.step({
    op: 'DELETE /api/organizations/{id}',
    as: 'agent',
    params: { id: ref('org:short') },
    status: 404,
  });

  // The later areas count the scenario's tickets: these two go, and Bob leaves Acme.
  await s.onEachSide(async (side) => {
    const token = side.tokens.get('agent');
    for (const name of ['ticket:org-bob', 'ticket:org-globex']) {
      await side.call({ method: 'DELETE', url: `/api/ticket/${side.refs.id(name)}/`, token });
    }
    await side.call({
      method: 'DELETE',
      url: `/api/organizations/${side.refs.id('org:acme')}/members/${side.refs.id('user:bob')}`,
      token,
    });
  });
}
