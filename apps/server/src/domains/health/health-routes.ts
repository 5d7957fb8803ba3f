import { HealthSchema, ReadySchema } from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { HealthService } from './health-service.js';

/** Public probes (architecture point 4, security.md R07). */
export const healthRoutes: FastifyPluginAsyncZod<{
  service: HealthService;
}> = async (app, { service }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no database check)',
        response: { 200: HealthSchema },
      },
    },
    () => service.health(),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: the database answers within 1 s and the server is not shutting down',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const readiness = await service.readiness();
      return reply
        .code(readiness.status === 'ready' ? 200 : 503)
        .send(readiness);
    },
  );
};
