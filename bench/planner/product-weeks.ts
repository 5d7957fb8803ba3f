/**
 * Weeks through the running product (issue 22): starts the server from
 * this checkout's sources on an embedded database in a temporary directory,
 * with its mail going to an SMTP capture run here; signs three people up
 * through the HTTP API (the code read from the captured mail), saves their
 * settings, generates a week and regenerates the whole week once, and
 * prints both weeks as a cook reads them: dishes, minutes, protein, reasons,
 * and plan-checks.ts's figures (liked share, protein, rules) of each, with
 * the dishes the two weeks share. Markdown on stdout.
 *
 *   npx tsx --conditions=source bench/planner/product-weeks.ts [port]
 *
 * `port` (default 4100) is the server's; the capture listens on port + 1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { MealRef, PlannerProfile } from '@platewise/planner';
import type { Day, MealSlot } from '@platewise/shared';
import { DAYS, MEAL_SLOTS } from '@platewise/shared';

import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.js';
import { compileSeedCatalogue, SEED_PLANNER_RECIPES } from './catalogue.js';
import { describeChecks, PlanChecker } from './plan-checks.js';
import { SCHEDULES } from './profiles.js';

const port = Number(process.argv[2] ?? 4100);
const smtpPort = port + 1;
const base = `http://127.0.0.1:${port}`;

const smtp = await startSmtpCapture(smtpPort);

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-product-weeks-'));
const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));
const server = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', 'src/server.ts'],
  {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

async function stop(): Promise<void> {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; cookie: string | null }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const setCookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    json: text === '' ? null : (JSON.parse(text) as unknown),
    cookie: setCookie === null ? null : (setCookie.split(';')[0] ?? null),
  };
}

function expectStatus(
  answer: { status: number; json: unknown },
  status: number,
  what: string,
): void {
  if (answer.status !== status) {
    throw new Error(
      `${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 400)}`,
    );
  }
}

const started = Date.now();
for (;;) {
  try {
    const health = await fetch(`${base}/api/health`);
    if (health.ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() - started > 180_000) {
    await stop();
    throw new Error('the server did not start within 180 s');
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

interface Person {
  readonly name: string;
  readonly email: string;
  readonly settings: {
    readonly dietary_preference: string;
    readonly protein_level: string | null;
    readonly likes: readonly string[];
    readonly dislikes: readonly string[];
  };
}

const PEOPLE: readonly Person[] = [
  {
    name: 'Omnivore, likes chicken and Mexican, High Protein',
    email: 'optimum-omnivore@example.com',
    settings: {
      dietary_preference: 'none',
      protein_level: 'High Protein',
      likes: ['chicken', 'Mexican'],
      dislikes: [],
    },
  },
  {
    name: 'Vegetarian, likes pasta and Italian',
    email: 'optimum-vegetarian@example.com',
    settings: {
      dietary_preference: 'vegetarian',
      protein_level: null,
      likes: ['pasta', 'Italian'],
      dislikes: [],
    },
  },
  {
    name: 'Vegan, likes tofu and Indian, dislikes mushrooms, High Protein',
    email: 'optimum-vegan@example.com',
    settings: {
      dietary_preference: 'vegan',
      protein_level: 'High Protein',
      likes: ['tofu', 'Indian'],
      dislikes: ['mushrooms'],
    },
  },
];

const PASSWORD = 'Plate-wise 2026 week!';

async function signUp(person: Person): Promise<Record<string, string>> {
  const signup = await call('POST', '/api/users/signup', {
    firstName: person.name.split(',')[0],
    email: person.email,
    phoneNumber: '5551234567',
    state: 'CA',
    password: PASSWORD,
  });
  expectStatus(signup, 201, 'sign-up');
  const otp = smtp.latestOtp(person.email);
  const verify = await call(
    'POST',
    '/api/users/verify-email',
    { email: person.email, otp },
    signup.cookie === null ? {} : { cookie: signup.cookie },
  );
  expectStatus(verify, 200, 'verify-email');
  const login = await call('POST', '/api/users/login', {
    email: person.email,
    password: PASSWORD,
    rememberMe: false,
  });
  expectStatus(login, 200, 'login');
  const token = (login.json as { user: { accessToken: string } }).user
    .accessToken;
  return { authorization: `Bearer ${token}` };
}

interface PlanMeal {
  readonly id: string;
  readonly name: string;
  readonly total_cooking_time: number;
  readonly reason: string;
}
type PlanDay = { day: Day } & Partial<Record<MealSlot, PlanMeal>>;
interface PlanAnswer {
  readonly meals: readonly PlanDay[];
  readonly version: number;
  readonly waste: {
    readonly wasteGrams?: number;
    readonly boughtGrams?: number;
  };
  readonly unfilled: readonly unknown[];
}

const catalogue = compileSeedCatalogue();
const checker = new PlanChecker(catalogue);
const seedByName = new Map(SEED_PLANNER_RECIPES.map((r) => [r.name, r]));
const pct = (x: number) => `${Math.round(x * 100)} %`;

const schedule = DAYS.map((day_name) => ({
  day_name,
  enabled: true,
  meals: { breakfast: true, lunch: true, dinner: true },
}));

function describeWeek(
  title: string,
  person: Person,
  plan: PlanAnswer,
): { lines: string[]; names: string[] } {
  const lines = [
    `#### ${title}`,
    '',
    '| day | meal | dish | min | protein | reason |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const refs: MealRef[] = [];
  const names: string[] = [];
  for (const entry of plan.meals) {
    for (const slot of MEAL_SLOTS) {
      const meal = entry[slot];
      if (meal === undefined) continue;
      const recipe = seedByName.get(meal.name);
      names.push(meal.name);
      if (recipe !== undefined) {
        refs.push({ day: entry.day, slot, recipeId: recipe.id });
      }
      lines.push(
        `| ${entry.day.slice(0, 3)} | ${slot} | ${meal.name} | ${meal.total_cooking_time} | ${recipe?.proteinPerServingG ?? '?'} g | ${meal.reason.replace(/\|/g, '/')} |`,
      );
    }
  }
  const profile: PlannerProfile = {
    schedule: SCHEDULES['full week (21)'] ?? [],
    diet: person.settings.dietary_preference as PlannerProfile['diet'],
    allergenIds: [],
    customAllergens: [],
    likes: [...person.settings.likes],
    dislikes: [...person.settings.dislikes],
    proteinLevel: person.settings.protein_level === null ? null : 'high',
    servingSize: 2,
  };
  const checks = checker.check(profile, refs);
  const { broken, likes } = describeChecks(checks);
  const breakfasts = plan.meals
    .filter((d) => DAYS.indexOf(d.day) < 5)
    .map((d) => d.breakfast?.total_cooking_time ?? 0);
  lines.push(
    '',
    `${names.length} meals (${refs.length} matched to the seed catalogue by name), ${new Set(names).size} distinct; liked ${pct(checks.likedShare)}${likes === '' ? '' : ` (${likes})`}; protein ${checks.proteinPerServing.toFixed(1)} g a serving; ${checks.meatMeals} meals with meat or fish as the main protein; weekday breakfasts ${Math.min(...breakfasts)}-${Math.max(...breakfasts)} min; rules broken (plan-checks.ts): ${broken}; waste ${Math.round(plan.waste.wasteGrams ?? 0)} g of ${Math.round(plan.waste.boughtGrams ?? 0)} g fresh food bought; unfilled ${plan.unfilled.length}.`,
    '',
  );
  return { lines, names };
}

const out: string[] = [
  `Run by \`bench/planner/product-weeks.ts ${port}\`, ${new Date().toISOString().slice(0, 16)}Z: the server from source on PGlite in a temporary directory, its seed catalogue, sign-up with the code from the captured mail; 21 meals for 2, default weeknight time. Load average at the start ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}.`,
  '',
];
try {
  for (const person of PEOPLE) {
    const headers = await signUp(person);
    const saved = await call(
      'POST',
      '/api/preferences/save',
      {
        weekly_schedule: schedule,
        dietary_preference: person.settings.dietary_preference,
        protein_level: person.settings.protein_level,
        allergens: [],
        customAllergens: [],
        preferences: {
          likes: person.settings.likes,
          dislikes: person.settings.dislikes,
        },
        serving_size: 2,
      },
      headers,
    );
    expectStatus(saved, 200, 'preferences/save');
    const first = await call(
      'GET',
      '/api/generate-meal-plan',
      undefined,
      headers,
    );
    expectStatus(first, 200, 'generate-meal-plan');
    const week1 = first.json as PlanAnswer;
    const again = await call(
      'POST',
      '/api/meal-plans/regenerate',
      { version: week1.version },
      headers,
    );
    expectStatus(again, 200, 'meal-plans/regenerate');
    const week2 = again.json as PlanAnswer;
    out.push(`### ${person.name}`, '');
    const a = describeWeek('Generated', person, week1);
    const b = describeWeek('Regenerated (whole week)', person, week2);
    const shared = a.names.filter((name) => b.names.includes(name));
    out.push(
      ...a.lines,
      ...b.lines,
      `The regenerated week shares ${shared.length} of ${b.names.length} dishes with the first${shared.length > 0 ? ` (${[...new Set(shared)].join(', ')})` : ''}.`,
      '',
    );
  }
} finally {
  await stop();
}
console.log(out.join('\n'));
