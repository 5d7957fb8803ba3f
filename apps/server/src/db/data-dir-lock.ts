import { mkdir, open, readFile, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * PGlite has no lock on its data directory and two processes writing it
 * would corrupt it (security.md decision 6, ADR 003). A lock file created
 * with 'wx' holds the owner's pid; a lock whose pid is gone (kill -9, crash)
 * is taken over.
 */
export const LOCK_FILE = 'platewise.lock';

/** A takeover that has not finished after this long was interrupted. */
const STALE_TAKEOVER_MS = 10_000;
const FRESH_EMPTY_LOCK_MS = 1_000;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another Platewise process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error
    ? String(error.code)
    : undefined;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // a previous life of this pid (PID 1 in a container)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

async function ageMs(file: string): Promise<number> {
  try {
    return Date.now() - (await stat(file)).mtimeMs;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return Number.POSITIVE_INFINITY;
    throw error;
  }
}

/** The lock file's content: '' when missing or still being written. */
async function readContent(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return '';
    throw error;
  }
}

function parsePid(content: string): number | undefined {
  const pid = Number(content);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

async function readPid(file: string): Promise<number | undefined> {
  return parsePid(await readContent(file));
}

async function tryCreate(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'wx', 0o644);
    try {
      await handle.writeFile(`${process.pid}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removing a stale lock and creating ours must not interleave with another
 * starter doing the same, or both would think they own the directory. A
 * directory created with mkdir (atomic) serialises the takeover.
 */
async function takeOverStale(file: string, stalePid: number | undefined) {
  const guard = `${file}.takeover`;
  try {
    await mkdir(guard);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    if ((await ageMs(guard)) > STALE_TAKEOVER_MS) {
      await rmdir(guard).catch(() => {});
    }
    return false;
  }
  try {
    // Re-read under the guard: someone may have finished a takeover already.
    if ((await readPid(file)) !== stalePid) return false;
    await rm(file, { force: true });
    return await tryCreate(file);
  } finally {
    await rmdir(guard).catch(() => {});
  }
}

export async function acquireDataDirLock(
  dataDir: string,
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);

  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (await tryCreate(file)) return createLock(file);
    const content = await readContent(file);
    const pid = parsePid(content);
    if (pid !== undefined && isAlive(pid)) {
      throw new DataDirLockedError(pid, dataDir);
    }
    // An empty, fresh file is a starter between its create and its write.
    const justCreated =
      content === '' && (await ageMs(file)) < FRESH_EMPTY_LOCK_MS;
    if (!justCreated && (await takeOverStale(file, pid))) {
      return createLock(file);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Could not take the lock ${file}; try again.`);
}

function createLock(file: string): DataDirLock {
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      // Only remove the file if it is still ours.
      if ((await readPid(file)) === process.pid)
        await rm(file, { force: true });
    },
  };
}
