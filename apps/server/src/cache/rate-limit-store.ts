import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';

import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';

/**
 * Where the per-IP and per-user request counters of @fastify/rate-limit live
 * when more than one process serves (issue 17, architecture point 8): in
 * PostgreSQL (the rate_limit_hits table of migration 0011), or in Redis or
 * Valkey when REDIS_URL is set. Each counter is fixed-window: the first hit
 * opens the window, and the count starts again once it has passed.
 */
export interface CounterBackend {
  /** Counts one hit on `key`; the count so far and the ms left in its window. */
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

/** How often expired PostgreSQL counters are deleted, at most. */
const PRUNE_INTERVAL_MS = 60_000;

export function postgresCounters(db: Database): CounterBackend {
  let lastPruned = 0;
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now - lastPruned > PRUNE_INTERVAL_MS) {
        lastPruned = now;
        await db.execute(
          sql`DELETE FROM rate_limit_hits WHERE expires_at < now()`,
        );
      }
      // One statement, so two processes counting at once cannot both see
      // the old count (the row lock of ON CONFLICT orders them).
      const result = await db.execute<{ count: number; ttl: number }>(sql`
        INSERT INTO rate_limit_hits AS hits (key, count, expires_at)
        VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN hits.expires_at <= now() THEN 1 ELSE hits.count + 1 END,
          expires_at = CASE WHEN hits.expires_at <= now() THEN excluded.expires_at ELSE hits.expires_at END
        RETURNING count,
          ceil(extract(epoch FROM (expires_at - now())) * 1000)::integer AS ttl`);
      const row = result.rows[0];
      if (!row) throw new Error('rate limit counter returned no row');
      return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
    },
  };
}

const REDIS_HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

export function redisCounters(redis: Redis): CounterBackend {
  return {
    async hit(key, windowMs) {
      const [current, ttl] = (await redis.eval(
        REDIS_HIT,
        1,
        `platewise:rate:${key}`,
        String(windowMs),
      )) as [number, number];
      return { current, ttl };
    },
  };
}

type Callback = (
  error: Error | null,
  result?: { current: number; ttl: number },
) => void;

interface RouteParams {
  /** Names a limit made with app.createRateLimit, which has no route. */
  storeKey?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

class SharedRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly backend: CounterBackend,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.backend.hit(`${this.prefix}${key}`, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  // The plugin passes the route's merged limit options (its types say route
  // options): routeInfo names the route, storeKey a named limiter.
  child(options: object): SharedRateLimitStore {
    const params = options as RouteParams;
    const info = params.routeInfo ?? {};
    const name =
      params.storeKey ??
      `${[info.method ?? ''].flat().join(',')}${info.url ?? ''}`;
    return new SharedRateLimitStore(this.backend, `${name}:`);
  }
}

/**
 * A store class for @fastify/rate-limit's `store` option over a backend.
 * Each route (or named limiter) counts under a prefix of its own, as the
 * plugin's own stores do.
 */
export function sharedRateLimitStore(
  backend: CounterBackend,
): FastifyRateLimitStoreCtor {
  return class extends SharedRateLimitStore {
    constructor() {
      super(backend, 'global:');
    }
  };
}

/**
 * The @fastify/rate-limit options for this deployment: Redis when REDIS_URL
 * is set, PostgreSQL on PostgreSQL, and the plugin's own memory store on
 * PGlite (which one process owns). `close` ends a Redis connection.
 */
export function rateLimitStoreOptions(
  config: Pick<Config, 'REDIS_URL'>,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  onError: (error: Error) => void,
): {
  options: { store?: FastifyRateLimitStoreCtor };
  close(): Promise<void>;
} {
  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    // Reported, not thrown: a counter that cannot be reached fails its
    // request (500) rather than the process.
    redis.on('error', onError);
    return {
      options: { store: sharedRateLimitStore(redisCounters(redis)) },
      async close() {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  if (database.driver === 'postgres') {
    return {
      options: { store: sharedRateLimitStore(postgresCounters(database.db)) },
      close: async () => {},
    };
  }
  return { options: {}, close: async () => {} };
}
