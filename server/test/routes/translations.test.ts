// An article's language and its translation (docs/help-centre.md "Languages"): agents set the
// language and link or unlink the English and Spanish versions; the help centre follows the
// links. Who may do it, bad links (itself, a ticket, the same language, already linked), history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, contentInput, NOT_FOUND, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let agent: Person;
let requester: Person;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  agent = await person(env, 'Lena Linguist', true);
  requester = await person(env, 'Rita Requester');
});
afterAll(() => env.close());

async function content(title: string, who = agent, extra: object = {}): Promise<number> {
  const res = await call('POST', '/api/content/', who.token, { ...contentInput, title, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}

async function events(id: number, action: string) {
  const { rows } = await env.db.query<{ details: Record<string, unknown> }>(
    'SELECT details FROM record_events WHERE record_id = $1 AND action = $2 ORDER BY id',
    [id, action],
  );
  return rows.map((r) => r.details);
}

describe('language', () => {
  it('starts English; an agent sets Spanish, written to the record and its history', async () => {
    const id = await content('Printer setup');
    const got = await call('GET', `/api/content/${id}/translation`, agent.token);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual({ id, language: 'en', translation: null });

    const put = await call('PUT', `/api/content/${id}/language`, agent.token, { language: 'es' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.language).toBe('es');
    const { rows } = await env.db.query('SELECT language FROM records WHERE id = $1', [id]);
    expect(rows[0].language).toBe('es');
    expect(await events(id, 'language_changed')).toEqual([{ from: 'en', to: 'es' }]);

    // The same language again changes nothing and writes no history.
    await call('PUT', `/api/content/${id}/language`, agent.token, { language: 'es' });
    expect(await events(id, 'language_changed')).toHaveLength(1);
  });

  it('refuses another language with the field message, a requester 403, unknown 404', async () => {
    const id = await content('Scanner setup');
    const bad = await call('PUT', `/api/content/${id}/language`, agent.token, { language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.language).toBe('Language must be en or es.');

    const mine = await content('My own how-to', requester);
    const refused = await call('PUT', `/api/content/${mine}/language`, requester.token, {
      language: 'es',
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await call('PUT', '/api/content/999999999/language', agent.token, {
      language: 'es',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NOT_FOUND);
    // Someone else's content the requester cannot read is a 404, not a 403.
    const hidden = await call('GET', `/api/content/${id}/translation`, requester.token);
    expect(hidden.statusCode).toBe(404);
  });
});

describe('translations', () => {
  it('links an English and a Spanish article both ways, then unlinks them, with history', async () => {
    const en = await content('Reset your password');
    const es = await content('Restablecer la contraseña');
    await call('PUT', `/api/content/${es}/language`, agent.token, { language: 'es' });

    const link = await call('PUT', `/api/content/${en}/translation`, agent.token, {
      translation_id: es,
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().data).toEqual({
      id: en,
      language: 'en',
      translation: { id: es, title: 'Restablecer la contraseña', language: 'es' },
    });
    const other = await call('GET', `/api/content/${es}/translation`, agent.token);
    expect(other.json().data.translation).toEqual({
      id: en,
      title: 'Reset your password',
      language: 'en',
    });
    const { rows } = await env.db.query<{ translation_group: string }>(
      'SELECT translation_group FROM records WHERE id IN ($1, $2)',
      [en, es],
    );
    expect(new Set(rows.map((r) => r.translation_group)).size).toBe(1);
    expect(await events(en, 'translation_linked')).toEqual([
      { id: es, title: 'Restablecer la contraseña', language: 'es' },
    ]);
    expect(await events(es, 'translation_linked')).toEqual([
      { id: en, title: 'Reset your password', language: 'en' },
    ]);
    // Linking again is no change.
    const again = await call('PUT', `/api/content/${es}/translation`, agent.token, {
      translation_id: en,
    });
    expect(again.statusCode).toBe(200);
    expect(await events(en, 'translation_linked')).toHaveLength(1);

    // While linked, the article cannot take its translation's language.
    const clash = await call('PUT', `/api/content/${en}/language`, agent.token, {
      language: 'es',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      'Its translation is in that language. Unlink the translation first.',
    );

    const unlink = await call('DELETE', `/api/content/${es}/translation`, agent.token);
    expect(unlink.statusCode).toBe(200);
    expect(unlink.json().data.translation).toBeNull();
    expect(
      (await call('GET', `/api/content/${en}/translation`, agent.token)).json().data,
    ).toMatchObject({ translation: null });
    expect(await events(en, 'translation_unlinked')).toEqual([
      { id: es, title: 'Restablecer la contraseña' },
    ]);
    expect(await events(es, 'translation_unlinked')).toHaveLength(1);
  });

  it('refuses itself, a ticket and the same language (400), unknown (404), a second link (409)', async () => {
    const a = await content('Wireless printer');
    const b = await content('Wired printer');
    const field = async (translationId: number) => {
      const res = await call('PUT', `/api/content/${a}/translation`, agent.token, {
        translation_id: translationId,
      });
      expect(res.statusCode).toBe(400);
      return res.json().fields.translation_id as string;
    };
    expect(await field(a)).toBe('An article cannot be its own translation.');
    expect(await field(b)).toBe('A translation must be in the other language.');
    const ticket = await call('POST', '/api/ticket/', requester.token, {
      subject: 'Printer jams',
      description: '<p>It jams.</p>',
      priority_id: 2,
      is_draft: false,
    });
    expect(await field(ticket.json().data.id)).toBe(
      'A translation must be a content item, not a ticket.',
    );
    const unknown = await call('PUT', `/api/content/${a}/translation`, agent.token, {
      translation_id: 999999999,
    });
    expect(unknown.statusCode).toBe(404);
    // A ticket's path is not a content item: 404.
    const onTicket = await call(
      'PUT',
      `/api/content/${ticket.json().data.id}/translation`,
      agent.token,
      { translation_id: a },
    );
    expect(onTicket.statusCode).toBe(404);

    const es1 = await content('Impresora inalámbrica');
    const es2 = await content('Impresora con cable');
    for (const id of [es1, es2]) {
      await call('PUT', `/api/content/${id}/language`, agent.token, { language: 'es' });
    }
    expect(
      (await call('PUT', `/api/content/${a}/translation`, agent.token, { translation_id: es1 }))
        .statusCode,
    ).toBe(200);
    const second = await call('PUT', `/api/content/${a}/translation`, agent.token, {
      translation_id: es2,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This article already has a translation. Unlink it first.');
    const taken = await call('PUT', `/api/content/${b}/translation`, agent.token, {
      translation_id: es1,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'The chosen article already has a translation. Unlink it there first.',
    );
    // Only agents link.
    const notAgent = await call('DELETE', `/api/content/${a}/translation`, requester.token);
    expect([403, 404]).toContain(notAgent.statusCode);
  });

  it('the help centre links the two public versions once they are linked', async () => {
    const en = await content('Connect to the guest network');
    const es = await content('Conectarse a la red de invitados');
    await call('PUT', `/api/content/${es}/language`, agent.token, { language: 'es' });
    await env.db.query('UPDATE records SET is_public = true, status_id = 7 WHERE id IN ($1, $2)', [
      en,
      es,
    ]);
    const page = () =>
      env.app.inject({
        method: 'GET',
        url: `/help/articles/${en}?lang=es`,
        headers: { 'accept-language': 'es' },
      });
    const before = (await page()).body;
    expect(before).toContain('Este artículo solo existe en inglés.');
    expect(before).not.toContain(`/help/articles/${es}-`);
    await call('PUT', `/api/content/${en}/translation`, agent.token, { translation_id: es });
    const after = (await page()).body;
    expect(after).toContain('Este artículo también está en su idioma:');
    expect(after).toContain(`/help/articles/${es}-conectarse-a-la-red-de-invitados`);
  });
});
