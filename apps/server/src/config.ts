import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { z } from 'zod';

/**
 * The only place that reads `process.env` (style guide, "Config"; lint enforces it).
 * `parseConfig` is pure so tests can feed it any environment.
 */

// Resolved from this file so it points at apps/web/dist from both src/ and dist/.
const DEFAULT_WEB_DIST_DIR = fileURLToPath(
  new URL('../../web/dist', import.meta.url),
);

export const LOG_LEVELS = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
] as const;

/** Keys whose values must never be echoed back in an error line or a log. */
const SECRET_KEYS = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'ADMIN_PASSWORD',
  'JWT_SECRET',
  'GOOGLE_CLIENT_SECRET',
]);

const JWT_SECRET_MIN_LENGTH = 32;
const ADMIN_PASSWORD_MIN_LENGTH = 8;

function urlWithProtocols(protocols: readonly string[], message: string) {
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, message);
}

const httpUrl = (key: string) =>
  urlWithProtocols(['http:', 'https:'], `${key} must be an http(s) URL`);

/** A whole number of seconds (or a count) from 1 up to `max`. */
function positiveInt(key: string, fallback: number, max = 10 * 365 * 86_400) {
  const message = `${key} must be a whole number from 1 to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback);
}

/** A whole number from 0 (the check is off) up to `max`. */
function wholeNumber(key: string, max: number) {
  const message = `${key} must be a whole number from 0 to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(max, message);
}

/**
 * Overload and slow clients (security.md R04, S39;
 * plugins/app/under-pressure.ts): above these limits every route but
 * /api/health answers 503 with Retry-After. 0 turns a check off; the heap
 * cap defaults to 90 % of V8's heap limit.
 */
const OverloadSchema = {
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: wholeNumber(
    'PRESSURE_MAX_EVENT_LOOP_DELAY_MS',
    600_000,
  ).default(1_000),
  PRESSURE_MAX_HEAP_MIB: wholeNumber(
    'PRESSURE_MAX_HEAP_MIB',
    1_048_576,
  ).optional(),
  PRESSURE_MAX_RSS_MIB: wholeNumber('PRESSURE_MAX_RSS_MIB', 1_048_576).default(
    0,
  ),
  PRESSURE_RETRY_AFTER_SECONDS: positiveInt(
    'PRESSURE_RETRY_AFTER_SECONDS',
    10,
    3_600,
  ),
  // The whole request (headers and body) must arrive within this (S39).
  REQUEST_TIMEOUT_MS: positiveInt('REQUEST_TIMEOUT_MS', 30_000, 600_000),
};

/**
 * Lifetimes and thresholds of accounts, sessions and rate limits
 * (security.md decision 7): defaults follow the spec and security.md, and
 * tests shorten them. Documented in .env.example and ADR 006.
 */
