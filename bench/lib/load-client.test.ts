import { describe, expect, it } from 'vitest';

import { parseWrk } from './load-client.js';

const REPORT = `Running 8s test @ http://127.0.0.1:4395/api/recipes?limit=50
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.30ms    1.90ms  37.32ms   91.56%
    Req/Sec     4.90k     1.41k    6.48k    83.75%
  Latency Distribution
     50%  812.00us
     75%    2.31ms
     90%    4.10ms
     99%    1.02s
  39049 requests in 8.02s, 0.99GB read
  Non-2xx or 3xx responses: 12
Requests/sec:   4870.67
Transfer/sec:    126.90MB
`;

describe('parseWrk', () => {
  it("reads rate, latency percentiles in wrk's units, errors and bytes", () => {
    const result = parseWrk(REPORT);
    expect(result.requests).toEqual({ average: 4870.67, total: 39049 });
    expect(result.latency).toEqual({ p50: 0.812, p99: 1020 });
    expect(result.non2xx).toBe(12);
    expect(result.throughput.total).toBeCloseTo(0.99 * 1024 ** 3);
  });

  it('fails loudly on a report it cannot read', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1')).toThrow(
      'wrk: no',
    );
  });
});
