import { describe, expect, it } from 'vitest';

import { createSessionCache } from './session-cache.js';

/**
 * The session cache of PGlite (issue 17): requests of one session that miss
 * together share one load, and a drop is never answered by a load that
 * began before it.
 */

type Found = Parameters<ReturnType<typeof createSessionCache>['find']>[1];

function session(id: string, userId = 'u1') {
  return {
    session: { id, userId },
    user: { id: userId },
  } as unknown as Awaited<ReturnType<Found>>;
}

/** A load that resolves when told, counting its calls. */
function loader(answer: () => Awaited<ReturnType<Found>>) {
  const releases: (() => void)[] = [];
  let calls = 0;
  const load: Found = () => {
    calls += 1;
    return new Promise((resolve) => {
      releases.push(() => resolve(answer()));
    });
  };
  return {
    load,
    get calls() {
      return calls;
    },
    releaseAll() {
      for (const release of releases.splice(0)) release();
    },
  };
}

describe('session cache', () => {
  it('loads a session once for requests that miss together', async () => {
    const cache = createSessionCache();
    const source = loader(() => session('s1'));
    const reads = Array.from({ length: 50 }, () =>
      cache.find('s1', source.load),
    );
    source.releaseAll();
    const found = await Promise.all(reads);
    expect(source.calls).toBe(1);
    expect(new Set(found).size).toBe(1);
    // Kept: the next read loads nothing.
    await cache.find('s1', source.load);
    expect(source.calls).toBe(1);
  });

  it('reads afresh after a drop, even while an earlier load is in flight', async () => {
    const cache = createSessionCache();
    let revoked = false;
    const source = loader(() => (revoked ? null : session('s1')));
    const before = cache.find('s1', source.load);
    revoked = true;
    cache.dropSession('s1');
    const after = cache.find('s1', source.load);
    source.releaseAll();
    await before;
    expect(await after).toBeNull();
    expect(source.calls).toBe(2);
    // The load that overlapped the drop was not kept: this one asks again.
    const last = cache.find('s1', source.load);
    source.releaseAll();
    expect(await last).toBeNull();
    expect(source.calls).toBe(3);
  });

  it('ends the sharing when a user is dropped or all is cleared', async () => {
    const cache = createSessionCache();
    const source = loader(() => session('s1'));
    const first = cache.find('s1', source.load);
    cache.dropUser('u1');
    const second = cache.find('s1', source.load);
    cache.clear();
    const third = cache.find('s1', source.load);
    source.releaseAll();
    await Promise.all([first, second, third]);
    expect(source.calls).toBe(3);
  });
});