const AccountLimitsSchema = {
  // Access JWTs: at most 15 minutes (S18).
  ACCESS_TOKEN_TTL_SECONDS: positiveInt('ACCESS_TOKEN_TTL_SECONDS', 900, 900),
  // Absolute refresh lifetimes without and with "remember me" (S22).
  REFRESH_TOKEN_TTL_SECONDS: positiveInt('REFRESH_TOKEN_TTL_SECONDS', 86_400),
  REMEMBER_ME_TTL_SECONDS: positiveInt('REMEMBER_ME_TTL_SECONDS', 2_592_000),
  // A session unused (no request, no refresh) this long ends (S22).
  REFRESH_IDLE_TTL_SECONDS: positiveInt('REFRESH_IDLE_TTL_SECONDS', 604_800),
  // Re-presenting the parent of the active refresh token (decision 4, S21).
  REFRESH_REUSE_GRACE_SECONDS: positiveInt('REFRESH_REUSE_GRACE_SECONDS', 10),
  // E-mail codes (spec point 9, S01-S04).
  OTP_TTL_SECONDS: positiveInt('OTP_TTL_SECONDS', 120),
  OTP_MAX_ATTEMPTS: positiveInt('OTP_MAX_ATTEMPTS', 5, 100),
  OTP_RESEND_COOLDOWN_SECONDS: positiveInt('OTP_RESEND_COOLDOWN_SECONDS', 60),
  OTP_RESEND_PER_HOUR: positiveInt('OTP_RESEND_PER_HOUR', 5, 1000),
  // Reset links: ASVS 6.5.5 caps out-of-band codes at 10 minutes (S15).
  RESET_TOKEN_TTL_SECONDS: positiveInt('RESET_TOKEN_TTL_SECONDS', 600),
  RESET_MAILS_PER_HOUR: positiveInt('RESET_MAILS_PER_HOUR', 3, 1000),
  // The set-your-password link of an account an admin added (issue 12): the
  // person may not read mail within a reset link's 10 minutes, so 72 hours.
  INVITE_TOKEN_TTL_SECONDS: positiveInt('INVITE_TOKEN_TTL_SECONDS', 259_200),
  // Account lockout (S11): this many failures within the window lock the
  // address for LOGIN_LOCKOUT_SECONDS.
  LOGIN_LOCKOUT_THRESHOLD: positiveInt('LOGIN_LOCKOUT_THRESHOLD', 10, 1000),
  LOGIN_LOCKOUT_WINDOW_SECONDS: positiveInt(
    'LOGIN_LOCKOUT_WINDOW_SECONDS',
    900,
  ),
  LOGIN_LOCKOUT_SECONDS: positiveInt('LOGIN_LOCKOUT_SECONDS', 900),
  // Per-IP limits (S05, S12): requests per RATE_LIMIT_WINDOW_SECONDS, per route.
  RATE_LIMIT_WINDOW_SECONDS: positiveInt('RATE_LIMIT_WINDOW_SECONDS', 300),
  RATE_LIMIT_LOGIN: positiveInt('RATE_LIMIT_LOGIN', 30, 1_000_000),
  RATE_LIMIT_SIGNUP: positiveInt('RATE_LIMIT_SIGNUP', 10, 1_000_000),
  RATE_LIMIT_VERIFY: positiveInt('RATE_LIMIT_VERIFY', 30, 1_000_000),
  RATE_LIMIT_RESEND: positiveInt('RATE_LIMIT_RESEND', 10, 1_000_000),
  RATE_LIMIT_FORGOT: positiveInt('RATE_LIMIT_FORGOT', 10, 1_000_000),
  RATE_LIMIT_RESET: positiveInt('RATE_LIMIT_RESET', 10, 1_000_000),
  RATE_LIMIT_REFRESH: positiveInt('RATE_LIMIT_REFRESH', 60, 1_000_000),
  // Routes that check the current password (edit-info, delete account).
  RATE_LIMIT_ACCOUNT: positiveInt('RATE_LIMIT_ACCOUNT', 20, 1_000_000),
  // Admin changes (users, settings): generous for real work, a cap for a
  // stolen admin token.
  RATE_LIMIT_ADMIN: positiveInt('RATE_LIMIT_ADMIN', 300, 1_000_000),
  // POST /ingredients/parse (issue 9): requests per user and per IP per
  // RATE_LIMIT_PARSE_WINDOW_SECONDS. The largest request allowed costs about
  // 0.1 s of CPU (bench/README.md, "Parser under attack").
  RATE_LIMIT_PARSE_WINDOW_SECONDS: positiveInt(
    'RATE_LIMIT_PARSE_WINDOW_SECONDS',
    60,
  ),
  RATE_LIMIT_PARSE_USER: positiveInt('RATE_LIMIT_PARSE_USER', 30, 1_000_000),
  RATE_LIMIT_PARSE_IP: positiveInt('RATE_LIMIT_PARSE_IP', 60, 1_000_000),
  // POST /household/invitations (issue 18): invitations per owner, and per
  // invited address whoever sends them, per RATE_LIMIT_INVITE_WINDOW_SECONDS.
  RATE_LIMIT_INVITE_WINDOW_SECONDS: positiveInt(
    'RATE_LIMIT_INVITE_WINDOW_SECONDS',
    3600,
  ),
  RATE_LIMIT_INVITE_OWNER: positiveInt(
    'RATE_LIMIT_INVITE_OWNER',
    20,
    1_000_000,
  ),
  RATE_LIMIT_INVITE_ADDRESS: positiveInt(
    'RATE_LIMIT_INVITE_ADDRESS',
    5,
    1_000_000,
  ),
  // A user's writes to one route (ticks, kitchen items, settings, household
  // and session changes), per user, a minute.
  RATE_LIMIT_USER_WRITES: positiveInt('RATE_LIMIT_USER_WRITES', 300, 1_000_000),
  // R10: a slow or dead SMTP server never holds an answer longer than this;
  // the mail may still go out afterwards.
  MAIL_SEND_TIMEOUT_MS: positiveInt('MAIL_SEND_TIMEOUT_MS', 3_000, 60_000),
};

