// The lookups, search and the overview pages (home, dashboard, charts, what's new, the content
// collector, contacts). Seed data differs between the sides: the lookups are the migration's on
// both and compare whole; the overview compares carol's figures (she has no seed data) and the
// scenario's own records.
import { at, list, pick, ref, type Json, type Refs, type Scenario } from '../harness.js';
import { MARK } from './records.js';
import { own } from '../values.js';

/** The scenario's items of a list, with what the user sees of each. */
const ownItems = (items: Json, r: Refs, ...keys: string[]) =>
  list(items)
    .filter((i) => !r.record(at(i, 'id')).endsWith(':other'))
    .map((i) => ({ id: r.record(at(i, 'id')), ...pick(i, ...keys) }));

export async function overview(s: Scenario): Promise<void> {
  // Lookups (the same seed on both sides).
  for (const query of [{}, { object_type: 'T' }, { object_type: 'C' }] as Record<
    string,
    string
  >[]) {
    await s.step({
      op: 'GET /api/helpdesk/',
      as: 'alice',
      query,
      status: 200,
      values: (d) => d,
      note: JSON.stringify(query),
    });
  }
  await s.step({
    op: 'GET /api/helpdesk/',
    as: 'alice',
    query: { object_type: 'X' },
    status: 400,
  });
  for (const query of [{}, { status_for: 'T' }, { status_for: 'C' }] as Record<string, string>[]) {
    await s.step({
      op: 'GET /api/status/',
      as: 'alice',
      query,
      status: 200,
      values: (d) => d,
      note: JSON.stringify(query),
    });
  }
  await s.step({ op: 'GET /api/status/', as: 'alice', query: { status_for: 't' }, status: 400 });
  await s.step({ op: 'GET /api/priority/', as: 'bob', status: 200, values: (d) => d });
  await s.step({ op: 'GET /api/company/', as: 'bob', status: 200, values: (d) => d });
  await s.step({ op: 'GET /api/content-type/', as: 'bob', status: 200, values: (d) => d });
  await s.step({ op: 'GET /api/contact/', as: 'carol', status: 200, values: (d) => d });

  // Search: what each person may find.
  for (const who of ['alice', 'bob', 'agent']) {
    for (const type of ['T', 'C']) {
      await s.step({
        op: 'POST /api/search/query',
        as: who,
        body: { q: MARK.toLowerCase(), type, page: 1, page_size: 50 },
        status: 200,
        values: (d, r) => ({
          items: ownItems(
            at(d, 'items'),
            r,
            'object_type',
            'title',
            'status_name',
            'hd_name',
            'access',
          ),
        }),
        note: `${who} searches ${type}`,
      });
    }
  }
  await s.step({
    op: 'POST /api/search/query',
    as: 'alice',
    body: { q: `${MARK} printer`, type: 'T' },
    status: 200,
    values: (d, r) => ({
      total: at(d, 'total'),
      items: ownItems(at(d, 'items'), r, 'title', 'snippet'),
    }),
    note: 'two words',
  });
  await s.step({
    op: 'POST /api/search/query',
    as: 'agent',
    body: { q: MARK, type: 'C', filters: { status_id: 7 } },
    status: 200,
    values: (d, r) => ({ items: ownItems(at(d, 'items'), r, 'title') }),
    note: 'published only',
  });
  await s.step({
    op: 'POST /api/search/query',
    as: 'alice',
    body: { q: '  ', type: 'T' },
    status: 400,
  });

  // Carol's pages: she raises a ticket and an article first.
  await s.step({
    op: 'POST /api/ticket/',
    as: 'carol',
    body: { subject: `${MARK} carol's chair`, description: '<p>Wobbly.</p>', priority_id: 1 },
    status: 200,
    save: (d, side) => side.refs.set('ticket:chair', Number(at(d, 'id'))),
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'agent',
    params: { id: ref('ticket:chair') },
    body: { body: '<p>A new chair is ordered.</p>' },
    status: 200,
  });
  await s.step({
    op: 'GET /api/home/',
    as: 'carol',
    status: 200,
    values: (d, r) => ({
      open_ticket_count: at(d, 'open_ticket_count'),
      open_tickets: ownItems(at(d, 'open_tickets'), r, 'subject', 'status_name'),
      latest_content: ownItems(at(d, 'latest_content'), r, 'title'),
    }),
  });
  await s.step({
    op: 'GET /api/dashboard/',
    as: 'carol',
    status: 200,
    values: (d) => ({
      role: at(d, 'role'),
      figures: at(d, 'figures'),
      activity: list(at(d, 'activity')).map((a) =>
        pick(a, 'object_type', 'title', 'action', 'actor_name'),
      ),
    }),
  });
  await s.step({
    op: 'GET /api/dashboard/',
    as: 'agent',
    status: 200,
    values: (d) => ({
      role: at(d, 'role'),
      figures: list(at(d, 'figures')).map((f) => pick(f, 'key', 'label', 'link')),
      per_helpdesk: list(at(d, 'per_helpdesk')).map((h) => pick(h, 'hd_name')),
      activity: list(at(d, 'activity'))
        .slice(0, 3)
        .map((a) => pick(a, 'object_type', 'title', 'action', 'actor_name')),
    }),
  });
  const today = new Date().toISOString().slice(0, 10);
  await s.step({
    op: 'GET /api/charts/',
    as: 'carol',
    query: { from: today, to: today },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/charts/',
    as: 'carol',
    status: 200,
    values: (d) => pick(d, 'tickets_by_status'),
    note: 'the last 30 days',
  });
  await s.step({
    op: 'GET /api/charts/',
    as: 'carol',
    query: { from: '2026-02-30', to: 'later' },
    status: 400,
    note: 'not dates',
  });
  await s.step({
    op: 'GET /api/charts/',
    as: 'carol',
    query: { from: '2024-01-01', to: '2026-01-01' },
    status: 400,
    note: 'too long a period',
  });
  await s.step({
    op: 'POST /api/whats-new/',
    as: 'carol',
    body: { page: 1, page_size: 100 },
    status: 200,
    values: (d, r) => ownItems(at(d, 'items'), r, 'title', 'access'),
  });
  await s.step({
    op: 'POST /api/whats-new/',
    as: 'carol',
    body: { page_size: 1000 },
    status: 400,
  });

  // The content collector: browse the tree by category.
  await s.step({
    op: 'GET /api/collector/nodes/',
    as: 'carol',
    status: 200,
    values: (d) => list(d).map((n) => pick(n, 'category_name', 'has_children')),
  });
  await s.step({
    op: 'GET /api/collector/nodes/',
    as: 'carol',
    query: { parent_id: 21 },
    status: 200,
    values: (d) => list(d).map((n) => pick(n, 'category_name', 'has_children')),
    note: 'under HR',
  });
  await s.step({
    op: 'GET /api/collector/nodes/',
    as: 'carol',
    query: { parent_id: 'HR' },
    status: 400,
    note: 'not an id',
  });
  for (const who of ['carol', 'agent']) {
    await s.step({
      op: 'POST /api/collector/content/',
      as: who,
      body: { category_id: 22 },
      status: 200,
      values: (d, r) => ({ items: ownItems(at(d, 'items'), r, 'title', 'access') }),
      note: `${who}: Leave`,
    });
  }
  await s.step({
    op: 'POST /api/collector/content/',
    as: 'carol',
    body: {},
    status: 400,
    note: 'no category',
  });
  // The records carol sees anywhere are hers or searchable ones.
  await s.step({
    op: 'POST /api/search/ticket/my',
    as: 'carol',
    body: {},
    status: 200,
    values: (d, r) => ({ total: at(d, 'total'), items: own(at(d, 'items'), r) }),
    note: 'carol',
  });
}
