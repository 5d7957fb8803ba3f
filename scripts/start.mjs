// `npm start` (issue 17): checks the configuration, builds only when the
// build is missing or older than its sources, then runs the server. The
// check comes first so that a bad PORT is reported in a second, not after a
// build of a minute or more.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders whose files make the build (tests aside), from the root. */
const SOURCE_DIRS = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/web/src',
  'apps/web/public',
  'packages/shared/src',
  'packages/planner/src',
  'packages/food-data/src',
];
/** Single files that change the build. */
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/planner/package.json',
  'packages/planner/tsconfig.json',
  'packages/food-data/package.json',
  'packages/food-data/tsconfig.json',
];
/** What `npm run build` leaves that the server needs. */
const OUTPUTS = [
  'apps/server/dist/server.js',
  'apps/server/dist/db/migrations/meta/_journal.json',
  'apps/web/dist/index.html',
];
export const STAMP = 'node_modules/.cache/platewise/build-stamp.json';

const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestIn(dir, newest) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') {
        newest = newestIn(path, newest);
      }
    } else if (!isTest(entry.name)) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** The latest modification time of any source of the build, in ms. */
export function newestSource(root = ROOT) {
  let newest = 0;
  for (const dir of SOURCE_DIRS) newest = newestIn(join(root, dir), newest);
  for (const file of SOURCE_FILES) {
    try {
      newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
    } catch {
      // Not every checkout has every file.
    }
  }
  return newest;
}

/**
 * Whether the build can be used as it is: every output is there and the
 * stamp written after the last build covers the newest source.
 */
export function buildState(root = ROOT) {
  const missing = OUTPUTS.find((file) => !existsSync(join(root, file)));
  if (missing) return { upToDate: false, reason: `${missing} is missing` };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
  } catch {
    return { upToDate: false, reason: 'no build stamp' };
  }
  const newest = newestSource(root);
  if (typeof stamp.sources !== 'number' || newest > stamp.sources) {
    return { upToDate: false, reason: 'sources changed since the last build' };
  }
  return { upToDate: true, reason: 'the build is up to date' };
}

const PENDING = `${STAMP}.pending`;

/**
 * `npm run build` calls these through its pre- and post-scripts, so a build
 * started by hand counts too: the sources' state as of the build's start is
 * recorded once the build has succeeded.
 */
export function beginBuild(root = ROOT) {
  const file = join(root, PENDING);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ sources: newestSource(root) })}\n`);
}

export function endBuild(root = ROOT) {
  renameSync(join(root, PENDING), join(root, STAMP));
}

/** The server's own configuration check, on its sources (no build needed). */
function checkConfig(clustered) {
  const config = pathToFileURL(join(ROOT, 'apps/server/src/config.ts')).href;
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { loadConfig, ConfigError } = await import(${JSON.stringify(config)});
try {
  const config = loadConfig();
  if (${clustered ? 'true' : 'false'} && config.DATABASE_URL === undefined) {
    process.stderr.write('start:cluster needs DATABASE_URL (PostgreSQL): the embedded database allows one process per DATA_DIR\\n');
    process.exit(1);
  }
} catch (error) {
  if (error instanceof ConfigError) { process.stderr.write(error.message + '\\n'); process.exit(1); }
  throw error;
}`,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return result.status === 0;
}

function main() {
  const clustered = process.argv.includes('--cluster');
  const state = buildState();
  if (!state.upToDate) {
    if (!checkConfig(clustered)) process.exit(1);
    console.log(`Building (${state.reason}) …`);
    const npm = process.env.npm_execpath;
    const build = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build'], {
          cwd: ROOT,
          stdio: 'inherit',
        })
      : spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = spawn(
    process.execPath,
    [join(ROOT, 'apps/server/dist', clustered ? 'cluster.js' : 'server.js')],
    { cwd: ROOT, stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => {
    process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--begin-build')) beginBuild();
  else if (process.argv.includes('--end-build')) endBuild();
  else main();
}
