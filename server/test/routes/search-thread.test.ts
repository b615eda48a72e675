// A ticket's public messages in its search vector (migrations 005 and 021): a reply appends its
// words instead of rebuilding the vector from the whole thread, the vector holds what a rebuild
// gives, only the first 200,000 characters of the thread count, and an edited or removed message
// rebuilds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let agent: Person;
let owner: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  agent = await person(env, 'Agent Words', true);
  owner = await person(env, 'Olga Words');
});
afterAll(() => env.close());

const reply = async (id: number, body: string) => {
  const res = await call('POST', `/api/ticket/${id}/communication/`, agent.token, { body });
  expect(res.statusCode, res.body).toBe(200);
};
const found = async (q: string) => {
  const res = await call('POST', '/api/search/query', agent.token, { q, type: 'T' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: number }[]).map((r) => r.id);
};
/** The stored vector's lexemes against a rebuild's, and the stored count. */
async function stored(id: number) {
  const { rows } = await env.db.query<{ same: boolean; chars: number | null }>(
    `SELECT strip(search_vector) = strip(record_search_vector(id, object_type, title, body))
              AS same,
            search_message_chars AS chars
       FROM records WHERE id = $1`,
    [id],
  );
  return rows[0];
}

describe("a ticket's messages in search", () => {
  it('a reply appends its words: the vector is what a rebuild gives', async () => {
    const ticket = await newRecord(env, 'ticket', owner.token);
    expect(await stored(ticket.id)).toEqual({ same: true, chars: 0 });
    await reply(ticket.id, '<p>Replaced the fuser unit.</p>');
    await reply(ticket.id, '<p>La impresora funciona otra vez.</p>');
    // As text, each paragraph between two spaces (the tags): 26, a space between, then 33.
    expect(await stored(ticket.id)).toEqual({ same: true, chars: 26 + 1 + 33 });
    expect(await found('fuser')).toContain(ticket.id);
    expect(await found('impresoras')).toContain(ticket.id);
    // A work-log entry is not searchable and changes nothing.
    const note = await call('POST', `/api/ticket/${ticket.id}/worklog/`, agent.token, {
      body: '<p>Secret zanzibar</p>',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((await stored(ticket.id)).chars).toBe(60);
    expect(await found('zanzibar')).toEqual([]);
  });

  it('appends without reading the thread again', async () => {
    const ticket = await newRecord(env, 'ticket', owner.token);
    await reply(ticket.id, '<p>First answer.</p>');
    // A count the thread does not have: an append adds to it, a rebuild would reset it to 15.
    await env.db.query('UPDATE records SET search_message_chars = 1000 WHERE id = $1', [ticket.id]);
    await reply(ticket.id, '<p>Second.</p>');
    expect((await stored(ticket.id)).chars).toBe(1000 + 1 + 9);
    expect(await found('second')).toContain(ticket.id);
  });

  it('counts the first 200,000 characters of the thread, as before', async () => {
    const ticket = await newRecord(env, 'ticket', owner.token);
    // Two long messages (99,602 characters of text each) are appended; a third crosses the
    // cap and rebuilds the vector from the first 200,000.
    const long = `<p>${'lorem '.repeat(16_600)}</p>`;
    await reply(ticket.id, long);
    await reply(ticket.id, long);
    expect(await stored(ticket.id)).toEqual({ same: true, chars: 199_205 });
    await reply(ticket.id, `<p>${'ipsum '.repeat(200)}</p>`);
    expect(await stored(ticket.id)).toEqual({ same: true, chars: 200_000 });
    // Past the cap a reply's words are not searchable, as before.
    await reply(ticket.id, '<p>Quetzalcoatl</p>');
    expect(await stored(ticket.id)).toEqual({ same: true, chars: 200_000 });
    expect(await found('quetzalcoatl')).toEqual([]);
  });

  it('rebuilds when the count is not known, and when a message is removed', async () => {
    const ticket = await newRecord(env, 'ticket', owner.token);
    await reply(ticket.id, '<p>Platypus spotted.</p>');
    // As rows from before migration 021: no count. The next reply rebuilds and counts.
    await env.db.query('UPDATE records SET search_message_chars = NULL WHERE id = $1', [ticket.id]);
    await reply(ticket.id, '<p>Wombat too.</p>');
    expect(await stored(ticket.id)).toEqual({ same: true, chars: 19 + 1 + 13 });
    await env.db.query(
      `DELETE FROM record_messages WHERE record_id = $1 AND body LIKE '%Platypus%'`,
      [ticket.id],
    );
    expect(await stored(ticket.id)).toEqual({ same: true, chars: 13 });
    expect(await found('platypus')).toEqual([]);
    expect(await found('wombat')).toContain(ticket.id);
  });
});
