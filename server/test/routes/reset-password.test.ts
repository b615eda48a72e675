// Forgotten password: the mail, the reset, and everything that must be refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createUser,
  login,
  mailTo,
  startTestEnv,
  tokenFor,
  tokenFromLink,
  uniqueEmail,
  type TestEnv,
} from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(() => env.close());

const SENT = "We've sent you a link to reset password to your registered email.";
const forget = (email: string) =>
  env.app.inject({ method: 'POST', url: '/api/forget-password/', payload: { email } });
const reset = (token: string, password: string) =>
  env.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { token, password } });

async function resetToken(email: string): Promise<string> {
  expect((await forget(email)).statusCode).toBe(200);
  return tokenFromLink((await mailTo(env, email)).link);
}

describe('forget-password / reset-password', () => {
  it('answers the same for known and unknown emails, and mails only the known one', async () => {
    const user = await createUser(env);
    const ghost = uniqueEmail('ghost');
    const known = await forget(user.email);
    const unknown = await forget(ghost);
    expect(known.json()).toEqual({ statusCode: 200, data: { message: SENT } });
    expect(unknown.body).toBe(known.body);
    const mail = await mailTo(env, user.email);
    expect(mail.link.startsWith('http://helpdesk.test/auth/reset-password?token=')).toBe(true);
    await expect(mailTo(env, ghost)).rejects.toThrow(/no mail/);
  });

  it('sets the new password, logs out every session, and the link works once', async () => {
    const user = await createUser(env);
    const session = await tokenFor(env, user.email, user.password);
    const token = await resetToken(user.email);

    const res = await reset(token, 'brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Your password has been reset. You can log in now.');

    expect(
      (await env.app.inject({ method: 'GET', url: '/api/user/me', headers: auth(session) }))
        .statusCode,
    ).toBe(401);
    expect((await login(env, user.email, user.password)).statusCode).toBe(401);
    expect((await login(env, user.email, 'brand new password')).statusCode).toBe(200);

    const reused = await reset(token, 'another new password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This link is invalid or has expired.');
    expect((await login(env, user.email, 'brand new password')).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(env);
    const token = await resetToken(user.email);
    await env.db.query(
      `UPDATE account_tokens SET expires = now() - interval '1 second'
        WHERE user_id = $1 AND purpose = 'reset'`,
      [user.id],
    );
    expect((await reset(token, 'brand new password')).statusCode).toBe(400);
    expect((await login(env, user.email, user.password)).statusCode).toBe(200);
  });

  it('makes tokens that expire within one hour', async () => {
    const user = await createUser(env);
    await resetToken(user.email);
    const { rows } = await env.db.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires - created_at) / 60 AS minutes FROM account_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(Number(rows[0].minutes)).toBeLessThanOrEqual(60);
  });

  it('refuses a confirm token used as a reset token', async () => {
    const email = uniqueEmail('cross');
    await env.app.inject({
      method: 'POST',
      url: '/api/register/',
      payload: { fullname: 'Cross', email, password: 'a good password' },
    });
    const confirmToken = tokenFromLink((await mailTo(env, email)).link);
    expect((await reset(confirmToken, 'brand new password')).statusCode).toBe(400);
  });

  it('answers 400 with field messages', async () => {
    expect((await forget('nope')).json().fields).toEqual({
      email: 'Email must be a valid email address.',
    });
    const res = await reset('', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      token: 'Token is required.',
      password: 'Password must be 8 to 128 characters.',
    });
  });
});
