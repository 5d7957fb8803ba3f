import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { startBlackBoxServer } from './black-box.js';
import {
  acknowledgedCounts,
  checkCrashLog,
  crashServerEnv,
  prepareCrashFixture,
  refreshFixture,
  seededRandom,
  writeUntilKilled,
} from './crash-rounds.js';
import { startSmtpCapture } from './smtp-capture.js';

/**
 * The long crash test (security.md R05; `npm run test:long`): ROUNDS rounds
 * on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. Each round runs the
 * writers of crash-rounds.ts, kills the server with SIGKILL 3-10 s in (a
 * seeded random moment), starts it again and checks every acknowledged
 * write. Writes bench/results/crash-rounds.json and exits 1 on any loss.
 *
 *   npm run test:long [-- rounds seed [pglite|postgres]]
 */

const rounds = Number(process.argv[2] ?? 20);
const seed = Number(process.argv[3] ?? 16);
const random = seededRandom(seed);
const only = process.argv[4];
const drivers = (['pglite', 'postgres'] as const).filter(
  (driver) =>
    (driver === 'pglite' || process.env.TEST_DATABASE_URL) &&
    (only === undefined || only === driver),
);

const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
const report: Record<string, unknown> = {};
let failed = false;
for (const driver of drivers) {
  const smtp = await startSmtpCapture();
  const box = await startBlackBoxServer(crashServerEnv(smtp.url), {
    driver,
    readyTimeoutMs: 180_000,
  });
  let fixture = await prepareCrashFixture(box, smtp);
  const results: {
    round: number;
    killAfterMs: number;
    restartMs: number;
    acknowledged: ReturnType<typeof acknowledgedCounts>;
    problems: string[];
  }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const killAfterMs = Math.round(3_000 + random() * 7_000);
    const log = await writeUntilKilled(box, fixture, round, killAfterMs);
    const restartStarted = performance.now();
    await box.restart();
    const restartMs = Math.round(performance.now() - restartStarted);
    const problems = await checkCrashLog(box, fixture, log);
    fixture = await refreshFixture(box, fixture);
    const counts = acknowledgedCounts(log);
    results.push({
      round,
      killAfterMs,
      restartMs,
      acknowledged: counts,
      problems,
    });
    failed ||= problems.length > 0;
    process.stdout.write(
      `${driver} round ${round}: killed at ${killAfterMs} ms, acknowledged ${JSON.stringify(counts)}, restart ${restartMs} ms, ${problems.length ? `LOST: ${problems.join('; ')}` : 'all present and whole'}\n`,
    );
  }
  await box.stop();
  await smtp.close();
  const total = (key: keyof ReturnType<typeof acknowledgedCounts>) =>
    results.reduce((sum, result) => sum + result.acknowledged[key], 0);
  report[driver] = {
    rounds,
    lost: results.flatMap((result) => result.problems),
    acknowledged: {
      recipes: total('recipes'),
      settings: total('settings'),
      plans: total('plans'),
      ticks: total('ticks'),
      edits: total('edits'),
    },
    results,
  };
}

writeFileSync(
  fileURLToPath(
    new URL(
      `../../../../bench/results/crash-rounds${only ? `-${only}` : ''}.json`,
      import.meta.url,
    ),
  ),
  `${JSON.stringify(
    {
      name: 'crash-rounds',
      date: new Date().toISOString(),
      node: process.version,
      seed,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg().map((value) => Number(value.toFixed(2))),
      ...report,
    },
    null,
    2,
  )}\n`,
);
process.exit(failed ? 1 : 0);
