import {
  hash,
  parseOptions,
  verify,
  type Algorithm,
  type Options,
} from '@node-rs/argon2';

/**
 * argon2id at the OWASP/ASVS minimum (security.md S09): 19 MiB, 2 passes,
 * one lane. @node-rs/argon2 runs on the libuv thread pool, so a login storm
 * does not block the event loop (R03). Measured on the 2-core dev machine:
 * about 10 ms per hash or verify, some 70 a second on both cores (ADR 006).
 */
// `Algorithm` is an ambient const enum, which isolatedModules cannot read.
const ARGON2ID: Algorithm = 2;

export const PASSWORD_HASH_POLICY = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash it cannot read. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** True when the stored hash is weaker than the policy (rehash on login). */
  needsRehash(passwordHash: string): boolean;
  /**
   * Spends the time of one verify against a throwaway hash, so an unknown
   * e-mail answers as slowly as a wrong password (S10).
   */
  dummyVerify(password: string): Promise<void>;
}

export function createPasswordHasher(
  policy: Options = PASSWORD_HASH_POLICY,
): PasswordHasher {
  let dummyHash: Promise<string> | undefined;

  const hasher: PasswordHasher = {
    hash: (password) => hash(password, policy),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    needsRehash(passwordHash) {
      try {
        const used = parseOptions(passwordHash);
        return (
          used.algorithm !== ARGON2ID ||
          used.memoryCost < (policy.memoryCost ?? 0) ||
          used.timeCost < (policy.timeCost ?? 0)
        );
      } catch {
        return true;
      }
    },
    async dummyVerify(password) {
      dummyHash ??= hash('platewise-dummy-password', policy);
      await hasher.verify(await dummyHash, password);
    },
  };
  return hasher;
}
