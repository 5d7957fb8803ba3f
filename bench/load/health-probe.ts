/**
 * One connection asking GET /api/health in a loop for a number of seconds,
 * in a process of its own: read-load.ts runs it beside the read load, whose
 * client (autocannon at c=100) keeps its own event loop busy enough that a
 * probe in the same process measured the client's queue, not the server's.
 * Prints { requests, p50, p99, max } as JSON.
 *
 *   node bench/load/health-probe.ts <url> <seconds>
 */
import autocannon from 'autocannon';

const [url, seconds] = process.argv.slice(2);
if (!url || !seconds) throw new Error('usage: health-probe.ts <url> <seconds>');
const result = await autocannon({
  url,
  connections: 1,
  duration: Number(seconds),
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  }),
);
