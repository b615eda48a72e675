// Lookups: help desk tree, statuses, priorities, companies, content types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let token: string;
beforeAll(async () => {
  env = await startTestEnv();
  const user = await createUser(env);
  token = await tokenFor(env, user.email, user.password);
});
afterAll(() => env.close());

const get = (url: string, t: string | null = token) =>
  env.app.inject({ method: 'GET', url, headers: t ? auth(t) : {} });

describe('lookups', () => {
  it('GET helpdesk/?object_type=T answers the ticket help desk tree', async () => {
    const res = await get('/api/helpdesk/?object_type=T');
    expect(res.statusCode).toBe(200);
    const tree = res.json().data;
    expect(tree.map((n: { hd_name: string }) => n.hd_name)).toEqual([
      'IT Support',
      'HR',
      'Facilities',
    ]);
    expect(tree[0]).toEqual({
      hd_id: 1,
      hd_name: 'IT Support',
      is_default: true,
      children: [
        { hd_id: 2, hd_name: 'Hardware', is_default: false, children: [] },
        { hd_id: 3, hd_name: 'Network', is_default: false, children: [] },
      ],
    });
  });

  it('GET helpdesk/?object_type=C answers the content tree; without it, every help desk', async () => {
    const content = (await get('/api/helpdesk?object_type=C')).json().data;
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ hd_id: 5, hd_name: 'Knowledge base', is_default: true });
    expect(content[0].children.map((n: { hd_name: string }) => n.hd_name)).toEqual([
      'IT articles',
      'HR policies',
      'Office and facilities',
    ]);
    const all = (await get('/api/helpdesk/')).json().data;
    expect(all).toHaveLength(4);
  });

  it('GET status/?status_for=T|C answers statuses in workflow order', async () => {
    const t = (await get('/api/status/?status_for=T')).json().data;
    expect(t).toEqual([
      { status_id: 1, status_name: 'New', is_closed: false },
      { status_id: 2, status_name: 'Open', is_closed: false },
      { status_id: 3, status_name: 'Pending', is_closed: false },
      { status_id: 4, status_name: 'Resolved', is_closed: true },
      { status_id: 5, status_name: 'Closed', is_closed: true },
    ]);
    const c = (await get('/api/status/?status_for=C')).json().data;
    expect(c.map((s: { status_name: string }) => s.status_name)).toEqual([
      'In review',
      'Published',
      'Archived',
    ]);
  });

  it('GET priority/, company/, content-type/ answer their lists', async () => {
    expect((await get('/api/priority/')).json()).toEqual({
      statusCode: 200,
      data: [
        { priority_id: 1, priority_name: 'Low' },
        { priority_id: 2, priority_name: 'Normal' },
        { priority_id: 3, priority_name: 'High' },
        { priority_id: 4, priority_name: 'Urgent' },
      ],
    });
    const companies = (await get('/api/company/')).json().data;
    expect(companies[0]).toEqual({ company_id: 1, company_name: 'Acme Corp' });
    expect(companies).toHaveLength(5);
    const types = (await get('/api/content-type/')).json().data;
    expect(types.map((t: { content_type_name: string }) => t.content_type_name)).toEqual([
      'How-to',
      'FAQ',
      'Troubleshooting',
      'Announcement',
      'Policy',
    ]);
  });

  it('answers 400 for an unknown object type and 401 without a session', async () => {
    const bad = await get('/api/status/?status_for=X');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ status_for: 'status_for must be T or C.' });
    for (const url of [
      '/api/helpdesk/',
      '/api/status/',
      '/api/priority/',
      '/api/company/',
      '/api/content-type/',
    ]) {
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});
