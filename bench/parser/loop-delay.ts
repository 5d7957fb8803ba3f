/**
 * Preloaded into the benchmarked server (`node --import`, Node strips the
 * types): how long its event loop was held, measured from inside. Each
 * SIGWINCH (a signal close-with-grace leaves alone) writes the delays since
 * the previous one to LOOP_DELAY_FILE as JSON in milliseconds, then starts
 * afresh; so one signal before and one after a phase measure just it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();

process.on('SIGWINCH', () => {
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
  if (file) {
    // Written aside and renamed, so the reader never sees half a file.
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({
        p50Ms: ms(histogram.percentile(50)),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
      }),
    );
    renameSync(`${file}.tmp`, file);
  }
  histogram.reset();
});
