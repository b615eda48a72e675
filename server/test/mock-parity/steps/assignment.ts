// Automatic assignment (docs/assignment.md): an administrator sets a desk's rule and away
// setting and sees the agents' availability; an agent goes away and comes back; anyone else
// gets 403. The desk's rule is set back to off: the later areas raise tickets there.
import { at, list, num, pick, ref, type Json, type Scenario, type Side } from '../harness.js';
import { events } from '../values.js';
import { MARK } from './records.js';

const HARDWARE = 2;
const FACILITIES = 6;
const desk = (d: Json): Json =>
  pick(d, 'name', 'parent_id', 'restricted', 'mode', 'away_hours', 'away_action');
/** The scenario's agent as the availability list shows them (the seed's people differ). */
const scenarioAgent = (d: Json): Json =>
  list(at(d, 'agents'))
    .filter((a) => at(a, 'fullname') === 'Agent Smith')
    .map((a) => ({ ...pick(a, 'fullname', 'away'), since: at(a, 'changed_at') !== null }));

export async function assignment(s: Scenario): Promise<void> {
  await s.step({ op: 'GET /api/admin/assignment/', as: 'alice', status: 403 });
  await s.step({
    op: 'PUT /api/admin/assignment/{id}/',
    as: 'agent',
    params: { id: HARDWARE },
    body: { mode: 'random', away_hours: 0, away_action: 'queue' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/admin/assignment/{id}/',
    as: 'agent',
    params: { id: 5 },
    body: { mode: 'off', away_hours: null, away_action: 'queue' },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/admin/assignment/{id}/',
    as: 'agent',
    params: { id: HARDWARE },
    body: { mode: 'round_robin', away_hours: 8, away_action: 'reassign' },
    status: 200,
    values: desk,
  });
  await s.step({ op: 'GET /api/user/me/availability', as: 'alice', status: 403 });
  await s.step({
    op: 'PUT /api/user/me/availability',
    as: 'agent',
    body: { away: 'soon' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/user/me/availability',
    as: 'agent',
    body: { away: true },
    status: 200,
    values: (d) => ({ ...pick(d, 'fullname', 'away'), since: at(d, 'changed_at') !== null }),
  });
  await s.step({
    op: 'GET /api/user/me/availability',
    as: 'agent',
    status: 200,
    values: (d) => pick(d, 'fullname', 'away'),
  });
  await s.step({
    op: 'GET /api/admin/assignment/',
    as: 'agent',
    status: 200,
    values: (d) => ({
      desks: list(at(d, 'desks')).map(desk),
      agents: scenarioAgent(d),
    }),
  });
  // Back, and the rule off again, for the areas after this one.
  await s.step({
    op: 'PUT /api/user/me/availability',
    as: 'agent',
    body: { away: false },
    status: 200,
    values: (d) => pick(d, 'fullname', 'away'),
  });
  await s.step({
    op: 'PUT /api/admin/assignment/{id}/',
    as: 'agent',
    params: { id: HARDWARE },
    body: { mode: 'off', away_hours: null, away_action: 'queue' },
    status: 200,
    values: desk,
  });
  // Facilities, worked by the agent alone, round-robin: a ticket Alice raises there is theirs,
  // and its history says the desk's rule chose them. Then the desk as it was.
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'agent',
    params: { id: FACILITIES },
    body: (side: Side) => ({ restricted: true, member_ids: [side.refs.id('user:agent')] }),
    status: 200,
    values: (d) => pick(d, 'name', 'restricted'),
  });
  await s.step({
    op: 'PUT /api/admin/assignment/{id}/',
    as: 'agent',
    params: { id: FACILITIES },
    body: { mode: 'round_robin', away_hours: null, away_action: 'queue' },
    status: 200,
    values: desk,
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: {
      subject: `${MARK} the chair wobbles`,
      description: '<p>Since Monday.</p>',
      priority_id: 2,
      hd_id: FACILITIES,
      is_draft: false,
    },
    status: 200,
    values: (d) => pick(d, 'hd_name', 'assignee_name', 'version'),
    save: (d, side) => side.refs.set('ticket:chair', num(at(d, 'id'))),
    note: 'assigned by the desk rule',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/history/',
    as: 'agent',
    params: { id: ref('ticket:chair') },
    status: 200,
    values: events,
    note: "the desk rule's assignment",
  });
  await s.step({
    op: 'PUT /api/admin/assignment/{id}/',
    as: 'agent',
    params: { id: FACILITIES },
    body: { mode: 'off', away_hours: null, away_action: 'queue' },
    status: 200,
    values: desk,
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'agent',
    params: { id: FACILITIES },
    body: { restricted: false, member_ids: [] },
    status: 200,
    values: (d) => pick(d, 'name', 'restricted'),
  });
}
