// Loaded into the soaked server with NODE_OPTIONS=--import (security-soak.ts):
// appends process.memoryUsage() to MEMORY_PROBE_FILE every second, so the
// soak can report the V8 heap beside the RSS it reads from /proc.
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  setInterval(() => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external })}\n`,
    );
  }, 1_000).unref();
}
