import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { cspNonce } from '../external/helmet.js';

/**
 * The built web app (ADR 004): files from WEB_DIST_DIR, and index.html for
 * every other GET so that client-side routes survive a reload. index.html is
 * never served as a file: each copy carries a fresh CSP nonce.
 */

export const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/**
 * The content of `<meta name="support-email">`: the web app reads SUPPORT_EMAIL
 * from it (issue 11). Data in the page, not a script, so the strict CSP of
 * ADR 004 stays as it is, and no request is needed to learn it.
 */
export const SUPPORT_EMAIL_PLACEHOLDER = '__SUPPORT_EMAIL__';

/** Escapes text for a double-quoted HTML attribute. */
function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Vite puts content-hashed names under assets/: they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** favicon, robots.txt…: same name, new content after an upgrade. */
const SHORT_CACHE = 'public, max-age=600';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Platewise: the web app is not built</title>
  </head>
  <body>
    <h1>The web app is not built</h1>
    <p>Run <code>npm run build</code>, then reload this page. The API answers under <code>/api</code>.</p>
  </body>
</html>
`;

export interface Spa {
  /** Answers index.html (or the "not built" page) for a client route. */
  sendIndex(reply: FastifyReply): Promise<FastifyReply>;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'ENOENT' || error.code === 'ENOTDIR')
  );
}

/** Whether a path belongs to the API (never answered with the SPA). */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

export async function registerSpa(
  app: FastifyInstance,
  options: { webDistDir: string; supportEmail?: string },
): Promise<Spa> {
  const { webDistDir } = options;
  // Empty when unset: the web app then shows no address.
  const supportEmail = escapeAttribute(options.supportEmail ?? '');
  const indexFile = join(webDistDir, 'index.html');
  const assetsDir = join(webDistDir, 'assets') + sep;

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: true, // files added by a later build are served without a restart
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false, // set below, per file
    // The web build writes .br and .gz beside each asset (vite.config.ts).
    preCompressed: true,
    // The WEB_DIST_DIR may not exist yet; the "not built" page covers that.
    suppressWarning: true,
    // Anything refused here falls through to the not-found handler, which
    // answers index.html: the template itself, directories (including "/")
    // and the API's namespace.
    allowedPath: (pathname) =>
      pathname !== '/index.html' &&
      !pathname.endsWith('/') &&
      !isApiPath(pathname),
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsDir) ? IMMUTABLE : SHORT_CACHE,
      );
    },
  });

  // Read once, again only when a new build replaced the file.
  let cached: { mtimeMs: number; html: string } | undefined;
  async function loadIndex(): Promise<string | undefined> {
    try {
      const { mtimeMs } = await stat(indexFile);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, html: await readFile(indexFile, 'utf8') };
      }
      return cached.html;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    async sendIndex(reply) {
      const html = await loadIndex();
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      if (html === undefined) return reply.code(503).send(NOT_BUILT_PAGE);
      return reply
        .code(200)
        .send(
          html
            .replaceAll(NONCE_PLACEHOLDER, cspNonce(reply))
            .replaceAll(SUPPORT_EMAIL_PLACEHOLDER, supportEmail),
        );
    },
  };
}
