import { setTimeout as sleep } from 'node:timers/promises';

import { call, type BlackBoxServer } from './black-box.js';
import { preferencesBody } from './planner-fixtures.js';
import type { SmtpCapture } from './smtp-capture.js';

/**
 * Crash rounds (security.md R05, issue 16): concurrent writers (recipes with
 * their ingredient rows, saved settings, generated plans, shopping-list
 * ticks, admin edits of a user) log every write the server acknowledged;
 * the server process is killed with SIGKILL at a random moment, started
 * again on the same database, and every acknowledged write must be there
 * and whole. For a value one writer overwrites in turn, the database must
 * hold the last acknowledged value or the one in flight when the process
 * died (it may have committed without its answer getting out).
 *
 * Used by fault.test.ts (one short round per database) and by
 * bench/fault/crash-rounds.ts (`npm run test:long`: 20 rounds each).
 */

export const CRASH_ADMIN = {
  email: 'crash-admin@example.com',
  password: 'Crash-admin-42!',
};
const PASSWORD = 'Crash-user-42!';
const LINES = [
  '400 g firm tofu',
  '2 cups broccoli florets',
  '1 tbsp olive oil',
];

/** mulberry32: a small seeded generator, so a failing round can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Environment for a crash server: no limits that a writer would meet. */
export function crashServerEnv(smtpUrl: string): Record<string, string> {
  return {
    SMTP_URL: smtpUrl,
    ADMIN_EMAIL: CRASH_ADMIN.email,
    ADMIN_PASSWORD: CRASH_ADMIN.password,
    PLANNER_RATE_LIMIT: '1000000',
    PLANNER_USER_QUEUE_MAX: '100',
    RATE_LIMIT_ADMIN: '1000000',
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_SIGNUP: '1000000',
    RATE_LIMIT_VERIFY: '1000000',
  };
}

interface Account {
  id: string;
  email: string;
  token: string;
}

export interface CrashFixture {
  admin: Account;
  settings: Account;
  planner: Account;
  ticker: Account;
  edited: Account;
  /** Keys of the ticker's shopping list. */
  tickKeys: string[];
}

async function signIn(
  box: BlackBoxServer,
  email: string,
  password: string,
): Promise<Account> {
  const answer = await call(box.url, 'POST', '/api/users/login', {
    json: { email, password, rememberMe: true },
  });
  if (answer.status !== 200) {
    throw new Error(`login ${email}: ${answer.status} ${answer.text}`);
  }
  return {
    id: answer.body.user.id,
    email,
    token: answer.body.user.accessToken,
  };
}

