import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { preProcessFile } from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Which domain folders may import which. A domain that needs another's
 * behaviour the other way round declares an interface and gets the
 * implementation from the composition root (compose.ts); shared types live
 * outside the domains (request-context.ts, errors.ts). The file-level
 * `import-x/no-cycle` rule cannot see a loop between folders made of files
 * that do not import each other in a circle; this test does.
 *
 * Production files only: tests may use other domains' fixtures.
 */
const ALLOWED: Record<string, readonly string[]> = {
  audit: [],
  mail: [],
  throttles: [],
  verifications: [],
  health: [],
  images: [],
  ingredients: [],
  preferences: [],
  users: ['audit', 'mail', 'throttles', 'verifications'],
  sessions: ['audit', 'users'],
  google: ['audit', 'sessions', 'users'],
  auth: ['audit', 'google', 'sessions', 'throttles', 'users'],
  admin: ['audit', 'mail', 'preferences', 'users'],
  catalogue: ['ingredients'],
  'recipe-import': ['ingredients'],
  recipes: ['audit', 'images', 'ingredients'],
  'meal-plans': ['preferences'],
  shopping: ['kitchen', 'meal-plans'],
  kitchen: [],
  calendar: ['audit'],
  households: ['audit', 'mail'],
};

const SRC = fileURLToPath(new URL('..', import.meta.url));
const DOMAINS = join(SRC, 'domains');

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'test' ? [] : productionFiles(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
      ? [path]
      : [];
  });
}

/** Relative imports (static, type-only, re-exports, dynamic) as src paths. */
function importsOf(file: string): string[] {
  const { importedFiles } = preProcessFile(
    readFileSync(file, 'utf8'),
    true,
    true,
  );
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(SRC, resolve(dirname(file), name)));
}

/** `domains/x/...` -> `x`; anything else (domains/*.ts included) -> undefined. */
function domainOf(srcPath: string): string | undefined {
  const parts = srcPath.split(sep);
  return parts[0] === 'domains' && parts.length > 2 ? parts[1] : undefined;
}

interface Edge {
  from: string;
  to: string;
  file: string;
}

function crossImports(dir: string): Edge[] {
  return productionFiles(dir).flatMap((file) => {
    const own = relative(SRC, file);
    const from = domainOf(own) ?? own.split(sep)[0] ?? own;
    return importsOf(file).flatMap((target) => {
      const to = domainOf(target) ?? target.split(sep)[0] ?? target;
      return to === from ? [] : [{ from, to: target, file: own }];
    });
  });
}

/** A loop in a graph of names, as the path that closes it, or null. */
function findLoop(
  graph: Readonly<Record<string, readonly string[]>>,
): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') {
      return [...path.slice(path.indexOf(node)), node];
    }
    state.set(node, 'open');
    path.push(node);
    for (const next of graph[node] ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const loop = visit(node);
    if (loop) return loop;
  }
  return null;
}

describe('imports between domain folders', () => {
  const domainFolders = readdirSync(DOMAINS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  it('places every domain folder in the rule', () => {
    expect(domainFolders).toEqual(Object.keys(ALLOWED).sort());
  });

  it('allows no loop between domain folders', () => {
    expect(findLoop(ALLOWED)).toBeNull();
  });

  it('finds a loop when there is one (the check itself)', () => {
    expect(findLoop({ a: ['b'], b: ['c'], c: ['a'] })).toEqual([
      'a',
      'b',
      'c',
      'a',
    ]);
    expect(findLoop({ a: ['b'], b: [], c: ['a', 'b'] })).toBeNull();
  });

  it('has every domain import only the domains the rule allows', () => {
    const refused = crossImports(DOMAINS).flatMap(({ from, to, file }) => {
      const target = domainOf(to);
      if (target === undefined) {
        // Outside the domains: shared code is fine, the root is not.
        return /^(app|compose|server|planner-server)\.ts$/.test(
          to.replace(/\.js$/, '.ts'),
        )
          ? [`${file} imports the composition root ${to}`]
          : [];
      }
      return (ALLOWED[from] ?? []).includes(target)
        ? []
        : [`${file} (${from}) imports ${to} (${target})`];
    });
    expect(refused).toEqual([]);
  });

  it('keeps the planner infrastructure (src/planner) free of domains', () => {
    const refused = crossImports(join(SRC, 'planner'))
      .filter(({ to }) => domainOf(to) !== undefined)
      .map(({ file, to }) => `${file} imports ${to}`);
    expect(refused).toEqual([]);
  });
});
