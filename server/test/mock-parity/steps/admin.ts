// The agents' settings pages: service-level policies and the help desks' mail channels.
import {
  at,
  list,
  num,
  pick,
  ref,
  type Json,
  type JsonObject,
  type Refs,
  type Scenario,
  type Side,
} from '../harness.js';
import { MARK } from './records.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

const office = { start: '09:00', end: '17:00' };
const WEEK = [null, office, office, office, office, { start: '09:00', end: '13:00' }, null];

const policy = (d: Json): Json => ({
  ...pick(d, 'name', 'hd_ids', 'priority_ids', 'company_ids', 'first_response_minutes'),
  ...pick(d, 'next_response_minutes', 'resolution_minutes', 'time_zone', 'hours', 'holidays'),
  ...pick(d, 'version'),
});

/** The scenario's policies in the order they are tried (the seed's differ). */
const ownPolicies = (d: Json, r: Refs) =>
  list(d)
    .filter((p) => !r.name('sla', at(p, 'id')).endsWith(':other'))
    .map((p) => ({ policy: r.name('sla', at(p, 'id')), ...(policy(p) as JsonObject) }));

/** Keeps every policy id in the answer's order, and the order with the scenario's first. */
const keepOrder = (d: Json, side: Side) => {
  const ids = list(d).map((p) => num(at(p, 'id')));
  const own = ids.filter((id) => !side.refs.name('sla', id).endsWith(':other'));
  side.refs.lists.set('sla:reordered', [
    ...own.reverse(),
    ...ids.filter((id) => !own.includes(id)),
  ]);
  side.refs.lists.set('sla:missing-one', ids.slice(1));
};

/** A help desk's channel as the page shows it (the seed's channels differ: scenario desks only). */
const channel = (d: Json): Json => ({
  ...pick(d, 'hd_name', 'object_type', 'address', 'last_poll_at', 'last_error'),
  imap: at(d, 'imap'),
});

