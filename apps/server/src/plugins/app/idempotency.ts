import { createHash } from 'node:crypto';

import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

/**
 * security.md R08: `Idempotency-Key` on the writes whose repetition would
 * do the work twice (a new recipe with its pictures, a new plan, kitchen
 * additions, invitations). Per user and key, kept 24 hours in the database
 * (so a retry that reaches another process is answered the same):
 *
 * - the same key and request again: the first answer (status, body, type)
 *   with `Idempotent-Replayed: true`, and no second effect;
 * - the same key with another request (body, route or method): 422;
 * - the same key while the first is still running: 409 with Retry-After.
 *
 * A request is its method, route and body: the parsed JSON, or the bytes of
 * a multipart upload without its boundary (a browser draws a new one for
 * each send). Answers of 5xx, 429 and 409 are not kept, so a retry runs
 * again; a request without the header is untouched.
 */

/** Method and route (as registered) of each covered write. */
export const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/recipes',
  'GET /api/generate-meal-plan',
  'POST /api/meal-plans/regenerate',
  'POST /api/meal-plans/regenerate-meal',
  'POST /api/kitchen',
  'POST /api/kitchen/from-shopping-list',
  'POST /api/kitchen/cooked',
  'POST /api/household/invitations',
]);

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A key still "in flight" after this was left by a process that died. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The largest multipart body kept in memory to compare a replay. */
const MAX_MULTIPART_BYTES = 32 * 1024 * 1024;

export const idempotencyMessages = {
  badKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  otherRequest:
    'This Idempotency-Key was used for a different request. Use a new key for a new request.',
  inFlight:
    'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;

/**
 * Answers in the API's error shape, sent as text: not every covered route
 * lists 409 or 422 in its response schema.
 */
function refuse(
  reply: FastifyReply,
  status: 400 | 409 | 422,
  error: string,
): FastifyReply {
  const code = status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED';
  if (status === 409) reply.header('retry-after', '1');
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error, code }));
}

interface Claim {
  userId: string;
  key: string;
  /** Known at once for JSON; for multipart once the handler read the body. */
  hash: Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

function isMultipart(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').startsWith(
    'multipart/form-data',
  );
}

function boundaryOf(request: FastifyRequest): string {
  const match = /boundary="?([^";]+)"?/i.exec(
    String(request.headers['content-type'] ?? ''),
  );
  return match?.[1] ?? '';
}

function digest(request: FastifyRequest, body: string | Buffer): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? ''}\n`)
    .update(body)
    .digest('hex');
}

/** The multipart bytes without their boundary, hashed. */
function multipartDigest(
  request: FastifyRequest,
  chunks: readonly Buffer[],
): string {
  const bytes = Buffer.concat(chunks).toString('latin1');
  const boundary = boundaryOf(request);
  const canonical = boundary ? bytes.split(boundary).join('') : bytes;
  return digest(request, Buffer.from(canonical, 'latin1'));
}

/**
 * Watches the raw body as the handler reads it (the multipart parser reads
 * `request.raw` itself): resolves with its digest once it ended, or null if
 * it never did (the handler refused it part way) or grew too large.
 */
function watchMultipart(request: FastifyRequest): Promise<string | null> {
  const raw = request.raw;
  const chunks: Buffer[] = [];
  let size = 0;
  const done = new Promise<string | null>((resolve) => {
    raw.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_MULTIPART_BYTES) chunks.push(chunk);
    });
    raw.once('end', () =>
      resolve(
        size <= MAX_MULTIPART_BYTES ? multipartDigest(request, chunks) : null,
      ),
    );
    raw.once('close', () => resolve(null));
  });
  // Adding a 'data' listener would start the flow before the parser is
  // attached; paused, the parser's pipe resumes it and both see every chunk.
  raw.pause();
  return done;
}

/** Reads a whole multipart body that no handler will read (a replay). */
async function readMultipart(request: FastifyRequest): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_MULTIPART_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return multipartDigest(request, chunks);
}

function jsonDigest(request: FastifyRequest): string {
  return digest(
    request,
    JSON.stringify({
      query: request.query ?? null,
      body: request.body ?? null,
    }),
  );
}

/** Answers worth keeping: the work was done (or refused for good). */
function keeps(status: number): boolean {
  return status < 500 && status !== 429 && status !== 409;
}

export function registerIdempotency(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock },
): void {
  const { db, clock } = deps;
  const row = (userId: string, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  async function claim(
    userId: string,
    key: string,
    hash: string | null,
  ): Promise<boolean> {
    const now = clock.now();
    // This user's expired keys go first, so a key can be used again.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          or(
            lt(idempotencyKeys.expiresAt, now),
            and(
              isNull(idempotencyKeys.status),
              lt(
                idempotencyKeys.createdAt,
                new Date(now.getTime() - ABANDONED_AFTER_MS),
              ),
            ),
          ),
        ),
      );
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        userId,
        key,
        requestHash: hash ?? '',
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return inserted.length > 0;
  }

  async function release(claimed: Claim): Promise<void> {
    await db
      .delete(idempotencyKeys)
      .where(
        and(row(claimed.userId, claimed.key), isNull(idempotencyKeys.status)),
      );
  }

  app.addHook(
    'preHandler',
    async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers['idempotency-key'];
      if (key === undefined) return;
      if (
        !IDEMPOTENT_ROUTES.has(
          `${request.method} ${request.routeOptions.url ?? ''}`,
        ) ||
        !request.auth
      ) {
        return;
      }
      if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
        return refuse(reply, 400, idempotencyMessages.badKey);
      }
      const { userId } = request.auth;
      const multipart = isMultipart(request);
      const hash = multipart ? null : jsonDigest(request);

      if (await claim(userId, key, hash)) {
        request.idempotency = {
          userId,
          key,
          hash: multipart ? watchMultipart(request) : Promise.resolve(hash),
        };
        return;
      }

      const [kept] = await db
        .select()
        .from(idempotencyKeys)
        .where(row(userId, key));
      if (!kept || kept.status === null) {
        return refuse(reply, 409, idempotencyMessages.inFlight);
      }
      const mine = multipart ? await readMultipart(request) : hash;
      if (mine !== kept.requestHash) {
        return refuse(reply, 422, idempotencyMessages.otherRequest);
      }
      reply
        .code(kept.status)
        .header('idempotent-replayed', 'true')
        .type(kept.contentType ?? 'application/json; charset=utf-8');
      return reply.send(kept.body ?? '');
    },
  );

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = undefined;
    // The multipart body ends a tick or so after the parser's last part; a
    // body the handler left unread never ends, and is not kept.
    let timer: NodeJS.Timeout | undefined;
    const hash = await Promise.race([
      claimed.hash,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), 1_000);
      }),
    ]);
    clearTimeout(timer);
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : null;
    if (!keeps(reply.statusCode) || hash === null || body === null) {
      await release(claimed);
      return payload;
    }
    await db
      .update(idempotencyKeys)
      .set({
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body,
        requestHash: hash,
      })
      .where(row(claimed.userId, claimed.key));
    return payload;
  });

  // A request that never reached onSend (the client left) frees its key.
  app.addHook('onResponse', async (request) => {
    const claimed = request.idempotency;
    if (!claimed) return;
    request.idempotency = undefined;
    await release(claimed);
  });
}
