import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import autocannon from 'autocannon';

const execFileAsync = promisify(execFile);

/** What a load round reports, whichever client made it. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  /** Bytes read, headers included. */
  throughput: { total: number };
}

/**
 * The load generator. autocannon is JavaScript: on a 2-core machine it
 * competes with the server for CPU, and it reads a 27 KB answer slowly
 * enough to be the bottleneck (the recipe list: 1,900 req/s from
 * autocannon's own process, 4,900 from wrk, same server, same minute).
 * wrk (Debian's `wrk`, C) leaves the server the CPU it would have with
 * remote clients.
 */
export type LoadClient = 'autocannon' | 'wrk';

export async function runLoad(
  client: LoadClient,
  url: string,
  connections: number,
  durationSeconds: number,
  headers: Record<string, string>,
): Promise<LoadResult> {
  if (client === 'autocannon') {
    const result = await autocannon({
      url,
      connections,
      duration: durationSeconds,
      headers,
      pipelining: 1,
    });
    return {
      requests: {
        average: result.requests.average,
        total: result.requests.total,
      },
      latency: { p50: result.latency.p50, p99: result.latency.p99 },
      non2xx: result.non2xx,
      throughput: { total: result.throughput.total },
    };
  }
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${durationSeconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => [
      '-H',
      `${name}: ${value}`,
    ]),
    url,
  ];
  const { stdout } = await execFileAsync('wrk', args);
  return parseWrk(stdout);
}

const TIME_UNITS: Record<string, number> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  m: 60_000,
};
const SIZE_UNITS: Record<string, number> = {
  B: 1,
  KB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
};

function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`wrk: unreadable time ${text}`);
  return Number(match[1]) * (TIME_UNITS[match[2] ?? 'ms'] ?? 1);
}

/** Reads wrk's `--latency` report. */
export function parseWrk(report: string): LoadResult {
  const line = (pattern: RegExp) => {
    const match = pattern.exec(report);
    if (!match) throw new Error(`wrk: no ${pattern.source} in\n${report}`);
    return match;
  };
  const [, total = '0', size = '0', unit = 'B'] = line(
    /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/,
  );
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(report);
  return {
    requests: {
      average: Number(line(/^Requests\/sec:\s+([\d.]+)$/m)[1]),
      total: Number(total),
    },
    latency: {
      p50: milliseconds(line(/^\s+50%\s+(\S+)$/m)[1] ?? ''),
      p99: milliseconds(line(/^\s+99%\s+(\S+)$/m)[1] ?? ''),
    },
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    throughput: { total: Number(size) * (SIZE_UNITS[unit] ?? 1) },
  };
}
