// argon2id password hashing. Production uses the OWASP parameters (m=19 MiB, t=2, p=1); tests
// may ask for cheap parameters explicitly (buildApp's `testOnlyFastHashing`) to stay fast.
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolatedModules cannot import by name). */
const ARGON2ID = 2 as Algorithm.Argon2id;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spend the same time as a real check, for accounts that do not exist. */
  dummyVerify(password: string): Promise<void>;
}

export const OWASP_ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const TEST_ONLY_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function createPasswordHasher(testOnlyFast = false): PasswordHasher {
  const params = { algorithm: ARGON2ID, ...(testOnlyFast ? TEST_ONLY_ARGON2 : OWASP_ARGON2) };
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, params),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password);
      } catch {
        return false; // a malformed stored hash never matches
      }
    },
    dummyVerify: async (password) => {
      dummyHash ??= hash('dummy password for timing', params);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
