// Sign up: register, the confirmation mail, confirm, log in; a taken address answers the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  login,
  mailTo,
  parsedMailsTo,
  startTestEnv,
  tokenFromLink,
  uniqueEmail,
  type TestEnv,
} from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  // More registrations than the per-address throttle lets through (login-throttle.test.ts).
  env = await startTestEnv({ authRequestsPerIp: 100 });
});
afterAll(() => env.close());

const register = (payload: object, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url: '/api/register/', payload, headers });
const confirm = (token: string) =>
  env.app.inject({ method: 'POST', url: '/api/confirm/', payload: { token } });

const mailsTo = (to: string) => parsedMailsTo(env, to);

async function accountsWith(email: string) {
  const { rows } = await env.db.query<{ id: string; fullname: string; password_hash: string }>(
    'SELECT id, fullname, password_hash FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows;
}

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
    expect((await mailTo(env, email)).raw).toContain('Confirme su cuenta de Helpdesk');
  });

  it('refuses an expired confirmation link', async () => {
    const email = uniqueEmail('late');
    await register({ fullname: 'Late', email, password: 'a good password' });
    const token = tokenFromLink((await mailTo(env, email)).link);
    await env.db.query(`UPDATE account_tokens SET expires = now() - interval '1 minute'`);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('answers a taken address exactly like a new one, and makes no second account', async () => {
    const email = uniqueEmail('dup');
    const first = await register({ fullname: 'One', email, password: 'a good password' });
    const before = await accountsWith(email);
    expect(before).toHaveLength(1);

    const again = await register({
      fullname: 'Two',
      email: email.toUpperCase(),
      password: 'another password',
    });
    const fresh = await register({
      fullname: 'Three',
      email: uniqueEmail('fresh'),
      password: 'a good password',
    });
    expect(fresh.statusCode).toBe(200);
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(res.body).toBe(fresh.body);
    }
    // The account is as it was: its name and its password.
    expect(await accountsWith(email)).toEqual(before);
    // In Spanish too, the same answer for both.
    const es = { 'accept-language': 'es' };
    const taken = await register({ fullname: 'Dos', email, password: 'another password' }, es);
    const other = await register(
      { fullname: 'Tres', email: uniqueEmail('nuevo'), password: 'a good password' },
      es,
    );
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(other.body);
    expect(await accountsWith(email)).toEqual(before);
  });

  it("mails a taken address's owner that someone tried, machine-made, with sign-in and reset links", async () => {
    const owner = await createUser(env, { fullname: 'Olivia Owner' });
    const newcomer = uniqueEmail('newcomer');
    expect(
      (await register({ fullname: 'Mallory', email: owner.email, password: 'a good password' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await register({ fullname: 'New Comer', email: newcomer, password: 'a good password' }))
        .statusCode,
    ).toBe(200);

    const [mail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]); // no confirmation link for the address that has an account
    expect(mail.subject).toBe('Someone tried to register with your email address');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain('Hello Olivia Owner,');
    expect(mail.text).toContain('You already have an account, so no new one was made.');
    expect(mail.text).toContain('Sign in: http://helpdesk.test/auth/login');
    expect(mail.text).toContain('Reset my password: http://helpdesk.test/auth/forget-password');
    expect(mail.text).not.toContain('token=');
    expect(mail.html).toContain('<a href="http://helpdesk.test/auth/login">Sign in</a>');
    expect(mail.html).toContain(
      '<a href="http://helpdesk.test/auth/forget-password">Reset my password</a>',
    );
    // The attempt changed nothing: its password does not sign in, the owner's still does.
    expect((await login(env, owner.email, 'a good password')).statusCode).toBe(401);
    expect((await login(env, owner.email, owner.password)).statusCode).toBe(200);

    // A new address still gets its confirmation link.
    const [confirmation] = await mailsTo(newcomer);
    expect(confirmation.subject).toBe('Confirm your Helpdesk account');
    expect(confirmation.text).toContain('http://helpdesk.test/auth/confirm?token=');
  });

  it("writes to the owner in the owner's language, whatever the browser that registered", async () => {
    const owner = await createUser(env, { fullname: 'Ana Dueña' });
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [owner.id]);
    const res = await register(
      { fullname: 'Someone', email: owner.email, password: 'a good password' },
      { 'accept-language': 'en-US' },
    );
    expect(res.json().data.message).toBe(
      'Registration successful. Check your email for a confirmation link.',
    );
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe('Alguien intentó registrarse con su dirección de correo');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain('Hola Ana Dueña:');
    expect(mail.text).toContain('Ya tiene una cuenta, así que no se creó ninguna nueva.');
    expect(mail.text).toContain('Iniciar sesión: http://helpdesk.test/auth/login');
    expect(mail.text).toContain(
      'Restablecer mi contraseña: http://helpdesk.test/auth/forget-password',
    );
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
