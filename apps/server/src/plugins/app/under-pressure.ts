import { getHeapStatistics } from 'node:v8';

import underPressure, {
  type FastifyUnderPressureOptions,
} from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Config } from '../../config.js';
import { ServiceUnavailableError } from '../../errors.js';

/**
 * security.md R04: past capacity the server sheds load instead of queueing
 * it. When the event loop's mean delay over the last second, the V8 heap in
 * use or the resident memory is above its limit (config.ts, "Overload"),
 * every request but liveness answers 503 with Retry-After before any work is
 * done for it. Liveness (`/api/health`, the plan generator's `/health`)
 * stays exempt so that a supervisor does not restart a process that is only
 * busy; readiness answers 503 with the rest, so a balancer stops sending it
 * traffic.
 */

const MIB = 1024 * 1024;

/** Until a sample is taken the plugin knows nothing; one a second. */
const SAMPLE_INTERVAL_MS = 1_000;

/** The error handler's 503 body (plugins/app/error-handler.ts). */
const BODY = JSON.stringify({
  error: new ServiceUnavailableError().message,
  code: 'SERVICE_UNAVAILABLE',
});

/** How often a process under pressure says so in the log. */
const LOG_EVERY_MS = 10_000;

export type PressureConfig = Pick<
  Config,
  | 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS'
  | 'PRESSURE_MAX_HEAP_MIB'
  | 'PRESSURE_MAX_RSS_MIB'
  | 'PRESSURE_RETRY_AFTER_SECONDS'
>;

/** The limits in the units of @fastify/under-pressure; 0 is off. */
export function pressureLimits(config: PressureConfig): {
  maxEventLoopDelay: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
} {
  const heapMiB =
    config.PRESSURE_MAX_HEAP_MIB ??
    Math.floor((getHeapStatistics().heap_size_limit * 0.9) / MIB);
  return {
    maxEventLoopDelay: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: heapMiB * MIB,
    maxRssBytes: config.PRESSURE_MAX_RSS_MIB * MIB,
  };
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `exemptPaths`: the paths that answer under pressure too (liveness). */
export async function registerUnderPressure(
  app: FastifyInstance,
  config: PressureConfig,
  exemptPaths: readonly string[],
): Promise<void> {
  const exempt = new Set(exemptPaths);
  const retryAfter = config.PRESSURE_RETRY_AFTER_SECONDS;
  let lastLog = 0;
  // Called instead of the plugin's own 503: an exempt path goes on (no
  // answer); any other gets the API's error body with Retry-After, sent as
  // text so no route's response schema stands in the way. The plugin sends
  // a handler's non-null result as the answer and ends the request there
  // (handlePressure in its index.js); its types only admit void.
  const handle = (
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    value: number | undefined,
  ): string | undefined => {
    if (exempt.has(pathOf(request.url))) return undefined;
    const now = Date.now();
    if (now - lastLog >= LOG_EVERY_MS) {
      lastLog = now;
      request.log.warn(
        { pressure: type, value },
        'under pressure: answering 503',
      );
    }
    reply
      .code(503)
      .header('retry-after', String(retryAfter))
      .type('application/json; charset=utf-8');
    return BODY;
  };
  const pressureHandler =
    handle as unknown as FastifyUnderPressureOptions['pressureHandler'];
  await app.register(underPressure, {
    ...pressureLimits(config),
    sampleInterval: SAMPLE_INTERVAL_MS,
    retryAfter,
    pressureHandler,
  });
}
