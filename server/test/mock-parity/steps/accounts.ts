// Signing in and out, registering, confirming, resetting a password, one's own profile; the
// public calls. Carol registers here: a person without seed data on either side, whose counts
// (home, dashboard, charts) compare exactly later.
import { PASSWORD, PEOPLE, at, pick, type Json, type Scenario, type Side } from '../harness.js';

const CAROL = { fullname: 'Carol Quokka', email: 'carol.quokka@example.com' };
export const CAROL_PASSWORD = 'carol-new-password';

const user = (d: Json) =>
  pick(d, 'fullname', 'email', 'user_is_hde', 'user_is_admin', 'items_per_page', 'language');

const keepToken = (name: string) => (d: Json, side: Side) => {
  side.tokens.set(name, String(at(d, 'token')));
};

/** Each side's one-time token from its mail (the server's outbox, the mocks' store). */
async function mailed(s: Scenario, purpose: 'confirm' | 'reset', email: string) {
  const { mock, real } = s.sides;
  for (const side of [mock, real]) {
    side.tokens.set(`${purpose}-link`, await side.mailedToken(purpose, email));
  }
}

export async function accounts(s: Scenario): Promise<void> {
  await s.step({
    op: 'GET /api/health',
    as: null,
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/public/pre-login',
    as: null,
    status: 200,
    values: (d) => d,
    note: 'signed out',
  });

  for (const [name, person] of Object.entries(PEOPLE)) {
    await s.step({
      op: 'POST /api/login',
      as: null,
      body: { str_username: person.email, str_password: PASSWORD },
      status: 200,
      values: (d) => user(at(d, 'user')),
      save: keepToken(name),
    });
  }
  await s.step({
    op: 'GET /api/public/pre-login',
    as: 'alice',
    status: 200,
    values: (d) => d,
    note: 'signed in',
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: { str_username: PEOPLE.alice.email, str_password: 'not the password' },
    status: 401,
    note: 'wrong password',
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: { str_username: 'nobody@example.com', str_password: 'whatever it is' },
    status: 401,
    note: 'unknown account',
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: { str_username: 'not an address', str_password: '' },
    status: 400,
    note: 'invalid input',
  });
  await s.step({ op: 'GET /api/user/me', as: 'alice', status: 200, values: user });

  // Registering: a new address and a taken one answer alike; the account needs confirming.
  await s.step({
    op: 'POST /api/register/',
    as: null,
    body: { ...CAROL, password: PASSWORD },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/register/',
    as: null,
    body: { fullname: 'Someone Else', email: PEOPLE.bob.email, password: PASSWORD },
    status: 200,
    values: (d) => d,
    note: 'a taken address',
  });
  await s.step({
    op: 'POST /api/register/',
    as: null,
    body: { fullname: ' ', email: 'not-an-address', password: 'short' },
    status: 400,
    note: 'invalid input',
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: { str_username: CAROL.email, str_password: PASSWORD },
    status: 403,
    note: 'not confirmed yet',
  });
  await s.step({
    op: 'POST /api/confirm/',
    as: null,
    body: { token: 'not-a-token' },
    status: 400,
  });
  await mailed(s, 'confirm', CAROL.email);
  await s.step({
    op: 'POST /api/confirm/',
    as: null,
    body: withToken('confirm-link'),
    status: 200,
    values: (d) => d,
    note: 'the mailed token',
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: { str_username: CAROL.email, str_password: PASSWORD },
    status: 200,
    values: (d) => user(at(d, 'user')),
    save: keepToken('carol'),
  });

  // Forgotten password: the same answer for an unknown address; the link works once.
  await s.step({
    op: 'POST /api/forget-password/',
    as: null,
    body: { email: 'nobody@example.com' },
    status: 200,
    values: (d) => d,
    note: 'unknown address',
  });
  await s.step({
    op: 'POST /api/forget-password/',
    as: null,
    body: { email: 'not an address' },
    status: 400,
  });
  await s.step({
    op: 'POST /api/forget-password/',
    as: null,
    body: { email: CAROL.email },
    status: 200,
    values: (d) => d,
  });
  await mailed(s, 'reset', CAROL.email);
  await s.step({
    op: 'POST /api/reset-password/',
    as: null,
    body: { token: 'not-a-token', password: 'long enough password' },
    status: 400,
    note: 'unknown token',
  });
  await s.step({
    op: 'POST /api/reset-password/',
    as: null,
    body: withToken('reset-link', { password: 'short' }),
    status: 400,
    note: 'password too short',
  });
  await s.step({
    op: 'POST /api/reset-password/',
    as: null,
    body: withToken('reset-link', { password: 'carol-reset-password' }),
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/reset-password/',
    as: null,
    body: withToken('reset-link', { password: 'carol-reset-password' }),
    status: 400,
    note: 'the link a second time',
  });
  await s.step({
    op: 'GET /api/user/me',
    as: 'carol',
    status: 401,
    note: 'a reset logs every session out',
  });
  for (const name of ['carol', 'carol-other-tab']) {
    await s.step({
      op: 'POST /api/login',
      as: null,
      body: { str_username: CAROL.email, str_password: 'carol-reset-password' },
      status: 200,
      values: (d) => user(at(d, 'user')),
      save: keepToken(name),
    });
  }

  // One's own profile and password.
  await s.step({
    op: 'PUT /api/user/me',
    as: 'carol',
    body: { fullname: '  Carol Quokka  ', items_per_page: 25, language: 'en' },
    status: 200,
    values: user,
  });
  await s.step({
    op: 'PUT /api/user/me',
    as: 'carol',
    body: { fullname: '', items_per_page: 12, language: 'fr' },
    status: 400,
  });
  await s.step({
    op: 'POST /api/user/me/password',
    as: 'carol',
    body: { current_password: 'not it at all', new_password: CAROL_PASSWORD },
    status: 400,
    note: 'wrong current password',
  });
  await s.step({
    op: 'POST /api/user/me/password',
    as: 'carol',
    body: { current_password: 'carol-reset-password', new_password: 'short' },
    status: 400,
    note: 'new password too short',
  });
  await s.step({
    op: 'POST /api/user/me/password',
    as: 'carol',
    body: { current_password: 'carol-reset-password', new_password: CAROL_PASSWORD },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/user/me',
    as: 'carol-other-tab',
    status: 401,
    note: 'a new password logs the other sessions out',
  });
  await s.step({ op: 'GET /api/user/me', as: 'carol', status: 200, values: user });

  // Logging out ends this session only.
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: { str_username: CAROL.email, str_password: CAROL_PASSWORD },
    status: 200,
    save: keepToken('carol-leaving'),
  });
  await s.step({
    op: 'POST /api/logout',
    as: 'carol-leaving',
    status: 200,
    values: (d) => d,
  });
  await s.step({ op: 'GET /api/user/me', as: 'carol-leaving', status: 401, note: 'logged out' });
  await s.step({ op: 'POST /api/logout', as: 'carol-leaving', status: 401, note: 'again' });
  await s.step({ op: 'GET /api/user/me', as: 'carol', status: 200, values: user });
}

/** A body made of a mailed token (each side's own) and more fields. */
function withToken(name: string, more: Record<string, Json> = {}) {
  return (side: Side): Json => ({ token: side.tokens.get(name) ?? '', ...more });
}
