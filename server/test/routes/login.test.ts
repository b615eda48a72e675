import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, startTestEnv, uniqueEmail, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv({
    loginMaxFailures: 3,
    loginMaxFailuresPerIp: 6,
    loginDelayBaseSeconds: 60,
  });
});
afterAll(() => env.close());

describe('POST /api/login', () => {
  it('answers a token and the user, never the password hash', async () => {
    const user = await createUser(env, { hde: true, fullname: 'Agent Smith' });
    const res = await login(env, user.email.toUpperCase(), user.password); // email is case-insensitive
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.user).toEqual({
      id: user.id,
      fullname: 'Agent Smith',
      email: user.email,
      user_is_hde: true,
      user_is_admin: false,
      items_per_page: 10,
      language: 'en',
    });
    expect(res.body).not.toContain('password');
    const claims = JSON.parse(Buffer.from(body.data.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    const user = await createUser(env);
    const wrong = await login(env, user.email, 'not the password');
    const unknown = await login(env, uniqueEmail('nobody'), 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid credentials',
    });
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses an unconfirmed account with a clear message, once the password is right', async () => {
    const user = await createUser(env, { confirmed: false });
    const res = await login(env, user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please confirm your email address before logging in.');
    expect((await login(env, user.email, 'wrong password')).statusCode).toBe(401);
  });

  it('answers 400 with field messages for a bad body', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { str_username: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      fields: {
        str_username: 'Email must be a valid email address.',
        str_password: 'Password is required.',
      },
    });
  });

  it('slows the address that keeps failing for an account, never the owner elsewhere', async () => {
    const user = await createUser(env);
    const from = (address: string, password: string) =>
      env.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: address,
        payload: { str_username: user.email, str_password: password },
      });
    for (let i = 0; i < 3; i++)
      expect((await from('192.0.2.10', 'wrong password')).statusCode).toBe(401);
    const blocked = await from('192.0.2.10', user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed login attempts. Try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address that has not been failing, signs in.
    expect((await from('192.0.2.11', user.password)).statusCode).toBe(200);
    // Once the delay has passed, the failing address may try again.
    await env.db.query(`UPDATE auth_throttle SET blocked_until = now() WHERE scope = 'login'`);
    expect((await from('192.0.2.10', user.password)).statusCode).toBe(200);
  });

  it('throttles an unknown account the same way (no hint that it does not exist)', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++) expect((await login(env, email, 'whatever1')).statusCode).toBe(401);
    expect((await login(env, email, 'whatever1')).statusCode).toBe(429);
  });

  it('answers 429 after repeated failures from one address across accounts', async () => {
    const from = (email: string, password: string) =>
      env.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.9',
        payload: { str_username: email, str_password: password },
      });
    for (let i = 0; i < 6; i++)
      expect((await from(uniqueEmail('spray'), 'guess-guess')).statusCode).toBe(401);
    const user = await createUser(env);
    const res = await from(user.email, user.password);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    const elsewhere = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.10',
      payload: { str_username: user.email, str_password: user.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
