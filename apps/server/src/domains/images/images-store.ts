import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import type { ImageExtension } from './images-processing.js';

/**
 * Where uploaded images live. On disk under DATA_DIR/uploads for now, outside
 * any static root (security.md S43); an S3-compatible store can implement the
 * same three calls later (architecture point 8).
 */
export interface ImageStore {
  /** Stores the bytes under a new UUID name and answers that name. */
  save(data: Buffer, extension: ImageExtension): Promise<string>;
  /** The bytes of a stored name, or undefined when there are none. */
  read(fileName: string): Promise<Buffer | undefined>;
  /** Removes a stored name; a missing file is not an error. */
  remove(fileName: string): Promise<void>;
}

/** Only names we generate: never a path, never a client's name. */
export const STORED_NAME_PATTERN = /^[0-9a-f-]{36}\.(?:jpg|png|gif)$/;

function checkedName(fileName: string): string {
  if (!STORED_NAME_PATTERN.test(fileName)) {
    throw new Error(`Not a stored image name: ${JSON.stringify(fileName)}`);
  }
  return fileName;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export function createDiskImageStore(dir: string): ImageStore {
  let ready: Promise<unknown> | undefined;
  return {
    async save(data, extension) {
      ready ??= mkdir(dir, { recursive: true, mode: 0o750 });
      await ready;
      const fileName = `${randomUUID()}.${extension}`;
      // 'wx' never overwrites; the sync makes the file durable before its
      // row is committed, so no image row points at a lost file (R05).
      const handle = await open(join(dir, fileName), 'wx', 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return fileName;
    },
    async read(fileName) {
      try {
        return await readFile(join(dir, checkedName(fileName)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(fileName) {
      await rm(join(dir, checkedName(fileName)), { force: true });
    },
  };
}