/**
 * The meal planner (issue 10; README "Meal planner"): its worker threads,
 * queue and per-user rate limit, and the optional plan-generator process
 * (architecture point 4: `npm run start:planner -w @platewise/server`).
 */
const PlannerSchema = {
  // Worker threads generating plans; unset: cores − 1, at least 1.
  PLANNER_THREADS: z.coerce
    .number({ error: 'PLANNER_THREADS must be a whole number from 1 to 64' })
    .int('PLANNER_THREADS must be a whole number from 1 to 64')
    .min(1, 'PLANNER_THREADS must be a whole number from 1 to 64')
    .max(64, 'PLANNER_THREADS must be a whole number from 1 to 64')
    .optional(),
  // Planner tasks that may wait for a thread; beyond: 503 with Retry-After.
  PLANNER_QUEUE_MAX: positiveInt('PLANNER_QUEUE_MAX', 100, 10_000),
  // Generations (generate, regenerate, regenerate one meal) per user per minute.
  PLANNER_RATE_LIMIT: positiveInt('PLANNER_RATE_LIMIT', 30, 1_000_000),
  // Planner tasks one user may have waiting or running at once; beyond: 429
  // with Retry-After, so one user's burst cannot fill the queue.
  PLANNER_USER_QUEUE_MAX: positiveInt('PLANNER_USER_QUEUE_MAX', 5, 10_000),
  // The plan-generator process's port (planner-server.ts).
  PLANNER_PORT: z.coerce
    .number({ error: 'PLANNER_PORT must be an integer from 1 to 65535' })
    .int('PLANNER_PORT must be an integer from 1 to 65535')
    .min(1, 'PLANNER_PORT must be an integer from 1 to 65535')
    .max(65535, 'PLANNER_PORT must be an integer from 1 to 65535')
    .default(3001),
  // Origins (comma-separated, exact) whose pages may call the plan-generator
  // process: the web app's origin when it runs on another host (S46).
  PLANNER_CORS_ORIGIN: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      for (const origin of origins) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(origin);
        } catch {
          parsed = undefined;
        }
        if (
          !parsed ||
          !['http:', 'https:'].includes(parsed.protocol) ||
          parsed.origin !== origin
        ) {
          ctx.addIssue({
            code: 'custom',
            message:
              'PLANNER_CORS_ORIGIN must list exact origins such as https://app.example.com (scheme, host, optional port; no path)',
          });
          return z.NEVER;
        }
      }
      return origins;
    }),
};

/**
 * Several processes on one PostgreSQL (issue 17; README "Several
 * processes"): where shared counters live, how many processes
 * `npm run start:cluster` runs, and the plan generator's origin for the CSP.
 */
const ScaleOutSchema = {
  // Counters of the per-IP and per-user limits in Redis or Valkey; unset:
  // in PostgreSQL (rate_limit_hits) on PostgreSQL, in memory on PGlite.
  REDIS_URL: urlWithProtocols(
    ['redis:', 'rediss:'],
    'REDIS_URL must be a redis:// or rediss:// URL',
  ).optional(),
  // Processes of `npm run start:cluster`; unset: one per core.
  CLUSTER_WORKERS: z.coerce
    .number({ error: 'CLUSTER_WORKERS must be a whole number from 1 to 64' })
    .int('CLUSTER_WORKERS must be a whole number from 1 to 64')
    .min(1, 'CLUSTER_WORKERS must be a whole number from 1 to 64')
    .max(64, 'CLUSTER_WORKERS must be a whole number from 1 to 64')
    .optional(),
  // The plan generator's own address when it runs as a separate process
  // (the web app built with the same VITE_PLAN_GENERATOR_URL): its origin is
  // added to the CSP's connect-src so the browser may call it.
  PLAN_GENERATOR_URL: httpUrl('PLAN_GENERATOR_URL').optional(),
};

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

const EnvSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'PORT must be an integer from 1 to 65535' })
      .int('PORT must be an integer from 1 to 65535')
      .min(1, 'PORT must be an integer from 1 to 65535')
      .max(65535, 'PORT must be an integer from 1 to 65535')
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
    DATABASE_URL: urlWithProtocols(
      ['postgres:', 'postgresql:'],
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset to use the embedded database)',
    ).optional(),
    DATA_DIR: z.string().default('./data'),
    SMTP_URL: urlWithProtocols(
      ['smtp:', 'smtps:'],
      'SMTP_URL must be an smtp:// or smtps:// URL',
    ).optional(),
    MAIL_FROM: z.string().default('Platewise <no-reply@localhost>'),
    // The address people write to for help: shown in the web app's footer,
    // contact and legal pages, and at the foot of every mail. Unset: no
    // address is shown (the admin's login address is never published).
    SUPPORT_EMAIL: z
      .email({ error: 'SUPPORT_EMAIL must be an e-mail address' })
      .optional(),
    ADMIN_EMAIL: z
      .email({ error: 'ADMIN_EMAIL must be an e-mail address' })
      .optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(
        ADMIN_PASSWORD_MIN_LENGTH,
        `ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
      )
      .optional(),
    JWT_SECRET: z
      .string()
      .min(
        JWT_SECRET_MIN_LENGTH,
        `JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters (or unset, to generate one in DATA_DIR)`,
      )
      .optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: httpUrl('GOOGLE_ISSUER').default(
      'https://accounts.google.com',
    ),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, {
        error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`,
      })
      .default('info'),
    WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
    // true/false, or the number of proxy hops to trust (Fastify `trustProxy`).
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx) => {
        const word = value.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
        if (/^\d+$/.test(word)) return Number(word);
        ctx.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY must be true, false or a number of proxy hops',
        });
        return z.NEVER;
      }),
    ...AccountLimitsSchema,
    ...PlannerSchema,
    ...ScaleOutSchema,
    ...OverloadSchema,
    // Recipe import fetches pages from addresses admins type, so private,
    // loopback and link-local addresses are refused (SSRF). Only tests that
    // serve pages on 127.0.0.1 set this.
    IMPORT_ALLOW_PRIVATE_HOSTS: z
      .string()
      .default('false')
      .transform((value, ctx) => {
        const word = value.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
        ctx.addIssue({
          code: 'custom',
          message: 'IMPORT_ALLOW_PRIVATE_HOSTS must be true or false',
        });
        return z.NEVER;
      }),
  })
  .superRefine((env, ctx) => {
    // Half a pair is almost always a typo in a deployment, so refuse it early.
    const pairs = [
      ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ] as const;
    for (const [a, b] of pairs) {
      if ((env[a] === undefined) !== (env[b] === undefined)) {
        const missing = env[a] === undefined ? a : b;
        const present = missing === a ? b : a;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `${missing} must be set together with ${present}`,
        });
      }
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(
      /\/+$/,
      '',
    ),
    DATA_DIR: resolve(env.DATA_DIR),
    WEB_DIST_DIR: resolve(env.WEB_DIST_DIR),
  }));

/** The configuration as read from the environment (JWT_SECRET may be unset). */
export type EnvConfig = z.output<typeof EnvSchema>;

/** The configuration the app runs with: secrets resolved (see secrets.ts). */
export type Config = EnvConfig & { JWT_SECRET: string };

export type DatabaseDriver = 'pglite' | 'postgres';

export function databaseDriver(
  config: Pick<EnvConfig, 'DATABASE_URL'>,
): DatabaseDriver {
  return config.DATABASE_URL === undefined ? 'pglite' : 'postgres';
}

/** A bad environment: `message` is one line naming every bad key. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    readonly keys: string[],
  ) {
    super(message);
  }
}

const KEYS = Object.keys(EnvSchema.in.shape) as (keyof z.input<
  typeof EnvSchema
>)[];

/** Parses an environment (`process.env` shaped). Throws `ConfigError`. */
export function parseConfig(
  env: Record<string, string | undefined>,
): EnvConfig {
  // Only our keys, and an empty value counts as unset: `.env` files and
  // compose files often carry `KEY=` lines.
  const input: Record<string, string> = {};
  for (const key of KEYS) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }

  const result = EnvSchema.safeParse(input);
  if (result.success) return result.data;

  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'environment');
    if (problems.has(key)) continue;
    const value = input[key];
    const got =
      value === undefined || SECRET_KEYS.has(key)
        ? ''
        : ` (got ${JSON.stringify(value)})`;
    const message = issue.message.includes(key)
      ? issue.message
      : `${key}: ${issue.message}`;
    problems.set(key, `${message}${got}`);
  }
  const keys = [...problems.keys()];
  throw new ConfigError(
    `Invalid configuration: ${[...problems.values()].join('; ')}`,
    keys,
  );
}

/** Reads the process environment once, at start. */
export function loadConfig(): EnvConfig {
  return parseConfig(process.env);
}
