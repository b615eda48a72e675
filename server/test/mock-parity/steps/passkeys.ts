// Passkeys: Pat registers, turns two-step on, registers a passkey (each side's own software
// authenticator answers that side's options, for that side's origin), renames it, signs in
// with it as the second step and alone (a reused answer is refused), and removes it; Bob can
// neither rename nor remove it.
import { relyingParty } from '../../../routes/passkeys/routes.js';
import { totpCode } from '../../../lib/totp.js';
import {
  SoftAuthenticator,
  type CreationOptionsJSON,
  type RequestOptionsJSON,
} from '../../support/soft-authenticator.js';
import {
  PASSWORD,
  at,
  list,
  num,
  pick,
  ref,
  type Json,
  type Scenario,
  type Side,
  type SideName,
} from '../harness.js';

const PAT = { fullname: 'Pat Pangolin', email: 'pat.pangolin@example.com' };
const patLogin = { str_username: PAT.email, str_password: PASSWORD };

/** What a step saved on each side that is not a text: options, answers, authenticators. */
const saved = new Map<string, unknown>();
const put = (side: Side, name: string, value: unknown) => saved.set(`${side.name}:${name}`, value);
const get = <T>(side: Side, name: string): T => saved.get(`${side.name}:${name}`) as T;

const keep =
  (name: string, ...path: string[]) =>
  (d: Json, side: Side) => {
    side.tokens.set(name, String(at(d, ...path)));
  };
const shown = (d: Json): Json => pick(d, 'name', 'last_used');

