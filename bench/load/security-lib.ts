import { readdirSync, readFileSync } from 'node:fs';

/**
 * A small closed-loop load driver for the security load scripts: `workers`
 * callers each send the next request as soon as the last one answered, for
 * `seconds`. It records every status, whether 429/503 answers carried
 * Retry-After, latencies and transport errors. (autocannon is the tool the
 * security doc names; this keeps the scripts free of a new dependency and
 * lets one run mix routes and bodies per request.)
 */

export interface LoadRequest {
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  statuses: Record<string, number>;
  /** 429 and 503 answers without a Retry-After header. */
  withoutRetryAfter: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(
    sorted.length - 1,
    Math.ceil((p / 100) * sorted.length) - 1,
  );
  return Number((sorted[Math.max(0, index)] ?? 0).toFixed(1));
}

export async function runLoad(options: {
  base: string;
  workers: number;
  seconds: number;
  next: (worker: number, n: number) => LoadRequest;
  timeoutMs?: number;
}): Promise<LoadResult> {
  const { base, workers, seconds, next, timeoutMs = 10_000 } = options;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let withoutRetryAfter = 0;
  let errors = 0;
  let timeouts = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const request = next(worker, n);
        const sent = performance.now();
        try {
          const response = await fetch(`${base}${request.path}`, {
            method: request.method ?? 'GET',
            headers: {
              ...(request.body === undefined
                ? {}
                : { 'content-type': 'application/json' }),
              ...request.headers,
            },
            body:
              request.body === undefined
                ? undefined
                : JSON.stringify(request.body),
            signal: AbortSignal.timeout(timeoutMs),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          const key = String(response.status);
          statuses[key] = (statuses[key] ?? 0) + 1;
          if (
            (response.status === 429 || response.status === 503) &&
            !response.headers.get('retry-after')
          ) {
            withoutRetryAfter += 1;
          }
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') timeouts += 1;
          else errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: Number(elapsed.toFixed(1)),
    perSecond: Number((latencies.length / elapsed).toFixed(1)),
    statuses,
    withoutRetryAfter,
    errors,
    timeouts,
    latencyMs: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
  };
}

/** Resident memory (MiB) and open file descriptors of a process, from /proc. */
export function processFootprint(pid: number): { rssMiB: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  return {
    rssMiB: Number(rss.toFixed(1)),
    fds: readdirSync(`/proc/${pid}/fd`).length,
  };
}

/** The machine's CPU counters since boot (/proc/stat, all cores, jiffies). */
export function cpuTimes(): { busy: number; steal: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice; guest
  // time is inside user already.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0] =
    fields;
  const softirq = fields[6] ?? 0;
  const steal = fields[7] ?? 0;
  const busy = user + nice + system + irq + softirq;
  return { busy, steal, total: busy + idle + iowait + steal };
}

/** Busy and stolen shares of the machine's CPU between two readings (%). */
export function cpuShares(
  before: ReturnType<typeof cpuTimes>,
  after: ReturnType<typeof cpuTimes>,
): { cpuBusyPercent: number; cpuStealPercent: number } {
  const total = Math.max(1, after.total - before.total);
  const share = (part: number) => Number(((part / total) * 100).toFixed(1));
  return {
    cpuBusyPercent: share(after.busy - before.busy),
    cpuStealPercent: share(after.steal - before.steal),
  };
}

/**
 * Sends a set-up or check request again while the server sheds load (503),
 * after the Retry-After it gives, so the figures do not hang on one refusal.
 */
export async function served(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    if (response.status !== 503 || attempt >= 60) return response;
    await response.arrayBuffer();
    const wait = Number(response.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/** Logs in and answers the access token (throws on anything but 200). */
export async function loginToken(
  base: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await served(() =>
    fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, rememberMe: true }),
    }),
  );
  const body = (await response.json()) as { user?: { accessToken: string } };
  if (response.status !== 200 || !body.user) {
    throw new Error(
      `login ${email}: ${response.status} ${JSON.stringify(body)}`,
    );
  }
  return body.user.accessToken;
}
