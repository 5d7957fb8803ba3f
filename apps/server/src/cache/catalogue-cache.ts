import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers under this size are sent as they are (issue 17: JSON > 1 KB). */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Bytes of prepared answers kept (list pages by query, single recipes): a
 * signed-in user can ask for any number of searches, so the oldest go.
 */
const MAX_BYTES = 32 * 1024 * 1024;

const sizeOf = (answer: PreparedAnswer) =>
  (answer.identity?.length ?? 0) +
  (answer.gzip?.length ?? 0) +
  (answer.br?.length ?? 0);

/**
 * One catalogue answer as sent: its bytes, compressed once, and its tag. An
 * answer over COMPRESS_MIN_BYTES keeps its compressed forms only (a page of
 * 20 recipes: 15 KB instead of 57 KB with the JSON), so the cache holds
 * every page of a 10,000-recipe catalogue: with the JSON kept too, R01's
 * walk through its 501 pages outgrew MAX_BYTES and missed on most requests
 * (1,500 req/s, p99 254 ms; 100 pages: 6,200 req/s, p99 19 ms). A client
 * that accepts neither encoding gets the gzip form inflated.
 */
export type PreparedAnswer = {
  /** Strong: the hash of the uncompressed bytes. */
  readonly etag: string;
} & (
  | { readonly identity: Buffer; readonly gzip: null; readonly br: null }
  | { readonly identity: null; readonly gzip: Buffer; readonly br: Buffer }
);

/**
 * The JSON the route's response schema would have produced (the zod type
 * provider's serializer encodes, then stringifies), so a cached answer is
 * byte for byte the uncached one.
 */
export function encodeJson<S extends z.ZodType>(
  schema: S,
  data: z.output<S>,
): string {
  return JSON.stringify(z.encode(schema, data));
}

/**
 * Serialises, compresses and tags an answer's JSON. A catalogue answer is
 * compressed once per catalogue version and query; a per-user answer
 * (reads/answer-cache.ts) once per write of its user, at `fast` levels.
 */
export async function prepareAnswer(
  json: string,
  effort: 'max' | 'fast' = 'max',
): Promise<PreparedAnswer> {
  const identity = Buffer.from(json);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  if (identity.length <= COMPRESS_MIN_BYTES) {
    return { etag, identity, gzip: null, br: null };
  }
  // Every search is its own catalogue answer, so even 'max' stays at
  // brotli 6 and gzip 6 (a 106 KB page of 50 seed recipes: 2.5 ms and 2.0 ms
  // of CPU for 18.1 KB and 19.3 KB) rather than 9 (14.9 ms and 2.6 ms for
  // 17.7 KB and 19.2 KB): a 2 % larger body for a quarter of the work.
  const fast = effort === 'fast';
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return { etag, identity: null, gzip: gz, br };
}

export interface CatalogueCache {
  /** Goes up on every invalidation. */
  readonly version: number;
  /**
   * The prepared answer under `key`, built by `build` on a miss. Concurrent
   * misses share one build; a build that overlapped an invalidation is
   * answered but not kept, so a read that began before a write never
   * outlives it.
   */
  get(key: string, build: () => Promise<string>): Promise<PreparedAnswer>;
  /** Drops every answer (an admin change, here or in another process). */
  invalidate(): void;
  readonly size: number;
}

export function createCatalogueCache(): CatalogueCache {
  let version = 0;
  let bytes = 0;
  let entries = new Map<string, PreparedAnswer>();
  let building = new Map<string, Promise<PreparedAnswer>>();

  return {
    get version() {
      return version;
    },
    get size() {
      return entries.size;
    },
    get(key, build) {
      const hit = entries.get(key);
      if (hit) return Promise.resolve(hit);
      const pending = building.get(key);
      if (pending) return pending;
      const startedAt = version;
      const inFlight = building;
      const promise = build()
        .then((json) => prepareAnswer(json))
        .then((answer) => {
          if (version === startedAt && !entries.has(key)) {
            bytes += sizeOf(answer);
            entries.set(key, answer);
            // The oldest go first (a Map keeps insertion order).
            for (const [oldKey, old] of entries) {
              if (bytes <= MAX_BYTES || oldKey === key) break;
              entries.delete(oldKey);
              bytes -= sizeOf(old);
            }
          }
          return answer;
        })
        .finally(() => inFlight.delete(key));
      building.set(key, promise);
      return promise;
    },
    invalidate() {
      version += 1;
      bytes = 0;
      entries = new Map();
      // Builds in flight finish for their callers but are not kept.
      building = new Map();
    },
  };
}

/** br, then gzip, then none, as the client accepts them. */
function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params
      .map((param) => param.trim())
      .find((param) => param.startsWith('q='));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison, as RFC 9110 asks for If-None-Match.
  return header
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a prepared answer: 304 when If-None-Match names its tag, otherwise
 * the bytes in the best encoding the client accepts. The JSON is already
 * serialised, so the route's response schema is not applied again.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  reply.header('etag', answer.etag);
  reply.header('vary', 'accept-encoding');
  if (matchesTag(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (answer.identity) return reply.send(answer.identity);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    reply.header('content-encoding', 'br');
    return reply.send(answer.br);
  }
  if (encoding === 'gzip') {
    reply.header('content-encoding', 'gzip');
    return reply.send(answer.gzip);
  }
  // At most a page of 100 recipes (about 40 KB compressed): well under a
  // millisecond, and rare (browsers and HTTP libraries accept gzip).
  return reply.send(gunzipSync(answer.gzip));
}
