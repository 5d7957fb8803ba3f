import type { FastifyInstance, FastifyRequest } from 'fastify';

import { NotFoundError } from '../../errors.js';
import { isApiPath, type Spa } from './spa.js';

/** Path scanners get slowed down; client routes of the SPA are not limited. */
const NOT_FOUND_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

function isClientRoute(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url)
  );
}

/**
 * Unknown `/api/*` paths (any method) answer a JSON 404; any other GET or
 * HEAD is a client-side route of the SPA and answers index.html.
 */
export function registerNotFoundHandler(app: FastifyInstance, spa: Spa): void {
  app.setNotFoundHandler(
    {
      preHandler: app.rateLimit({
        ...NOT_FOUND_RATE_LIMIT,
        allowList: (request) => isClientRoute(request),
      }),
    },
    async (request, reply) => {
      if (isClientRoute(request)) return spa.sendIndex(reply);
      throw new NotFoundError();
    },
  );
}
