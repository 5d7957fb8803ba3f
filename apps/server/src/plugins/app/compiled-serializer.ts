import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route's response serializer compiled once from its zod schema into
 * fast-json-stringify (issue 17): the per-user reads answer on every request,
 * and validating the answer with zod and then stringifying it was a sixth of
 * their time. Keys the schema does not name are left out, as zod's encode
 * left them out. For routes whose answers are built by our own typed code
 * only (the shared schemas type the services), so skipping the check is
 * safe; the route tests assert the shapes.
 */
export function compiledSerializerCompiler({
  schema,
}: {
  schema: unknown;
}): (data: unknown) => string {
  // Every response schema of these routes is a zod schema.
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'throw',
  });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

/**
 * Route options of a per-user read: the compiled serializer, and brotli or
 * gzip for answers over 1 KB (the @fastify/compress defaults; its plugin is
 * registered with `global: false` in app.ts).
 */
export const FAST_READ = {
  serializerCompiler: compiledSerializerCompiler,
  compress: {},
} as const;
