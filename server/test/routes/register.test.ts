// Sign up: register, the confirmation mail, confirm, log in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  mailTo,
  startTestEnv,
  tokenFromLink,
  uniqueEmail,
  type TestEnv,
} from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(() => env.close());

const register = (payload: object, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url: '/api/register/', payload, headers });
const confirm = (token: string) =>
  env.app.inject({ method: 'POST', url: '/api/confirm/', payload: { token } });

describe('register → confirm → login', () => {
  it('creates an unconfirmed account, mails a link, and the link confirms it', async () => {
    const email = uniqueEmail('new');
    const res = await register({
      fullname: 'New Person',
      email: email.toUpperCase(),
      password: 'a good password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: { message: 'Registration successful. Check your email for a confirmation link.' },
    });

    expect((await login(env, email, 'a good password')).statusCode).toBe(403);

    const mail = await mailTo(env, email);
    expect(mail.raw).toContain('Subject: Confirm your Helpdesk account');
    expect(mail.link.startsWith('http://helpdesk.test/auth/confirm?token=')).toBe(true);
    const token = tokenFromLink(mail.link);
    expect(Buffer.from(token, 'base64url').length).toBe(32);

    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.message).toBe('Your account is confirmed. You can log in now.');

    const loggedIn = await login(env, email, 'a good password');
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().data.user.email).toBe(email);

    // The link works once.
    const reused = await confirm(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This link is invalid or has expired.');
  });

  it('stores only a hash of the mailed token', async () => {
    const email = uniqueEmail('hash');
    await register({ fullname: 'Hash Check', email, password: 'a good password' });
    const token = tokenFromLink((await mailTo(env, email)).link);
    const { rows } = await env.db.query(
      'SELECT token_hash FROM account_tokens WHERE token_hash = $1',
      [token],
    );
    expect(rows).toHaveLength(0);
  });

  it('mails in Spanish when the browser prefers Spanish', async () => {
    const email = uniqueEmail('es');
    await register(
      { fullname: 'Ana', email, password: 'a good password' },
      { 'accept-language': 'es-ES,es;q=0.9' },
    );
    expect((await mailTo(env, email)).raw).toContain('Confirma tu cuenta de Helpdesk');
  });

  it('refuses an expired confirmation link', async () => {
    const email = uniqueEmail('late');
    await register({ fullname: 'Late', email, password: 'a good password' });
    const token = tokenFromLink((await mailTo(env, email)).link);
    await env.db.query(`UPDATE account_tokens SET expires = now() - interval '1 minute'`);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect(
      (await register({ fullname: 'One', email, password: 'a good password' })).statusCode,
    ).toBe(200);
    const res = await register({
      fullname: 'Two',
      email: email.toUpperCase(),
      password: 'a good password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: 'An account with this email already exists.' });
  });

  it('answers 400 with a message per field', async () => {
    const res = await register({
      fullname: '   ',
      email: 'not-an-email',
      password: 'x'.repeat(129),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      fields: {
        fullname: 'Full name must be 1 to 100 characters.',
        email: 'Email must be a valid email address.',
        password: 'Password must be 8 to 128 characters.',
      },
    });
    const missing = await register({});
    expect(Object.keys(missing.json().fields).sort()).toEqual(['email', 'fullname', 'password']);
    expect(
      (await register({ fullname: 'A', email: uniqueEmail(), password: 'seven77' })).json().fields,
    ).toEqual({
      password: 'Password must be 8 to 128 characters.',
    });
  });

  it('answers 400 for an unknown confirm token and for a missing one', async () => {
    expect((await confirm('no-such-token')).json().message).toBe(
      'This link is invalid or has expired.',
    );
    const res = await env.app.inject({ method: 'POST', url: '/api/confirm/', payload: {} });
    expect(res.json().fields).toEqual({ token: 'Token is required.' });
  });
});
