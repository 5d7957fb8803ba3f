// Loaded into the soaked server with NODE_OPTIONS=--import (security-soak.ts):
// appends process.memoryUsage() to MEMORY_PROBE_FILE every second, so the
// soak can report the V8 heap beside the RSS it reads from /proc, and every
// garbage collection of at least 2 ms to GC_PROBE_FILE, so a window's slow
// answers can be set beside the server's pauses.
import { appendFileSync } from 'node:fs';
import {
  PerformanceObserver,
  constants,
  monitorEventLoopDelay,
} from 'node:perf_hooks';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  // The event loop's longest delay in each second: a pause of the server,
  // whatever its cause, shows here.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  setInterval(() => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    const loopMaxMs = Number((delay.max / 1e6).toFixed(1));
    delay.reset();
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external, loopMaxMs })}\n`,
    );
  }, 1_000).unref();
}

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};
const gcFile = process.env.GC_PROBE_FILE;
if (gcFile) {
  const origin = performance.timeOrigin;
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .filter((entry) => entry.duration >= 2)
      .map((entry) =>
        JSON.stringify({
          at: Math.round(origin + entry.startTime),
          kind: KINDS[entry.detail?.kind] ?? String(entry.detail?.kind),
          ms: Number(entry.duration.toFixed(1)),
        }),
      );
    if (lines.length > 0) appendFileSync(gcFile, `${lines.join('\n')}\n`);
  }).observe({ entryTypes: ['gc'] });
}
