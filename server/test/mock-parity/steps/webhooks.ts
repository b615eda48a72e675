// Webhooks: an administrator registers an endpoint (refused: plain http, an internal address,
// no events; others get 403), a raised ticket is logged as a delivery, sent again, the secret
// remade, the endpoint edited and deleted. The real side's endpoint is a public address; its
// attempts meet this test's request interception (msw says so in the output) and fail at once,
// so nothing leaves the machine.
import { eventually } from '../../routes/work-helpers.js';
import {
  at,
  list,
  num,
  pick,
  ref,
  type Json,
  type Scenario,
  type Side,
  type SideName,
} from '../harness.js';
import { MARK } from './records.js';

const URL = 'https://[2606:4700:4700::1111]/helpdesk';
const endpoint = (d: Json): Json => pick(d, 'url', 'events', 'active', 'disabled_at');
const keep = (d: Json, side: Side) => side.refs.set('webhook:hooks', num(at(d, 'endpoint', 'id')));

export async function webhooks(s: Scenario): Promise<void> {
  await s.step({
    op: 'GET /api/webhooks',
    as: 'agent',
    status: 200,
    values: (d) => list(d).map(endpoint),
  });
  await s.step({
    op: 'POST /api/webhooks',
    as: 'alice',
    body: { url: URL, events: ['ticket.created'] },
    status: 403,
  });
  const cases: Array<[Json, string]> = [
    [{ url: 'http://hooks.example.com/', events: ['ticket.created'] }, 'plain http'],
    [{ url: 'https://169.254.169.254/latest', events: ['ticket.created'] }, 'the metadata address'],
    [{ url: 'https://[::ffff:10.0.0.1]/', events: ['ticket.created'] }, 'IPv4-mapped private'],
    [{ url: 'https://127.0.0.1/', events: ['ticket.created'] }, 'loopback'],
    [{ url: URL, events: [] }, 'no events'],
    [{ url: URL, events: ['ticket.exploded'] }, 'an unknown event'],
    [{ url: 'not a url', events: ['ticket.created'] }, 'not a URL'],
  ];
  for (const [body, note] of cases) {
    await s.step({ op: 'POST /api/webhooks', as: 'agent', body, status: 400, note });
  }
  await s.step({
    op: 'POST /api/webhooks',
    as: 'agent',
    body: { url: URL, events: ['ticket.created', 'ticket.message_added'] },
    status: 200,
    values: (d) => ({
      endpoint: endpoint(at(d, 'endpoint')),
      secret: String(at(d, 'secret')).startsWith('whsec_'),
    }),
    save: keep,
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: { subject: `${MARK} webhook`, description: '<p>For the hook.</p>', priority_id: 2 },
    status: 200,
  });
  // The real side's outbox worker writes the delivery a moment after the ticket commits, and
  // its job makes the first attempt (the mocks log theirs at once).
  const realId = s.sides.real.refs.id('webhook:hooks');
  await eventually(async () => {
    const { rowCount } = await s.sides.env.db.query(
      `SELECT 1 FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE d.endpoint_id = $1`,
      [realId],
    );
    if (!rowCount) throw new Error('no attempt yet');
  });
  const deliveryIds = new Map<SideName, string>();
  const log = await s.step({
    op: 'GET /api/webhooks/{id}/deliveries',
    as: 'agent',
    params: { id: ref('webhook:hooks') },
    status: 200,
    values: (d) => list(d).map((x) => at(x, 'event')),
  });
  deliveryIds.set('mock', String(at(list(log.mock)[0] ?? {}, 'id')));
  deliveryIds.set('real', String(at(list(log.real)[0] ?? {}, 'id')));
  await s.step({
    op: 'POST /api/webhooks/{id}/deliveries/{deliveryId}/send-again',
    as: 'agent',
    params: { id: ref('webhook:hooks'), deliveryId: (side) => deliveryIds.get(side.name) ?? '' },
    status: 200,
    values: (d) => at(d, 'event'),
  });
  await s.step({
    op: 'POST /api/webhooks/{id}/deliveries/{deliveryId}/send-again',
    as: 'agent',
    params: { id: ref('webhook:hooks'), deliveryId: '00000000-0000-4000-8000-000000000000' },
    status: 404,
  });
  await s.step({
    op: 'POST /api/webhooks/{id}/secret',
    as: 'agent',
    params: { id: ref('webhook:hooks') },
    status: 200,
    values: (d) => String(at(d, 'secret')).startsWith('whsec_'),
  });
  await s.step({
    op: 'PUT /api/webhooks/{id}',
    as: 'agent',
    params: { id: ref('webhook:hooks') },
    body: { url: URL, events: ['ticket.updated'], active: false },
    status: 200,
    values: endpoint,
  });
  await s.step({
    op: 'PUT /api/webhooks/{id}',
    as: 'agent',
    params: { id: 999999 },
    body: { url: URL, events: ['ticket.updated'] },
    status: 404,
  });
  await s.step({
    op: 'DELETE /api/webhooks/{id}',
    as: 'agent',
    params: { id: ref('webhook:hooks') },
    status: 200,
  });
  await s.step({
    op: 'GET /api/webhooks/{id}/deliveries',
    as: 'agent',
    params: { id: ref('webhook:hooks') },
    status: 404,
  });
}
