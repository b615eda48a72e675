import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(() => env.close());

describe('GET /api/public/pre-login', () => {
  it('sends a browser without a valid session to the login page', async () => {
    for (const headers of [{}, auth('garbage')]) {
      const res = await env.app.inject({ method: 'GET', url: '/api/public/pre-login', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'unauthorized',
        data: { 'redirect-url': '/auth/login' },
      });
    }
  });

  it('sends a signed-in browser home', async () => {
    const user = await createUser(env);
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/public/pre-login',
      headers: auth(await tokenFor(env, user.email, user.password)),
    });
    expect(res.json()).toEqual({ status: 'success', data: { 'redirect-url': '/home' } });
  });
});

describe('GET /api/health', () => {
  it('reports the database up', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: { status: 'ok', api: 'up', database: 'up' },
    });
  });
});
