import {
  pino,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';

import type { EnvConfig } from './config.js';
import { serializeDatabaseError } from './database-errors.js';

/**
 * Never log credentials (security.md S49). Fastify's request serializer
 * leaves headers out; this also covers anyone who logs a whole request.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Query parameters that can carry credentials (S49). */
const SECRET_PARAMS = new Set([
  'access_token',
  'refresh_token',
  'token',
  'code',
  'state',
  'data',
  'otp',
  'password',
]);

/**
 * The URL as it may be logged. Client routes of the SPA lose their query
 * (/auth/success?data=… carries tokens, /resetpassword?token=… a reset
 * token); API URLs keep theirs with secret-looking values redacted.
 */
export function loggableUrl(rawUrl: string): string {
  // A calendar feed's path is its credential (issue 18).
  const url = rawUrl.replace(
    /^\/api\/calendar\/(?!token(?:[?#]|$))[^/?#]+/,
    '/api/calendar/[redacted]',
  );
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  if (path !== '/api' && !path.startsWith('/api/')) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0] ?? '';
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // A malformed escape: compare the raw key.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

export function loggerOptions(
  config: Pick<EnvConfig, 'LOG_LEVEL'>,
): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // A failed query's statement, parameters and row values never reach
      // the log, whoever logs the error (S49): only its code and the names
      // of the constraint, table and routine (see database-errors.ts).
      err: (error: unknown) =>
        serializeDatabaseError(error) ??
        pino.stdSerializers.err(error as Error),
      // Fastify's own request serializer, with the URL made safe. Bodies are
      // never logged.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** JSON lines on stdout (or `destination`, for tests that read the log). */
export function createLogger(
  config: Pick<EnvConfig, 'LOG_LEVEL'>,
  destination?: DestinationStream,
): Logger {
  return destination
    ? pino(loggerOptions(config), destination)
    : pino(loggerOptions(config));
}
