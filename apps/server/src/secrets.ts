import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { Config, EnvConfig } from './config.js';

export const JWT_SECRET_FILE = 'jwt-secret';
const JWT_SECRET_BYTES = 48;

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/**
 * The JWT signing secret kept in `DATA_DIR/jwt-secret` (mode 600), created on
 * first use. Several processes on PostgreSQL must share one secret: give them
 * the same JWT_SECRET instead (see .env.example).
 */
export async function ensureJwtSecret(dataDir: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, JWT_SECRET_FILE);

  // Written to a temporary file and then hard-linked into place: `link`
  // fails if the target exists, so a reader never sees half a secret and two
  // processes starting at once agree on one value.
  const secret = randomBytes(JWT_SECRET_BYTES).toString('base64url');
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, `${secret}\n`, { mode: 0o600, flag: 'w' });
  try {
    await link(temp, file);
    return secret;
  } catch (error) {
    if (!isErrnoException(error) || error.code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true });
  }

  const existing = (await readFile(file, 'utf8')).trim();
  if (existing.length < 32) {
    throw new Error(
      `${file} holds no usable secret; delete it to generate a new one.`,
    );
  }
  // Someone may have copied the file with a lax umask; tighten it again.
  await chmod(file, 0o600);
  return existing;
}

/** Fills in the secrets the environment left unset. */
export async function resolveSecrets(config: EnvConfig): Promise<Config> {
  const JWT_SECRET =
    config.JWT_SECRET ?? (await ensureJwtSecret(config.DATA_DIR));
  return { ...config, JWT_SECRET };
}