async function newUser(
  box: BlackBoxServer,
  smtp: SmtpCapture,
  name: string,
): Promise<Account> {
  const email = `${name}.${Date.now().toString(36)}@example.com`;
  const signup = await call(box.url, 'POST', '/api/users/signup', {
    json: {
      firstName: name,
      lastName: 'Crash',
      email,
      phoneNumber: '5551234567',
      state: 'Oregon',
      password: PASSWORD,
    },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.text}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  let otp = '';
  for (let i = 0; i < 50 && !otp; i += 1) {
    try {
      otp = smtp.latestOtp(email);
    } catch {
      await sleep(100);
    }
  }
  const verified = await call(box.url, 'POST', '/api/users/verify-email', {
    json: { email, otp },
    headers: { cookie },
  });
  if (verified.status !== 200) throw new Error(`verify: ${verified.text}`);
  return signIn(box, email, PASSWORD);
}

async function ok(
  promise: ReturnType<typeof call>,
  what: string,
): ReturnType<typeof call> {
  const answer = await promise;
  if (answer.status >= 300) {
    throw new Error(`${what}: ${answer.status} ${answer.text}`);
  }
  return answer;
}

/** The accounts, settings and plans the writers start from. */
export async function prepareCrashFixture(
  box: BlackBoxServer,
  smtp: SmtpCapture,
): Promise<CrashFixture> {
  const admin = await signIn(box, CRASH_ADMIN.email, CRASH_ADMIN.password);
  const [settings, planner, ticker, edited] = [
    await newUser(box, smtp, 'settings'),
    await newUser(box, smtp, 'planner'),
    await newUser(box, smtp, 'ticker'),
    await newUser(box, smtp, 'edited'),
  ];
  for (const account of [settings, planner, ticker]) {
    await ok(
      call(box.url, 'POST', '/api/preferences/save', {
        token: account.token,
        json: preferencesBody(),
      }),
      'save settings',
    );
  }
  for (const account of [planner, ticker]) {
    await ok(
      call(box.url, 'GET', '/api/generate-meal-plan', { token: account.token }),
      'first plan',
    );
  }
  const summary = await ok(
    call(box.url, 'GET', '/api/user-ingredients-summary', {
      token: ticker.token,
    }),
    'summary',
  );
  const tickKeys = tickKeysOf(summary.body);
  if (tickKeys.length < 2) throw new Error('the ticker has no shopping list');
  return { admin, settings, planner, ticker, edited, tickKeys };
}

interface SummaryLine {
  key: string;
  ticked: boolean;
}

function summaryLines(body: unknown): SummaryLine[] {
  const data = (body as { data?: Record<string, SummaryLine[]>[] }).data ?? [];
  return data.flatMap((group) => [
    ...(group.freshIngredients ?? []),
    ...(group.nonPerishableIngredients ?? []),
  ]);
}

function tickKeysOf(body: unknown): string[] {
  return summaryLines(body).map((line) => line.key);
}

/** What the writers were told (acknowledged) and what was in flight. */
export interface CrashLog {
  recipes: { id: string; name: string; ingredients: string }[];
  /**
   * `unanswered`: the values sent since the last acknowledged one whose
   * answer never came (any of them may have committed before the kill).
   */
  settings: { acked?: string; unanswered: string[]; count: number };
  plans: { acked?: number; unanswered: number; count: number; days?: number };
  ticks: { acked?: string[]; unanswered: string[][]; count: number };
  edits: { acked?: string; unanswered: string[]; count: number };
}

/**
 * Runs the writers until `stopAfterMs`, then SIGKILLs the server while they
 * are mid-request. Answers lost with the process count as not acknowledged.
 */
export async function writeUntilKilled(
  box: BlackBoxServer,
  fixture: CrashFixture,
  round: number,
  stopAfterMs: number,
): Promise<CrashLog> {
  const log: CrashLog = {
    recipes: [],
    settings: { unanswered: [], count: 0 },
    plans: { unanswered: 0, count: 0 },
    ticks: { unanswered: [], count: 0 },
    edits: { unanswered: [], count: 0 },
  };
  let dead = false;
  const loop = async (step: (n: number) => Promise<void>) => {
    for (let n = 0; !dead; n += 1) {
      try {
        await step(n);
      } catch {
        // The process died under the request: not acknowledged.
      }
    }
  };
  const url = box.url;
  const writers = [
    loop(async (n) => {
      const name = `Crash r${round} n${n}`;
      const answer = await call(url, 'POST', '/api/recipes', {
        token: fixture.admin.token,
        json: { name, ingredients: LINES },
      });
      if (answer.status === 201) {
        log.recipes.push({
          id: String(answer.body.id),
          name,
          ingredients: JSON.stringify(answer.body.ingredients),
        });
      }
    }),
    loop(async (n) => {
      const value = `r${round}n${n}`;
      log.settings.unanswered.push(value);
      const answer = await call(url, 'POST', '/api/preferences/save', {
        token: fixture.settings.token,
        json: preferencesBody({ customAllergens: [value] }),
      });
      if (answer.status === 200) {
        log.settings.acked = value;
        log.settings.count += 1;
        log.settings.unanswered = [];
      }
    }),
    loop(async () => {
      log.plans.unanswered += 1;
      const answer = await call(url, 'GET', '/api/generate-meal-plan', {
        token: fixture.planner.token,
      });
      if (answer.status === 200) {
        log.plans.acked = answer.body.version;
        log.plans.days = answer.body.meals.length;
        log.plans.count += 1;
        log.plans.unanswered = 0;
      }
    }),
    loop(async (n) => {
      const ticked = [
        fixture.tickKeys[n % fixture.tickKeys.length] ?? '',
      ].sort();
      log.ticks.unanswered.push(ticked);
      const answer = await call(url, 'PUT', '/api/shopping-list/ticks', {
        token: fixture.ticker.token,
        json: { ticked },
      });
      if (answer.status === 200) {
        log.ticks.acked = ticked;
        log.ticks.count += 1;
        log.ticks.unanswered = [];
      }
    }),
    loop(async (n) => {
      const value = `Edit${round}x${n}`;
      log.edits.unanswered.push(value);
      const answer = await call(
        url,
        'PATCH',
        `/api/admin/users/${fixture.edited.id}`,
        {
          token: fixture.admin.token,
          json: {
            firstName: value,
            lastName: 'Crash',
            email: fixture.edited.email,
          },
        },
      );
      if (answer.status === 200) {
        log.edits.acked = value;
        log.edits.count += 1;
        log.edits.unanswered = [];
      }
    }),
  ];
  await sleep(stopAfterMs);
  // No new request after this; those in flight meet the kill.
  dead = true;
  await box.kill();
  await Promise.all(writers);
  return log;
}

/** After the restart: every acknowledged write, present and whole. */
export async function checkCrashLog(
  box: BlackBoxServer,
  fixture: CrashFixture,
  log: CrashLog,
): Promise<string[]> {
  const problems: string[] = [];
  const get = (path: string, token: string) =>
    call(box.url, 'GET', path, { token });
  const admin = await signIn(box, CRASH_ADMIN.email, CRASH_ADMIN.password);

  for (const recipe of log.recipes) {
    const answer = await get(`/api/recipes/${recipe.id}`, admin.token);
    if (answer.status !== 200) {
      problems.push(`recipe ${recipe.name}: ${answer.status}`);
    } else if (
      answer.body.name !== recipe.name ||
      JSON.stringify(answer.body.ingredients) !== recipe.ingredients
    ) {
      problems.push(`recipe ${recipe.name} is not whole`);
    }
  }

  const saved = await get(
    `/api/preferences/preferences?user_id=${fixture.settings.id}`,
    admin.token,
  );
  const allergen = saved.body?.customAllergens?.[0] as string | undefined;
  if (
    log.settings.acked !== undefined &&
    allergen !== log.settings.acked &&
    !log.settings.unanswered.includes(allergen ?? '')
  ) {
    problems.push(
      `settings hold ${allergen}, acknowledged ${log.settings.acked}`,
    );
  }

  const plan = await get(
    `/api/preferences/user-meal-plan?user_id=${fixture.planner.id}`,
    admin.token,
  );
  if (log.plans.acked !== undefined) {
    if (plan.status !== 200) {
      problems.push(`plan: ${plan.status}`);
    } else {
      const version = plan.body.version as number;
      if (
        version < log.plans.acked ||
        version > log.plans.acked + log.plans.unanswered
      ) {
        problems.push(
          `plan version ${version}, acknowledged ${log.plans.acked}`,
        );
      }
      if (plan.body.meals.length !== log.plans.days) {
        problems.push(`plan has ${plan.body.meals.length} days`);
      }
    }
  }

  const summary = await get(
    `/api/user-ingredients-summary?user_id=${fixture.ticker.id}`,
    admin.token,
  );
  const ticked = summaryLines(summary.body)
    .filter((line) => line.ticked)
    .map((line) => line.key)
    .sort();
  const same = (a: string[] | undefined) =>
    a !== undefined && JSON.stringify(a) === JSON.stringify(ticked);
  if (
    log.ticks.acked &&
    !same(log.ticks.acked) &&
    !log.ticks.unanswered.some(same)
  ) {
    problems.push(
      `ticks ${JSON.stringify(ticked)}, acknowledged ${JSON.stringify(log.ticks.acked)}`,
    );
  }

  const users = await get(
    `/api/admin/users?search=${encodeURIComponent(fixture.edited.email)}`,
    admin.token,
  );
  const firstName = users.body?.users?.[0]?.firstName as string | undefined;
  if (
    log.edits.acked !== undefined &&
    firstName !== log.edits.acked &&
    !log.edits.unanswered.includes(firstName ?? '')
  ) {
    problems.push(`edited name ${firstName}, acknowledged ${log.edits.acked}`);
  }
  return problems;
}

/** Tokens survive a restart (sessions are rows); log in afresh anyway. */
export async function refreshFixture(
  box: BlackBoxServer,
  fixture: CrashFixture,
): Promise<CrashFixture> {
  const again = (account: Account, password: string) =>
    signIn(box, account.email, password);
  return {
    ...fixture,
    admin: await again(fixture.admin, CRASH_ADMIN.password),
    settings: await again(fixture.settings, PASSWORD),
    planner: await again(fixture.planner, PASSWORD),
    ticker: await again(fixture.ticker, PASSWORD),
  };
}

/** How many writes each writer got acknowledged in a round. */
export function acknowledgedCounts(log: CrashLog) {
  return {
    recipes: log.recipes.length,
    settings: log.settings.count,
    plans: log.plans.count,
    ticks: log.ticks.count,
    edits: log.edits.count,
  };
}
