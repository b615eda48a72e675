import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from '../../db/seed.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { login, startTestEnv, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(() => env.close());

describe('seedDemo', () => {
  it('creates the confirmed demo accounts once (idempotent)', async () => {
    const hasher = createPasswordHasher(true);
    expect(await seedDemo(env.db, hasher, 'demo-password')).toEqual(
      DEMO_ACCOUNTS.map((a) => a.email),
    );
    expect(await seedDemo(env.db, hasher, 'demo-password')).toEqual([]);
    const agent = await login(env, 'agent@example.com', 'demo-password');
    expect(agent.json().data.user).toMatchObject({
      user_is_hde: true,
      items_per_page: 10,
      language: 'en',
    });
    for (const email of ['alice@example.com', 'bob@example.com']) {
      const res = await login(env, email, 'demo-password');
      expect(res.json().data.user.user_is_hde).toBe(false);
    }
  });
});
