import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';

import {
  createPasswordHasher,
  PASSWORD_HASH_POLICY,
} from './password-hasher.js';

describe('createPasswordHasher', () => {
  const hasher = createPasswordHasher();

  it('hashes with argon2id at the policy and verifies', async () => {
    const stored = await hasher.hash('Plate-wise-42!');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'Plate-wise-42!')).toBe(true);
    expect(await hasher.verify(stored, 'Plate-wise-42')).toBe(false);
    expect(hasher.needsRehash(stored)).toBe(false);
  });

  it('asks for a rehash below the policy or for an unreadable hash', async () => {
    const weak = await hash('x', { ...PASSWORD_HASH_POLICY, memoryCost: 8192 });
    expect(hasher.needsRehash(weak)).toBe(true);
    const argon2i = await hash('x', { ...PASSWORD_HASH_POLICY, algorithm: 1 });
    expect(hasher.needsRehash(argon2i)).toBe(true);
    expect(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
  });

  it('spends about a verify on a dummy hash (S10)', async () => {
    await hasher.dummyVerify('warm-up');
    const stored = await hasher.hash('Plate-wise-42!');
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    // Interleaved, so a busy machine slows both sides alike; medians.
    const real: number[] = [];
    const dummy: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      real.push(await timed(() => hasher.verify(stored, 'Wrong-1!')));
      dummy.push(await timed(() => hasher.dummyVerify('Wrong-1!')));
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    expect(median(dummy)).toBeGreaterThan(median(real) / 3);
    expect(median(dummy)).toBeLessThan(median(real) * 3);
  });
});
