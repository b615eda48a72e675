// Login abuse without lockout (routes/auth/throttle.ts): growing delays per (account, address)
// and per address, in PostgreSQL so every API process shares them; the owner is never locked out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool } from '../../db/pool.js';
import { createUser, startTestEnv, uniqueEmail, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  // The default free attempts (5 per pair, 20 per address); a long first delay, so a slow machine
  // never sees a delay run out between two calls of one test.
  env = await startTestEnv({ loginDelayBaseSeconds: 60 });
});
afterAll(() => env.close());

function loginFrom(app: TestEnv['app'], address: string, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    payload: { str_username: email, str_password: password },
  });
}

describe('failed logins', () => {
  it('eight wrong passwords from one address, then the owner signs in from another', async () => {
    const bob = await createUser(env);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await loginFrom(env.app, '198.51.100.1', bob.email, 'guess ' + i)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const res = await loginFrom(env.app, '198.51.100.2', bob.email, bob.password);
    expect(res.statusCode).toBe(200);
    // The guessing address stays slowed even with the right password.
    expect((await loginFrom(env.app, '198.51.100.1', bob.email, bob.password)).statusCode).toBe(
      429,
    );
  });

  it('makes each further failure wait longer', async () => {
    const user = await createUser(env);
    const waitAfterFailure = async () => {
      await env.db.query(`UPDATE auth_throttle SET blocked_until = now() WHERE subject LIKE $1`, [
        `${user.email}|%`,
      ]);
      expect((await loginFrom(env.app, '198.51.100.3', user.email, 'wrong')).statusCode).toBe(401);
      const blocked = await loginFrom(env.app, '198.51.100.3', user.email, 'wrong');
      expect(blocked.statusCode).toBe(429);
      return Number(blocked.headers['retry-after']);
    };
    for (let i = 0; i < 4; i++) await loginFrom(env.app, '198.51.100.3', user.email, 'wrong');
    const waits = [await waitAfterFailure(), await waitAfterFailure(), await waitAfterFailure()];
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    expect(waits[0]).toBeGreaterThan(0);
  });

  it('slows a spray across many accounts from one address (429 with Retry-After)', async () => {
    const victims = await Promise.all(Array.from({ length: 3 }, () => createUser(env)));
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) {
      const email = i < 3 ? victims[i].email : uniqueEmail('spray');
      answers.push((await loginFrom(env.app, '198.51.100.50', email, 'Summer2026!')).statusCode);
    }
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(answers.slice(20).every((s) => s === 429)).toBe(true);
    const res = await loginFrom(env.app, '198.51.100.50', victims[0].email, victims[0].password);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // The accounts themselves are not locked: their owners sign in from elsewhere.
    for (const v of victims) {
      expect((await loginFrom(env.app, '198.51.100.51', v.email, v.password)).statusCode).toBe(200);
    }
  });

  it('answers an unknown account exactly as a known one, throttle included', async () => {
    const known = await createUser(env);
    const unknown = uniqueEmail('nobody');
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 6; i++) {
      const k = await loginFrom(env.app, '198.51.100.60', known.email, 'wrong');
      const u = await loginFrom(env.app, '198.51.100.61', unknown, 'wrong');
      a.push(`${k.statusCode} ${k.json().message}`);
      b.push(`${u.statusCode} ${u.json().message}`);
    }
    expect(b).toEqual(a);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const user = await createUser(env);
    for (let i = 0; i < 5; i++) {
      await env.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.70',
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
        payload: { str_username: user.email, str_password: 'wrong' },
      });
    }
    const spoofed = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.70',
      headers: { 'x-forwarded-for': '10.0.0.99' },
      payload: { str_username: user.email, str_password: user.password },
    });
    expect(spoofed.statusCode).toBe(429);

    // Behind a proxy, the forwarded address is the client's.
    const db = createPool(env.database.url);
    const proxied = await buildApp({
      config: { ...env.config, trustProxy: true },
      db,
      logger: false,
      testOnlyFastHashing: true,
    });
    try {
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.70',
        headers: { 'x-forwarded-for': '10.0.0.99' },
        payload: { str_username: user.email, str_password: user.password },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await proxied.close();
      await db.end();
    }
  });

  it('holds across two API processes on one database', async () => {
    const user = await createUser(env);
    const db = createPool(env.database.url);
    const second = await buildApp({
      config: env.config,
      db,
      logger: false,
      testOnlyFastHashing: true,
    });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await loginFrom(env.app, '198.51.100.80', user.email, 'wrong')).statusCode).toBe(
          401,
        );
      }
      const res = await loginFrom(second, '198.51.100.80', user.email, user.password);
      expect(res.statusCode).toBe(429);
      expect((await loginFrom(second, '198.51.100.81', user.email, user.password)).statusCode).toBe(
        200,
      );
    } finally {
      await second.close();
      await db.end();
    }
  });
});

describe('password reset and registration', () => {
  const forget = (address: string, email: string) =>
    env.app.inject({
      method: 'POST',
      url: '/api/forget-password/',
      remoteAddress: address,
      payload: { email },
    });

  it('slows repeated reset requests for one account, from any address', async () => {
    const user = await createUser(env);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await forget(`198.51.100.${90 + i}`, user.email)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    // An unknown address is throttled alike: the answer tells nothing about the account.
    const ghost = uniqueEmail('ghost');
    const ghostAnswers: number[] = [];
    for (let i = 0; i < 5; i++)
      ghostAnswers.push((await forget(`198.51.100.${100 + i}`, ghost)).statusCode);
    expect(ghostAnswers).toEqual(answers);
  });

  it('slows reset requests and registrations from one address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await forget('198.51.100.120', uniqueEmail('r'))).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);

    const register = (i: number) =>
      env.app.inject({
        method: 'POST',
        url: '/api/register/',
        remoteAddress: '198.51.100.121',
        payload: { fullname: `New ${i}`, email: uniqueEmail('new'), password: 'long enough pw' },
      });
    const registered: number[] = [];
    for (let i = 0; i < 11; i++) registered.push((await register(i)).statusCode);
    expect(registered.slice(0, 10).every((s) => s === 200)).toBe(true);
    const last = await register(99);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
