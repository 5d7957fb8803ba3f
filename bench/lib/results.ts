import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  const lower = sorted[middle - 1];
  if (upper === undefined) throw new Error('median of an empty list');
  return sorted.length % 2 === 1 || lower === undefined
    ? upper
    : (lower + upper) / 2;
}

/** Writes `bench/results/<name>.json` with the machine facts a reader needs. */
export function writeResult(name: string, result: object): void {
  const file = fileURLToPath(
    new URL(`../results/${name}.json`, import.meta.url),
  );
  const record = {
    name,
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    ...result,
  };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}
