// Runs shell commands side by side and fails when any of them fails (after
// all have finished, so every failure is shown). `npm test` runs the type
// check with the build beside the lint: each is one single-threaded process,
// so on CI's two cores they take the time of the longer one, not the sum
// (docs/ci.md).
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs "<command>" "<command>" …');
  process.exit(2);
}

const runs = commands.map(
  (command, index) =>
    new Promise((resolve) => {
      const label = `[${index + 1}]`;
      const started = performance.now();
      const child = spawn(command, { shell: true, stdio: 'inherit' });
      child.on('exit', (code, signal) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const status = code === 0 ? 'done' : `failed (${signal ?? code})`;
        console.log(`${label} ${status} in ${seconds} s: ${command}`);
        resolve(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
