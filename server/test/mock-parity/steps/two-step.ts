// Two-step sign-in, its code step, the administrators' requirement, and signed-in sessions.
// Dana registers here, so turning two-step on (which ends her other sessions) touches no one
// else's. Codes are computed on each side from the secret that side gave.
import { totpCode } from '../../../lib/totp.js';
import { PASSWORD, PEOPLE, at, type Json, type Scenario, type Side } from '../harness.js';

const DANA = { fullname: 'Dana Okapi', email: 'dana.okapi@example.com' };

const keep =
  (name: string, ...path: string[]) =>
  (d: Json, side: Side) => {
    side.tokens.set(name, String(at(d, ...path)));
  };
/** The code of the step `steps` away from now, from the secret the side gave. */
const code = (steps: number) => (side: Side) =>
  totpCode(side.tokens.get('dana-secret') ?? '', Date.now() + steps * 30_000);
const danaLogin = { str_username: DANA.email, str_password: PASSWORD };

export async function twoStep(s: Scenario): Promise<void> {
  await s.step({
    op: 'POST /api/register/',
    as: null,
    body: { ...DANA, password: PASSWORD },
    status: 200,
  });
  for (const side of [s.sides.mock, s.sides.real]) {
    side.tokens.set('dana-confirm', await side.mailedToken('confirm', DANA.email));
  }
  await s.step({
    op: 'POST /api/confirm/',
    as: null,
    body: (side) => ({ token: side.tokens.get('dana-confirm') ?? '' }),
    status: 200,
  });
  for (const name of ['dana', 'dana-other']) {
    await s.step({
      op: 'POST /api/login',
      as: null,
      body: danaLogin,
      status: 200,
      values: (d) => Object.keys(d as object).sort(),
      save: keep(name, 'token'),
    });
  }

  await s.step({
    op: 'GET /api/user/me/two-step',
    as: 'dana',
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/user/me/two-step/confirm',
    as: 'dana',
    body: { code: '123456' },
    status: 400,
    values: (d) => d,
    note: 'not started',
  });
  await s.step({
    op: 'POST /api/user/me/two-step/setup',
    as: 'dana',
    status: 200,
    values: (d) => ({
      secret: /^[A-Z2-7]{32}$/.test(String(at(d, 'secret'))),
      uri: String(at(d, 'otpauth_uri')).startsWith('otpauth://totp/Helpdesk:'),
      svg: String(at(d, 'qr_svg')).includes('<svg'),
    }),
    save: keep('dana-secret', 'secret'),
  });
  await s.step({
    op: 'POST /api/user/me/two-step/confirm',
    as: 'dana',
    body: (side) => ({ code: code(5)(side) }),
    status: 400,
    values: (d) => d,
    note: 'a wrong code',
  });
  await s.step({
    op: 'POST /api/user/me/two-step/confirm',
    as: 'dana',
    body: (side) => ({ code: code(-1)(side) }),
    status: 200,
    values: (d) => (at(d, 'recovery_codes') as Json[]).length,
    save: (d, side) => {
      const codes = at(d, 'recovery_codes') as string[];
      side.tokens.set('dana-recovery-1', codes[0]);
      side.tokens.set('dana-recovery-2', codes[1]);
    },
  });
  await s.step({
    op: 'POST /api/user/me/two-step/setup',
    as: 'dana',
    status: 409,
    values: (d) => d,
    note: 'already on',
  });
  await s.step({
    op: 'GET /api/user/me',
    as: 'dana-other',
    status: 401,
    note: 'turning it on ends the other sessions',
  });

  // Signing in: the password answers a challenge, the code a session.
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: danaLogin,
    status: 200,
    values: (d) => at(d, 'two_step'),
    save: keep('dana-challenge', 'challenge'),
  });
  await s.step({
    op: 'POST /api/login/two-step',
    as: null,
    body: { challenge: 'not-a-challenge', code: '123456' },
    status: 401,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/login/two-step',
    as: null,
    body: (side) => ({ challenge: side.tokens.get('dana-challenge') ?? '' }),
    status: 400,
    values: (d) => d,
    note: 'neither a code nor a recovery code',
  });
  await s.step({
    op: 'POST /api/login/two-step',
    as: null,
    body: (side) => ({ challenge: side.tokens.get('dana-challenge') ?? '', code: code(-1)(side) }),
    status: 400,
    values: (d) => d,
    note: 'the code already used',
  });
  await s.step({
    op: 'POST /api/login/two-step',
    as: null,
    body: (side) => ({ challenge: side.tokens.get('dana-challenge') ?? '', code: code(0)(side) }),
    status: 200,
    values: (d) => at(d, 'user', 'email'),
    save: keep('dana-2', 'token'),
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: danaLogin,
    status: 200,
    values: (d) => at(d, 'two_step'),
    save: keep('dana-challenge', 'challenge'),
  });
  await s.step({
    op: 'POST /api/login/two-step',
    as: null,
    body: (side) => ({
      challenge: side.tokens.get('dana-challenge') ?? '',
      recovery_code: side.tokens.get('dana-recovery-1') ?? '',
    }),
    status: 200,
    values: (d) => at(d, 'user', 'email'),
  });
  await s.step({
    op: 'GET /api/user/me/two-step',
    as: 'dana',
    status: 200,
    values: (d) => d,
    note: 'one recovery code used',
  });
  await s.step({
    op: 'POST /api/user/me/two-step/recovery-codes',
    as: 'dana',
    body: { code: 'wrong-code' },
    status: 400,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/user/me/two-step/recovery-codes',
    as: 'dana',
    body: (side) => ({ code: side.tokens.get('dana-recovery-2') ?? '' }),
    status: 200,
    values: (d) => (at(d, 'recovery_codes') as Json[]).length,
  });

  // Sessions: listed, and any of them ended.
  await s.step({
    op: 'GET /api/user/me/sessions',
    as: 'dana',
    status: 200,
    values: (d) => (d as Json[]).map((x) => at(x, 'current')).sort(),
    save: (d, side) => {
      const other = (d as Json[]).find((x) => at(x, 'current') === false);
      side.tokens.set('dana-other-session', String(at(other ?? null, 'id')));
    },
  });
  await s.step({
    op: 'DELETE /api/user/me/sessions/{id}',
    as: 'alice',
    params: { id: { saved: 'dana-other-session' } },
    status: 404,
    values: (d) => d,
    note: "someone else's session",
  });
  await s.step({
    op: 'DELETE /api/user/me/sessions/{id}',
    as: 'dana',
    params: { id: { saved: 'dana-other-session' } },
    status: 200,
    values: (d) => d,
  });

  await s.step({
    op: 'POST /api/user/me/two-step/disable',
    as: 'dana',
    body: (side) => ({ password: 'not the password', code: code(1)(side) }),
    status: 400,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/user/me/two-step/disable',
    as: 'dana',
    body: (side) => ({ password: PASSWORD, code: code(1)(side) }),
    status: 200,
    values: (d) => d,
  });

  // Required for agents and admins: an agent without it may only set it up.
  await s.step({
    op: 'GET /api/admin/sign-in-settings',
    as: 'agent',
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'PUT /api/admin/sign-in-settings',
    as: 'alice',
    body: { require_two_step_staff: true },
    status: 403,
  });
  await s.step({
    op: 'PUT /api/admin/sign-in-settings',
    as: 'agent',
    body: { require_two_step_staff: true },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: { str_username: PEOPLE.agent.email, str_password: PASSWORD },
    status: 200,
    values: (d) => at(d, 'two_step_setup_required'),
    save: keep('agent-setup', 'token'),
  });
  await s.step({
    op: 'GET /api/user/me/sessions',
    as: 'agent-setup',
    status: 403,
    values: (d) => d,
    note: 'two-step sign-in not set up yet',
  });
  await s.step({
    op: 'GET /api/user/me/two-step',
    as: 'agent-setup',
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'PUT /api/admin/sign-in-settings',
    as: 'agent',
    body: { require_two_step_staff: false },
    status: 200,
    values: (d) => d,
  });
}
