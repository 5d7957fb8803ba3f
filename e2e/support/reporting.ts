/**
 * What every Playwright config here reports and keeps of a failure.
 *
 * The trace keeps each action's DOM snapshots but not the screencast: its
 * frames cost a quarter of the suite's CPU on the 2-core CI machine (the
 * accessibility spec: 361 -> 274 s of CPU, 194 -> 151 s wall; docs/ci.md,
 * eighth round), and a failure's screenshot is kept all the same.
 */
export const failureEvidence = {
  trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
  screenshot: 'only-on-failure',
} as const;

/** The list, and the page as it was when a test failed (CI keeps only output). */
export const reporters: [string][] = [
  ['list'],
  ['./support/failure-context-reporter.ts'],
];
