// Agent actions: delete (agents any record, owners their drafts), move, duplicate, assign,
// searchable and the agents list; 403 for non-agents who can read, 404 for others, 409 on
// stale versions, and the history event of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  eventually,
  mailsTo,
  newContent,
  newTicket,
  person,
  share,
  type Person,
} from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let carol: Person;
let agent: Person;
let agent2: Person;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Owner');
  bob = await person(env, 'Bob Outsider');
  carol = await person(env, 'Carol Shared');
  agent = await person(env, 'Agent One', true);
  agent2 = await person(env, 'Agent Two', true);
});
afterAll(() => env.close());

async function events(recordId: number, action: string) {
  const { rows } = await env.db.query<{ details: Record<string, unknown> }>(
    'SELECT details FROM record_events WHERE record_id = $1 AND action = $2 ORDER BY id',
    [recordId, action],
  );
  return rows.map((r) => r.details);
}

describe('DELETE {kind}/{id}/', () => {
  it('lets agents delete any record and owners only their drafts', async () => {
    const t = await newTicket(env, alice.token);
    await share(env, t.id, carol.id);
    expect((await call('DELETE', `/api/ticket/${t.id}/`, alice.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ticket/${t.id}/`, carol.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ticket/${t.id}/`, bob.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ticket/${t.id}/`)).statusCode).toBe(401);
    const res = await call('DELETE', `/api/ticket/${t.id}/`, agent.token);
    expect(res.json()).toEqual({ statusCode: 200, data: { id: t.id } });
    expect((await call('GET', `/api/ticket/${t.id}/`, agent.token)).statusCode).toBe(404);
    const list = await call('POST', '/api/search/ticket/hd', agent.token, {});
    expect(list.json().data.items.some((i: { id: number }) => i.id === t.id)).toBe(false);

    const draft = await newTicket(env, alice.token, { is_draft: true });
    expect((await call('DELETE', `/api/ticket/${draft.id}/`, alice.token)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/ticket/abc/', agent.token)).statusCode).toBe(400);
  });
});

describe('POST {kind}/{id}/move/', () => {
  it('moves to a help desk of the same type, bumping the version', async () => {
    const t = await newTicket(env, alice.token);
    const res = await call('POST', `/api/ticket/${t.id}/move/`, agent.token, {
      hd_id: 3,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: t.id, hd_id: 3, hd_name: 'Network', version: 2 });
    expect(await events(t.id, 'moved')).toEqual([{ from: 'IT Support', to: 'Network' }]);

    const wrongType = await call('POST', `/api/ticket/${t.id}/move/`, agent.token, {
      hd_id: 5,
      version: 2,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ hd_id: 'Choose a help desk.' });
    const missing = await call('POST', `/api/ticket/${t.id}/move/`, agent.token, {});
    expect(missing.json().fields).toEqual({
      hd_id: 'Choose a help desk.',
      version: 'Version is required.',
    });

    const stale = await call('POST', `/api/ticket/${t.id}/move/`, agent.token, {
      hd_id: 2,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: t.id, version: 2, hd_id: 3 });

    expect(
      (await call('POST', `/api/ticket/${t.id}/move/`, alice.token, { hd_id: 2, version: 2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/ticket/${t.id}/move/`, bob.token, { hd_id: 2, version: 2 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/ticket/${t.id}/move/`, undefined, { hd_id: 2, version: 2 }))
        .statusCode,
    ).toBe(401);

    const c = await newContent(env, alice.token);
    const movedContent = await call('POST', `/api/content/${c.id}/move/`, agent.token, {
      hd_id: 8,
      version: 1,
    });
    expect(movedContent.json().data).toMatchObject({ hd_id: 8, hd_name: 'HR policies' });
  });
});

describe('POST {kind}/{id}/duplicate/', () => {
  it('copies fields, owner, classification and shares; not threads or files', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Original', company_id: 2 });
    await share(env, t.id, carol.id);
    await env.db.query(
      'INSERT INTO record_categories (record_id, category_id) VALUES ($1, 14), ($1, 2)',
      [t.id],
    );
    await call('PUT', `/api/ticket/${t.id}/`, agent.token, { version: 1, status_id: 2 });
    await call('PUT', `/api/ticket/${t.id}/assign/`, agent.token, {
      assignee_id: agent.id,
      version: 2,
    });
    await call('POST', `/api/ticket/${t.id}/communication/`, alice.token, { body: 'hello' });

    const res = await call('POST', `/api/ticket/${t.id}/duplicate/`, agent.token);
    expect(res.statusCode).toBe(200);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      subject: 'Original',
      description: '<p>Smoke everywhere.</p>',
      company_id: 2,
      priority_id: 2,
      requester_id: alice.id,
      assignee_id: null,
      status_name: 'New',
      is_draft: false,
      version: 1,
    });
    expect(copy.id).not.toBe(t.id);
    const cats = await env.db.query(
      'SELECT category_id FROM record_categories WHERE record_id = $1 ORDER BY 1',
      [copy.id],
    );
    expect(cats.rows.map((r) => r.category_id)).toEqual([2, 14]);
    const shares = await env.db.query('SELECT user_id FROM record_shares WHERE record_id = $1', [
      copy.id,
    ]);
    expect(shares.rows.map((r) => Number(r.user_id))).toEqual([carol.id]);
    const thread = await call('GET', `/api/ticket/${copy.id}/communication/`, agent.token);
    expect(thread.json().data).toEqual([]);
    expect(await events(t.id, 'duplicated')).toEqual([{ copy_id: copy.id }]);
    expect(await events(copy.id, 'duplicated')).toEqual([{ source_id: t.id }]);

    expect((await call('POST', `/api/ticket/${t.id}/duplicate/`, carol.token)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/ticket/${t.id}/duplicate/`, bob.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/ticket/${t.id}/duplicate/`)).statusCode).toBe(401);
    expect((await call('POST', `/api/ticket/0/duplicate/`, agent.token)).statusCode).toBe(400);
  });
});

describe('PUT {kind}/{id}/assign/', () => {
  it('assigns to an agent, mails them, and unassigns with null', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Assign me' });
    const res = await call('PUT', `/api/ticket/${t.id}/assign/`, agent.token, {
      assignee_id: agent2.id,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      assignee_id: agent2.id,
      assignee_name: 'Agent Two',
      version: 2,
    });
    expect(await events(t.id, 'assigned')).toEqual([{ to: 'Agent Two' }]);
    await eventually(() => expect(mailsTo(env, agent2.email)).toHaveLength(1));
    expect(mailsTo(env, agent2.email)[0]).toContain(`/hd_ticket/details?hdTicketId=${t.id}`);
    await eventually(async () => {
      const log = await call('GET', `/api/ticket/${t.id}/communication-log/`, agent.token);
      expect(log.json().data).toMatchObject([{ to_email: agent2.email, kind: 'assigned' }]);
    });

    const none = await call('PUT', `/api/ticket/${t.id}/assign/`, agent.token, {
      assignee_id: null,
      version: 2,
    });
    expect(none.json().data).toMatchObject({ assignee_id: null, version: 3 });
  });

  it('answers 400 for a non-agent, 409 when stale, 403 and 404', async () => {
    const t = await newTicket(env, alice.token);
    const notAgent = await call('PUT', `/api/ticket/${t.id}/assign/`, agent.token, {
      assignee_id: alice.id,
      version: 1,
    });
    expect(notAgent.statusCode).toBe(400);
    expect(notAgent.json().fields).toEqual({ assignee_id: 'Choose a helpdesk agent.' });
    const missing = await call('PUT', `/api/ticket/${t.id}/assign/`, agent.token, { version: 1 });
    expect(missing.json().fields).toEqual({ assignee_id: 'Choose a helpdesk agent.' });
    const stale = await call('PUT', `/api/ticket/${t.id}/assign/`, agent.token, {
      assignee_id: agent.id,
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: t.id, version: 1 });
    expect(
      (
        await call('PUT', `/api/ticket/${t.id}/assign/`, alice.token, {
          assignee_id: null,
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/api/ticket/${t.id}/assign/`, bob.token, {
          assignee_id: null,
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PUT', `/api/ticket/${t.id}/assign/`, undefined, {
          assignee_id: null,
          version: 1,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('PUT content/{id}/searchable/', () => {
  it('makes content readable by everyone, with its event', async () => {
    const c = await newContent(env, alice.token);
    expect((await call('GET', `/api/content/${c.id}/`, bob.token)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/content/${c.id}/searchable/`, bob.token, {
          searchable: true,
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PUT', `/api/content/${c.id}/searchable/`, alice.token, {
          searchable: true,
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    const res = await call('PUT', `/api/content/${c.id}/searchable/`, agent.token, {
      searchable: true,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ searchable: true, version: 2 });
    expect(await events(c.id, 'searchable_changed')).toEqual([{ searchable: true }]);
    expect((await call('GET', `/api/content/${c.id}/`, bob.token)).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/content/${c.id}/searchable/`, bob.token, {
          searchable: false,
          version: 2,
        })
      ).statusCode,
    ).toBe(403);

    const stale = await call('PUT', `/api/content/${c.id}/searchable/`, agent.token, {
      searchable: false,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await call('PUT', `/api/content/${c.id}/searchable/`, agent.token, {
      searchable: 'no',
      version: 2,
    });
    expect(bad.json().fields).toEqual({ searchable: 'Searchable must be true or false.' });
    expect(
      (
        await call('PUT', `/api/content/${c.id}/searchable/`, undefined, {
          searchable: true,
          version: 2,
        })
      ).statusCode,
    ).toBe(401);
    const t = await newTicket(env, alice.token);
    expect(
      (
        await call('PUT', `/api/content/${t.id}/searchable/`, agent.token, {
          searchable: true,
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET agents/', () => {
  it('lists the agents to agents only', async () => {
    const res = await call('GET', '/api/agents/', agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        { id: agent.id, fullname: 'Agent One' },
        { id: agent2.id, fullname: 'Agent Two' },
      ]),
    );
    expect(res.json().data.some((a: { id: number }) => a.id === alice.id)).toBe(false);
    expect((await call('GET', '/api/agents/', alice.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/agents/')).statusCode).toBe(401);
  });

  it('with a desk, leaves out the agents its restriction keeps out, and deactivated ones', async () => {
    const gone = await person(env, 'Agent Gone', true);
    await env.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [gone.id]);
    const desk = (
      await env.db.query<{ id: number }>(
        `INSERT INTO helpdesks (id, name, object_type, restricted)
         SELECT max(id) + 1, 'Assign Test', 'T', true FROM helpdesks RETURNING id`,
      )
    ).rows[0].id;
    await env.db.query('INSERT INTO helpdesk_members (helpdesk_id, user_id) VALUES ($1, $2)', [
      desk,
      agent.id,
    ]);
    const ids = async (query: string) => {
      const res = await call('GET', `/api/agents/${query}`, agent.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((a: { id: number }) => a.id);
    };
    const restricted = await ids(`?hd_id=${desk}`);
    expect(restricted).toContain(agent.id);
    expect(restricted).not.toContain(agent2.id);
    expect(restricted).not.toContain(gone.id);
    const all = await ids('');
    expect(all).toEqual(expect.arrayContaining([agent.id, agent2.id]));
    expect(all).not.toContain(gone.id);
    await env.db.query('UPDATE helpdesks SET restricted = false WHERE id = $1', [desk]);
    expect(await ids(`?hd_id=${desk}`)).toEqual(expect.arrayContaining([agent.id, agent2.id]));
    expect((await call('GET', '/api/agents/?hd_id=x', agent.token)).statusCode).toBe(400);
  });
});
