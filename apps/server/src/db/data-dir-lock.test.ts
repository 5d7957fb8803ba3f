import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE,
} from './data-dir-lock.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'platewise-lock-'));

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

describe('acquireDataDirLock', () => {
  it('writes our pid into DATA_DIR and removes it on release', async () => {
    const dir = await tempDir();
    const lock = await acquireDataDirLock(dir);
    expect((await readFile(join(dir, LOCK_FILE), 'utf8')).trim()).toBe(
      String(process.pid),
    );
    await lock.release();
    await expect(readFile(join(dir, LOCK_FILE))).rejects.toThrow(/ENOENT/);
    // Free again.
    await (await acquireDataDirLock(dir)).release();
  });

  it('refuses a DATA_DIR held by a live process, naming it', async () => {
    const dir = await tempDir();
    // Our parent is alive and is not us: it stands in for another server.
    await writeFile(join(dir, LOCK_FILE), `${process.ppid}\n`);
    const attempt = acquireDataDirLock(dir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(
      `Another Platewise process (pid ${process.ppid}) is using DATA_DIR ${dir}; stop it or choose another DATA_DIR.`,
    );
    // The holder's lock stays untouched.
    expect((await readFile(join(dir, LOCK_FILE), 'utf8')).trim()).toBe(
      String(process.ppid),
    );
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, LOCK_FILE), `${await deadPid()}\n`);
    const lock = await acquireDataDirLock(dir);
    expect((await readFile(join(dir, LOCK_FILE), 'utf8')).trim()).toBe(
      String(process.pid),
    );
    await lock.release();
  });

  it('takes over a lock file without a pid', async () => {
    const dir = await tempDir();
    const file = join(dir, LOCK_FILE);
    await writeFile(file, 'garbage');
    const lock = await acquireDataDirLock(dir);
    expect((await readFile(file, 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
  });
});
