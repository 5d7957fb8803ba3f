import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in
 * bench/README.md, so a script keeps its own table current.
 */
export function writeReadmeSection(name: string, body: string): void {
  const path = fileURLToPath(new URL('../README.md', import.meta.url));
  const readme = readFileSync(path, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to === -1) {
    throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  }
  writeFileSync(
    path,
    `${readme.slice(0, from)}${start}\n${body}\n${end}${readme.slice(to + end.length)}`,
  );
}