export async function admin(s: Scenario): Promise<void> {
  // SLA policies. The mocks' demo policies go first, so both sides hold the scenario's only.
  await s.onEachSide(async (side) => {
    const token = side.tokens.get('agent');
    const listed = await side.call({ method: 'GET', url: '/api/sla/policies/', token });
    for (const p of list(at(listed.body, 'data'))) {
      await side.call({ method: 'DELETE', url: `/api/sla/policies/${num(at(p, 'id'))}/`, token });
    }
  });
  await s.step({
    op: 'POST /api/sla/policies/',
    as: 'agent',
    body: {
      name: ` ${MARK} urgent hardware `,
      hd_ids: [2],
      priority_ids: [4, 3],
      company_ids: [],
      first_response_minutes: 30,
      next_response_minutes: null,
      resolution_minutes: 480,
      time_zone: 'Europe/Madrid',
      hours: WEEK,
      holidays: ['2026-12-25', '2026-01-01'],
    },
    status: 200,
    values: policy,
    save: keep('sla:urgent'),
  });
  await s.step({
    op: 'POST /api/sla/policies/',
    as: 'agent',
    body: {
      name: `${MARK} everything else`,
      first_response_minutes: 240,
      time_zone: 'UTC',
      hours: WEEK,
    },
    status: 200,
    values: policy,
    save: keep('sla:rest'),
    note: 'the fewest fields',
  });
  await s.step({
    op: 'POST /api/sla/policies/',
    as: 'agent',
    body: {
      name: `${MARK} odd`,
      hd_ids: [5],
      time_zone: 'Mars/Olympus',
      hours: [null, { start: '17:00', end: '09:00' }, null, null, null, null, null],
    },
    status: 400,
    note: 'no target, an unknown zone, hours backwards, a content desk',
  });
  await s.step({
    op: 'POST /api/sla/policies/',
    as: 'agent',
    body: { name: '', time_zone: 'UTC', hours: [null] },
    status: 400,
    note: 'the schema refuses',
  });
  await s.step({
    op: 'POST /api/sla/policies/',
    as: 'alice',
    body: { name: 'Mine', first_response_minutes: 5, time_zone: 'UTC', hours: WEEK },
    status: 403,
  });
  await s.step({
    op: 'GET /api/sla/policies/',
    as: 'agent',
    status: 200,
    values: ownPolicies,
    save: keepOrder,
  });
  await s.step({ op: 'GET /api/sla/policies/', as: 'bob', status: 403 });
  await s.step({
    op: 'PUT /api/sla/policies/order/',
    as: 'agent',
    body: (side) => ({ ids: side.refs.lists.get('sla:reordered') ?? [] }),
    status: 200,
    values: ownPolicies,
    save: (d, side) => {
      for (const p of list(d))
        side.refs.set(`version:${side.refs.name('sla', at(p, 'id'))}`, num(at(p, 'version')));
    },
  });
  await s.step({
    op: 'PUT /api/sla/policies/order/',
    as: 'agent',
    body: (side) => ({ ids: side.refs.lists.get('sla:missing-one') ?? [] }),
    status: 400,
    note: 'a policy missing',
  });
  await s.step({
    op: 'GET /api/sla/policies/{id}/',
    as: 'agent',
    params: { id: ref('sla:urgent') },
    status: 200,
    values: policy,
  });
  await s.step({
    op: 'GET /api/sla/policies/{id}/',
    as: 'agent',
    params: { id: 99999 },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/sla/policies/{id}/',
    as: 'agent',
    params: { id: ref('sla:rest') },
    body: (side) => ({
      name: `${MARK} everything else, faster`,
      first_response_minutes: 120,
      resolution_minutes: 1440,
      time_zone: 'Europe/London',
      hours: WEEK,
      holidays: ['2026-12-26'],
      version: side.refs.id('version:sla:rest'),
    }),
    status: 200,
    values: policy,
  });
  await s.step({
    op: 'PUT /api/sla/policies/{id}/',
    as: 'agent',
    params: { id: ref('sla:rest') },
    body: { name: 'Stale', first_response_minutes: 5, time_zone: 'UTC', hours: WEEK, version: 1 },
    status: 409,
    values: (d) => policy(at(d, 'current')),
    note: 'a stale version',
  });
  await s.step({
    op: 'PUT /api/sla/policies/{id}/',
    as: 'agent',
    params: { id: 99999 },
    body: { name: 'Gone', first_response_minutes: 5, time_zone: 'UTC', hours: WEEK, version: 1 },
    status: 404,
  });
  await s.step({
    op: 'DELETE /api/sla/policies/{id}/',
    as: 'agent',
    params: { id: ref('sla:rest') },
    status: 200,
    values: (d, r) => r.name('sla', at(d, 'id')),
  });
  await s.step({
    op: 'DELETE /api/sla/policies/{id}/',
    as: 'agent',
    params: { id: ref('sla:rest') },
    status: 404,
    note: 'again',
  });
  await s.step({
    op: 'DELETE /api/sla/policies/{id}/',
    as: 'alice',
    params: { id: ref('sla:urgent') },
    status: 403,
  });

  // Mail channels: an address and a mailbox for Hardware (2) and Network (3).
  const desks = (d: Json) =>
    list(at(d, 'items'))
      .filter((c) => [2, 3].includes(num(at(c, 'hd_id'))))
      .map(channel);
  await s.step({ op: 'GET /api/mail-channel/', as: 'agent', status: 200, values: desks });
  await s.step({ op: 'GET /api/mail-channel/', as: 'alice', status: 403 });
  const mailbox = {
    host: '127.0.0.1',
    port: 9,
    tls: false,
    user: 'hardware',
    password: 'mailbox-secret',
    folder: 'Tickets',
  };
  const { password: _password, ...withoutPassword } = mailbox;
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 2 },
    body: { address: 'Hardware.Quokka@Example.com', imap: mailbox },
    status: 200,
    values: channel,
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 2 },
    body: { address: 'hardware.quokka@example.com', imap: withoutPassword },
    status: 200,
    values: channel,
    note: 'the stored password kept',
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 3 },
    body: { address: 'HARDWARE.quokka@example.com', imap: null },
    status: 409,
    note: 'another desk’s address',
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 3 },
    body: { address: 'network.quokka@example.com', imap: null },
    status: 200,
    values: channel,
    note: 'an address without a mailbox',
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 7 },
    body: { address: 'articles.quokka@example.com', imap: null },
    status: 400,
    note: 'a content desk',
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 3 },
    body: { address: 'not an address', imap: { host: '', port: 0, tls: true, user: '' } },
    status: 400,
    note: 'invalid settings',
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 999 },
    body: { address: null, imap: null },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'bob',
    params: { hd_id: 3 },
    body: { address: null, imap: null },
    status: 403,
  });
  await s.step({
    op: 'GET /api/mail-channel/',
    as: 'agent',
    status: 200,
    values: desks,
    note: 'after',
  });
  await s.step({
    op: 'POST /api/mail-channel/{hd_id}/test/',
    as: 'agent',
    params: { hd_id: 2 },
    body: {},
    status: 200,
    values: (d) => d,
    note: 'the stored mailbox, nothing listening',
  });
  await s.step({
    op: 'POST /api/mail-channel/{hd_id}/test/',
    as: 'agent',
    params: { hd_id: 3 },
    body: {},
    status: 400,
    note: 'no mailbox to test',
  });
  await s.step({
    op: 'POST /api/mail-channel/{hd_id}/test/',
    as: 'agent',
    params: { hd_id: 3 },
    body: { imap: { host: 'bad host name', port: 99999, tls: true, user: 'x' } },
    status: 400,
    note: 'invalid settings',
  });
  await s.step({
    op: 'POST /api/mail-channel/{hd_id}/test/',
    as: 'alice',
    params: { hd_id: 2 },
    body: {},
    status: 403,
  });
  await s.step({
    op: 'PUT /api/mail-channel/{hd_id}/',
    as: 'agent',
    params: { hd_id: 2 },
    body: { address: null, imap: null },
    status: 200,
    values: channel,
    note: 'turned off',
  });
}
