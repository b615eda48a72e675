// Server texts in the caller's language (lib/i18n.ts, plugins/localize.ts). Fails when any text
// the server writes for people has no Spanish: every HttpError/errorBody/data.message text and
// fill() template in the code (found by the TypeScript checker), every x-message of the served
// OpenAPI document, and the fixed texts of the error policy.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, hasTranslation } from '../../lib/i18n.js';
import { ONE_LINE_MESSAGE } from '../../lib/one-line.js';
import { PLAIN_TEXT_MESSAGE } from '../../lib/plain-text.js';
import { BODY_NOT_OBJECT, FRAMEWORK_MESSAGES, OTHER_CLIENT_ERROR } from '../../plugins/errors.js';
import {
  auth,
  createUser,
  decodeQuotedPrintable,
  startTestEnv,
  tokenFor,
  uniqueEmail,
  type TestEnv,
} from '../helpers.js';
import { caller, newRecord, person } from '../work-helpers.js';
import { collectServerTexts } from './server-texts.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv({ loginMaxFailures: 2, loginDelayBaseSeconds: 60 });
});
afterAll(() => env.close());

function xMessages(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => xMessages(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'x-message') xMessages(value, out);
      else if (typeof value === 'string') out.add(value);
      else Object.values(value as Record<string, string>).forEach((m) => out.add(m));
    }
  }
  return out;
}

describe('the Spanish catalog', () => {
  it('has every text the server code writes', () => {
    const { texts, unknown } = collectServerTexts();
    expect(unknown).toEqual([]); // each message must be a literal or a fill() template
    expect(texts.size).toBeGreaterThan(50);
    expect([...texts].filter((t) => !hasTranslation('es', t))).toEqual([]);
  }, 60_000);

  it('has every field message of the OpenAPI document', async () => {
    const doc = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const messages = xMessages(doc);
    expect(messages.size).toBeGreaterThan(40);
    expect([...messages].filter((t) => !hasTranslation('es', t))).toEqual([]);
  });

  it('has the fixed texts of the error policy', () => {
    const fixed = [
      PLAIN_TEXT_MESSAGE,
      ONE_LINE_MESSAGE,
      BODY_NOT_OBJECT,
      OTHER_CLIENT_ERROR,
      ...Object.values(FRAMEWORK_MESSAGES),
    ];
    expect(fixed.filter((t) => !hasTranslation('es', t))).toEqual([]);
  });

  it('keeps the placeholders of every text and leaves none empty', () => {
    const names = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [english, spanish] of Object.entries(catalog('es'))) {
      expect(spanish.trim(), english).not.toBe('');
      expect(names(spanish), english).toEqual(names(english));
    }
  });
});

describe('answers in the caller language', () => {
  const es = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };

  it('refuses a wrong password in Spanish for a Spanish browser', async () => {
    const user = await createUser(env);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: es,
      payload: { str_username: user.email, str_password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Credenciales no válidas',
    });
  });

  it('says field messages and 429s in Spanish, English without a preference', async () => {
    const bad = { str_username: 'nope', str_password: '' };
    const spanish = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: es,
      payload: bad,
    });
    expect(spanish.json().fields).toEqual({
      str_username: 'Introduzca un correo electrónico válido.',
      str_password: 'La contraseña es obligatoria.',
    });
    const english = await env.app.inject({ method: 'POST', url: '/api/login', payload: bad });
    expect(english.json().fields.str_password).toBe('Password is required.');

    const email = uniqueEmail('es');
    for (let i = 0; i < 2; i++) {
      await env.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { str_username: email, str_password: 'wrong password' },
      });
    }
    const throttled = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: es,
      payload: { str_username: email, str_password: 'wrong password' },
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Inténtelo más tarde.',
    );
  });

  it("follows the signed-in user's setting over the browser's, even before sign-in is checked", async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [user.id]);
    const english = { ...auth(token), 'accept-language': 'en-US' };
    // A 400 from the schema comes before the route signs the user in: still the user's language.
    const bad = await env.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: english,
      payload: { items_per_page: 7 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Hay datos no válidos',
      fields: { items_per_page: 'Elementos por página debe ser 10, 25, 50 o 100.' },
    });
    const missing = await env.app.inject({
      method: 'GET',
      url: '/api/ticket/999999/',
      headers: english,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('¡Lo sentimos! No se encontraron los datos que busca');
  });

  it('translates texts with values and success messages', async () => {
    const unknownCall = await env.app.inject({ method: 'GET', url: '/api/nope', headers: es });
    expect(unknownCall.json().message).toBe('No existe esta llamada de la API: GET /api/nope');
    const reset = await env.app.inject({
      method: 'POST',
      url: '/api/forget-password/',
      headers: es,
      payload: { email: uniqueEmail('reset') },
    });
    expect(reset.json().data.message).toBe(
      'Le hemos enviado un enlace para restablecer la contraseña a su correo registrado.',
    );
    const badUrl = await env.app.inject({
      method: 'GET',
      url: '/api/classification/by-name/%ED%A0%80',
      headers: es,
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toBe('La dirección contiene caracteres no permitidos.');
  });
});

/** Every mail to `to` so far (polls for up to 9 s: some mails are sent in the background). */
async function mailsTo(to: string, atLeast = 1): Promise<string[]> {
  for (let i = 0; i < 300; i++) {
    // Whole mails only: a mail being written is a `.partial` file until it is renamed.
    const files = fs.existsSync(env.outboxDir)
      ? fs
          .readdirSync(env.outboxDir)
          .filter((f) => f.endsWith('.eml') && f.includes(to.toLowerCase()))
      : [];
    if (files.length >= atLeast) {
      return files.map((f) =>
        decodeQuotedPrintable(fs.readFileSync(path.join(env.outboxDir, f), 'utf8')),
      );
    }
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`no mail to ${to}`);
}

describe('mails in the recipient language', () => {
  it('confirms a registration in the language of the browser that registered', async () => {
    const email = uniqueEmail('nuevo');
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/register/',
      headers: { 'accept-language': 'es' },
      payload: { fullname: 'Nueva Persona', email, password: 'long enough pw' },
    });
    expect(res.json().data.message).toBe(
      'Registro completado. Revise su correo para encontrar el enlace de confirmación.',
    );
    const [mail] = await mailsTo(email);
    expect(mail).toContain('Subject: Confirme su cuenta de Helpdesk');
  });

  it("sends a reset link in the account's language, whoever asks", async () => {
    const user = await createUser(env);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [user.id]);
    await env.app.inject({
      method: 'POST',
      url: '/api/forget-password/',
      headers: { 'accept-language': 'en' },
      payload: { email: user.email },
    });
    const [mail] = await mailsTo(user.email);
    expect(mail).toContain('Use este enlace en la pr');
  });

  it('tells a Spanish owner of an English agent message in Spanish', async () => {
    const owner = await person(env, 'Dueña Española');
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [owner.id]);
    const agent = await person(env, 'English Agent', true);
    const ticket = await newRecord(env, 'ticket', owner.token);
    const res = await caller(env)('POST', `/api/ticket/${ticket.id}/communication/`, agent.token, {
      body: '<p>We are on it.</p>',
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(owner.email);
    expect(mail).toContain(`Subject: [#${ticket.id}] Nuevo mensaje en ticket #${ticket.id}`);
    expect(mail).toContain('English Agent escribi');
  });
});
