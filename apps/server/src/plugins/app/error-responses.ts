import { ApiErrorSchema } from '@platewise/shared';

/**
 * Error answers for a route's `response` schema, so that the OpenAPI page
 * lists every status a route can answer (all share `{ error, code, issues? }`).
 */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof ApiErrorSchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, ApiErrorSchema]),
  ) as Record<S[number], typeof ApiErrorSchema>;
}

/** OpenAPI security requirement of guarded routes (see swagger.ts). */
export const BEARER_AUTH = [{ bearerAuth: [] }];
