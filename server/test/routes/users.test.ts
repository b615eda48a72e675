// The signed-in user's profile and password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(() => env.close());

describe('GET/PUT /api/user/me', () => {
  it('returns the user with its settings', async () => {
    const user = await createUser(env, { fullname: 'Pat Doe' });
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: auth(await tokenFor(env, user.email, user.password)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: {
        id: user.id,
        fullname: 'Pat Doe',
        email: user.email,
        user_is_hde: false,
        user_is_admin: false,
        items_per_page: 10,
        language: 'en',
      },
    });
  });

  it('saves full name, items_per_page and language on the server', async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const res = await env.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: auth(token),
      payload: { fullname: '  Renamed Person ', items_per_page: 50, language: 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      fullname: 'Renamed Person',
      items_per_page: 50,
      language: 'es',
    });
    // Fields not sent stay as they are; a fresh read shows the saved values.
    await env.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: auth(token),
      payload: { items_per_page: 25 },
    });
    const me = await env.app.inject({ method: 'GET', url: '/api/user/me', headers: auth(token) });
    expect(me.json().data).toMatchObject({
      fullname: 'Renamed Person',
      items_per_page: 25,
      language: 'es',
    });
  });

  it('answers 400 with field messages for bad values', async () => {
    const user = await createUser(env);
    const res = await env.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: auth(await tokenFor(env, user.email, user.password)),
      payload: { fullname: 'x'.repeat(101), items_per_page: 20, language: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      fullname: 'Full name must be 1 to 100 characters.',
      items_per_page: 'Items per page must be 10, 25, 50 or 100.',
      language: 'Language must be en or es.',
    });
  });

  it('answers 401 without a session', async () => {
    expect(
      (await env.app.inject({ method: 'PUT', url: '/api/user/me', payload: { language: 'es' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/user/me/password', () => {
  const change = (token: string, payload: object) =>
    env.app.inject({ method: 'POST', url: '/api/user/me/password', headers: auth(token), payload });

  it('needs the current password', async () => {
    const user = await createUser(env);
    const res = await change(await tokenFor(env, user.email, user.password), {
      current_password: 'not it at all',
      new_password: 'a new password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ current_password: 'Current password is incorrect.' });
    expect((await login(env, user.email, user.password)).statusCode).toBe(200);
  });

  it('changes it, keeps this session and logs out the others', async () => {
    const user = await createUser(env);
    const here = await tokenFor(env, user.email, user.password);
    const elsewhere = await tokenFor(env, user.email, user.password);
    const res = await change(here, {
      current_password: user.password,
      new_password: 'a new password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(
      'Your password has been changed. Other sessions were logged out.',
    );
    expect(
      (await env.app.inject({ method: 'GET', url: '/api/user/me', headers: auth(here) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await env.app.inject({ method: 'GET', url: '/api/user/me', headers: auth(elsewhere) }))
        .statusCode,
    ).toBe(401);
    expect((await login(env, user.email, user.password)).statusCode).toBe(401);
    expect((await login(env, user.email, 'a new password')).statusCode).toBe(200);
  });

  it('answers 400 with field messages', async () => {
    const user = await createUser(env);
    const res = await change(await tokenFor(env, user.email, user.password), {
      new_password: 'short',
    });
    expect(res.json().fields).toEqual({
      current_password: 'Current password is required.',
      new_password: 'New password must be 8 to 128 characters.',
    });
  });
});
