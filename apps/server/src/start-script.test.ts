import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { beginBuild, buildState, endBuild } from '../../../scripts/start.mjs';

/**
 * `npm start` (scripts/start.mjs, issue 17) builds only when the build is
 * missing or older than its sources, and reports a bad configuration before
 * it would build.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

async function touch(root: string, file: string, at: Date) {
  const path = join(root, file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, 'x');
  await utimes(path, at, at);
}

const OUTPUTS = [
  'apps/server/dist/server.js',
  'apps/server/dist/db/migrations/meta/_journal.json',
  'apps/web/dist/index.html',
];

describe('npm start', () => {
  it('uses the build as it is until a source changes', async () => {
    const root = await mkdtemp(join(tmpdir(), 'platewise-start-'));
    const old = new Date(Date.now() - 60_000);
    await touch(root, 'apps/server/src/server.ts', old);
    await touch(root, 'packages/shared/src/index.ts', old);
    expect(buildState(root).upToDate).toBe(false);

    // What `npm run build` does around the build (pre/post scripts).
    beginBuild(root);
    for (const file of OUTPUTS) await touch(root, file, new Date());
    endBuild(root);
    expect(buildState(root)).toEqual({
      upToDate: true,
      reason: 'the build is up to date',
    });

    // A test file is not a source of the build.
    await touch(
      root,
      'apps/server/src/app.test.ts',
      new Date(Date.now() + 5_000),
    );
    expect(buildState(root).upToDate).toBe(true);

    await touch(
      root,
      'packages/shared/src/index.ts',
      new Date(Date.now() + 5_000),
    );
    expect(buildState(root)).toEqual({
      upToDate: false,
      reason: 'sources changed since the last build',
    });
  });

  it('reports a bad PORT at once, without building', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be an integer from 1 to 65535');
    expect(stdout).not.toContain('Building');
  });
});
