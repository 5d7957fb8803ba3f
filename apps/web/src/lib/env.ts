/**
 * The web app's build-time configuration (style guide, "Config"): the public
 * `VITE_*` values, parsed once with zod. No other file reads
 * `import.meta.env`.
 */
import { z } from 'zod';

const EnvSchema = z.object({
  /**
   * Where GET /generate-meal-plan is served when the plan generator runs as
   * its own process (README, "The plan generator as its own process"). Unset
   * or empty: the API base.
   */
  VITE_PLAN_GENERATOR_URL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .url({
          protocol: /^https?$/,
          error: 'must be an absolute http(s) address',
        })
        .optional(),
    )
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the given variables; throws naming every bad key. */
export function parseEnv(source: Record<string, unknown>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const keys = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid web app configuration: ${keys.join('; ')}`);
  }
  return parsed.data;
}

export const env = parseEnv(import.meta.env as Record<string, unknown>);
