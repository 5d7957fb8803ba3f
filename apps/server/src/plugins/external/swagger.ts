import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/**
 * Swagger UI loads its scripts and styles from files, so it runs without
 * inline code; it needs `data:` images for its icons. This replaces the SPA's
 * policy on the docs routes only (swagger-ui's own hook, scoped to them).
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** OpenAPI from the routes' zod schemas, browsable at /api/docs. */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Platewise API',
        description:
          'Weekly meal plans that share fresh ingredients. Errors answer `{ error, code, issues? }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          // Guarded routes (plugins/app/auth.ts) take the access JWT from
          // the Authorization header only.
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { validatorUrl: null },
  });
}