export async function passkeys(s: Scenario): Promise<void> {
  // The server's relying party is its public URL's; the mocks' the page's (here MOCK_ORIGIN).
  const origins: Record<SideName, string> = {
    mock: 'http://mock.test',
    real: relyingParty(s.sides.env.config).origin,
  };
  for (const side of [s.sides.mock, s.sides.real]) {
    put(side, 'authenticator', new SoftAuthenticator(origins[side.name]));
  }
  const authenticator = (side: Side) => get<SoftAuthenticator>(side, 'authenticator');

  await s.step({
    op: 'POST /api/register/',
    as: null,
    body: { ...PAT, password: PASSWORD },
    status: 200,
  });
  for (const side of [s.sides.mock, s.sides.real]) {
    side.tokens.set('pat-confirm', await side.mailedToken('confirm', PAT.email));
  }
  await s.step({
    op: 'POST /api/confirm/',
    as: null,
    body: (side) => ({ token: side.tokens.get('pat-confirm') ?? '' }),
    status: 200,
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: patLogin,
    status: 200,
    save: keep('pat', 'token'),
  });
  await s.step({ op: 'GET /api/user/me/passkeys', as: 'pat', status: 200, values: (d) => d });

  // Two-step on, then the code step offers no passkey yet.
  await s.step({
    op: 'POST /api/user/me/two-step/setup',
    as: 'pat',
    status: 200,
    save: keep('pat-secret', 'secret'),
  });
  await s.step({
    op: 'POST /api/user/me/two-step/confirm',
    as: 'pat',
    body: (side) => ({ code: totpCode(side.tokens.get('pat-secret') ?? '', Date.now()) }),
    status: 200,
  });
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: patLogin,
    status: 200,
    values: (d) => ({ two_step: at(d, 'two_step'), passkey: at(d, 'passkey') }),
    save: keep('pat-challenge', 'challenge'),
  });
  await s.step({
    op: 'POST /api/login/two-step/passkey/options',
    as: null,
    body: (side) => ({ challenge: side.tokens.get('pat-challenge') ?? '' }),
    status: 400,
    values: (d) => d,
    note: 'no passkey yet',
  });

  // Registering.
  await s.step({
    op: 'POST /api/user/me/passkeys/options',
    as: 'pat',
    status: 200,
    values: (d) => ({
      ...pick(d, 'pubKeyCredParams', 'timeout', 'attestation', 'authenticatorSelection'),
      ...pick(d, 'excludeCredentials', 'extensions'),
      rp: at(d, 'rp', 'name'),
      user: pick(at(d, 'user'), 'name', 'displayName'),
    }),
    save: (d, side) => put(side, 'creation', d),
  });
  const registration = (side: Side) =>
    authenticator(side).create(get<CreationOptionsJSON>(side, 'creation')).response as Json;
  await s.step({
    op: 'POST /api/user/me/passkeys',
    as: 'pat',
    body: { name: 'Laptop', response: { id: 'x', rawId: 'x', type: 'public-key' } },
    status: 400,
    values: (d) => d,
    note: 'an answer without its response',
  });
  await s.step({
    op: 'POST /api/user/me/passkeys',
    as: 'pat',
    body: (side) => ({ name: '  Work laptop ', response: registration(side) }),
    status: 200,
    values: shown,
    save: (d, side) => side.refs.set('passkey:pat', num(at(d, 'id'))),
  });
  await s.step({
    op: 'POST /api/user/me/passkeys',
    as: 'pat',
    body: (side) => ({ name: 'Again', response: registration(side) }),
    status: 400,
    values: (d) => d,
    note: 'the challenge is spent',
  });
  await s.step({
    op: 'PATCH /api/user/me/passkeys/{id}',
    as: 'pat',
    params: { id: ref('passkey:pat') },
    body: { name: ' Laptop 👩‍💻 ' },
    status: 200,
    values: shown,
  });
  await s.step({
    op: 'PATCH /api/user/me/passkeys/{id}',
    as: 'bob',
    params: { id: ref('passkey:pat') },
    body: { name: 'Mine now' },
    status: 404,
    values: (d) => d,
    note: "another user's passkey",
  });
  await s.step({
    op: 'GET /api/user/me/passkeys',
    as: 'pat',
    status: 200,
    values: (d) => list(d).map(shown),
  });

  // The passkey as the second step.
  await s.step({
    op: 'POST /api/login',
    as: null,
    body: patLogin,
    status: 200,
    values: (d) => ({ two_step: at(d, 'two_step'), passkey: at(d, 'passkey') }),
    save: keep('pat-challenge', 'challenge'),
  });
  await s.step({
    op: 'POST /api/login/two-step/passkey/options',
    as: null,
    body: (side) => ({ challenge: side.tokens.get('pat-challenge') ?? '' }),
    status: 200,
    values: (d) => ({
      ...pick(d, 'timeout', 'userVerification'),
      allowCredentials: list(at(d, 'allowCredentials')).map((c) => pick(c, 'type', 'transports')),
    }),
    save: (d, side) => put(side, 'second-step', d),
  });
  await s.step({
    op: 'POST /api/login/two-step/passkey',
    as: null,
    body: (side) => ({
      challenge: side.tokens.get('pat-challenge') ?? '',
      response: authenticator(side).get(get<RequestOptionsJSON>(side, 'second-step')) as Json,
    }),
    status: 200,
    values: (d) => pick(at(d, 'user'), 'email', 'fullname'),
  });

  // The passkey alone.
  await s.step({
    op: 'POST /api/login/passkey/options',
    as: null,
    status: 200,
    values: (d) => pick(d, 'timeout', 'userVerification', 'allowCredentials'),
    save: (d, side) =>
      put(side, 'alone', authenticator(side).get(d as unknown as RequestOptionsJSON)),
  });
  await s.step({
    op: 'POST /api/login/passkey',
    as: null,
    body: (side) => ({ response: get<Json>(side, 'alone') }),
    status: 200,
    values: (d) => pick(at(d, 'user'), 'email', 'fullname'),
    save: keep('pat-passkey', 'token'),
  });
  await s.step({
    op: 'POST /api/login/passkey',
    as: null,
    body: (side) => ({ response: get<Json>(side, 'alone') }),
    status: 400,
    values: (d) => d,
    note: 'an answer used already',
  });
  await s.step({
    op: 'GET /api/user/me/passkeys',
    as: 'pat-passkey',
    status: 200,
    values: (d) => list(d).map((p) => ({ used: at(p, 'last_used') !== null })),
  });

  // Removing.
  await s.step({
    op: 'DELETE /api/user/me/passkeys/{id}',
    as: 'bob',
    params: { id: ref('passkey:pat') },
    status: 404,
    values: (d) => d,
    note: "another user's passkey",
  });
  await s.step({
    op: 'DELETE /api/user/me/passkeys/{id}',
    as: 'pat',
    params: { id: ref('passkey:pat') },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'DELETE /api/user/me/passkeys/{id}',
    as: 'pat',
    params: { id: ref('passkey:pat') },
    status: 404,
    values: (d) => d,
    note: 'removed already',
  });
  await s.step({ op: 'GET /api/user/me/passkeys', as: 'pat', status: 200, values: (d) => d });
}
