import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { parseConfig } from './config.js';
import { ensureJwtSecret, JWT_SECRET_FILE, resolveSecrets } from './secrets.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'platewise-secrets-'));

describe('ensureJwtSecret', () => {
  it('generates 48 random bytes once, kept with mode 600', async () => {
    const dir = await tempDir();
    const secret = await ensureJwtSecret(dir);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(48);
    const file = join(dir, JWT_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(secret);
    expect(await ensureJwtSecret(dir)).toBe(secret);
  });

  it('agrees on one secret when called concurrently', async () => {
    const dir = await tempDir();
    const secrets = await Promise.all(
      Array.from({ length: 5 }, () => ensureJwtSecret(dir)),
    );
    expect(new Set(secrets).size).toBe(1);
  });

  it('refuses a file that holds no usable secret', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, JWT_SECRET_FILE), 'short\n');
    await expect(ensureJwtSecret(dir)).rejects.toThrow(/no usable secret/);
  });
});

describe('resolveSecrets', () => {
  it('keeps a JWT_SECRET from the environment', async () => {
    const dir = await tempDir();
    const JWT_SECRET = 'e'.repeat(40);
    const config = await resolveSecrets(
      parseConfig({ DATA_DIR: dir, JWT_SECRET }),
    );
    expect(config.JWT_SECRET).toBe(JWT_SECRET);
    await expect(stat(join(dir, JWT_SECRET_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('fills in the generated secret otherwise', async () => {
    const dir = await tempDir();
    const config = await resolveSecrets(parseConfig({ DATA_DIR: dir }));
    expect(config.JWT_SECRET).toBe(await ensureJwtSecret(dir));
  });
});
