import type { Clock } from '../clock.js';

/** A clock that stands still until the test moves it. */
export interface TestClock extends Clock {
  advance(seconds: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(seconds) {
      now += seconds * 1000;
    },
  };
}
