import { randomUUID } from 'node:crypto';

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import type { Config } from '../../config.js';
import type { Lifecycle } from '../../lifecycle.js';
import { loggerOptions } from '../../logger.js';
import { registerUnderPressure } from './under-pressure.js';

/**
 * What every HTTP process of the server shares: the API (app.ts) and the
 * plan generator (planner-server.ts). The Fastify options bound bodies,
 * requests and connections (S39), keep request ids ours unless a trusted
 * proxy sets them, and refuse poisoned JSON; `registerHttpProcess` adds
 * load shedding (R04) and the shutdown behaviour (R06) on top. One place,
 * so that the second process cannot fall behind the first.
 */

/** Security.md S39: JSON bodies are small; uploads get their own limit. */
export const JSON_BODY_LIMIT = 64 * 1024;
const CONNECTION_TIMEOUT_MS = 60_000;
/** Node checks request timeouts this often (its default, 30 s, doubles them). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Fastify takes a hop count as a function (its types lack the number form). */
function trustProxy(
  value: Config['TRUST_PROXY'],
): boolean | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * The options for `Fastify(...)`. `logger`: a ready logger, false for none,
 * or undefined for one built from config.
 */
export function httpProcessOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'REQUEST_TIMEOUT_MS' | 'TRUST_PROXY'>,
  logger: FastifyBaseLogger | false | undefined,
) {
  return {
    logger: logger === undefined ? loggerOptions(config) : false,
    loggerInstance: logger === false ? undefined : logger,
    genReqId: () => randomUUID(),
    // Behind a trusted proxy keep its request id; otherwise a client could
    // choose the ids in our logs.
    requestIdHeader:
      config.TRUST_PROXY === false ? (false as const) : 'x-request-id',
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Fastify creates the server from `http` when it is given, and Node
    // reads its request and header time-outs at creation: without them here
    // a slow client was cut off at Node's 60 s header default, not at
    // REQUEST_TIMEOUT_MS (S39).
    http: {
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
    },
    onProtoPoisoning: 'error' as const,
    onConstructorPoisoning: 'error' as const,
    // New requests during the close get 503 and `Connection: close`.
    return503OnClosing: true,
  };
}

/**
 * Registers, first of all plugins: 503 + Retry-After past the event-loop
 * delay, heap or RSS caps (R04; `livenessPath` keeps answering), readiness
 * 503 as soon as a close begins, and on every answer its request id and,
 * during a shutdown, `Connection: close` (R06).
 */
export async function registerHttpProcess(
  app: FastifyInstance,
  options: {
    config: Parameters<typeof registerUnderPressure>[1];
    lifecycle: Lifecycle;
    livenessPath: string;
  },
): Promise<void> {
  const { lifecycle } = options;
  await registerUnderPressure(app, options.config, [options.livenessPath]);
  // app.close() from anywhere (tests included) also ends readiness.
  app.addHook('preClose', async () => lifecycle.beginShutdown());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A keep-alive connection would hold the close open until the client
    // lets go; answers finished during shutdown end their connection.
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
  });
}
