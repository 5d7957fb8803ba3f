import { setImmediate as nextTurn } from 'node:timers/promises';

import {
  createIngredientResolver,
  INGREDIENTS,
  parseIngredientLine,
  type IngredientResolver,
} from '@platewise/food-data';
import type { ParsedIngredientLine } from '@platewise/shared';

let catalogue: IngredientResolver | undefined;

/**
 * The parser's resolver over the ingredient catalogue, built once per
 * process: building indexes every name, plural and synonym. The database's
 * ingredients are the seed catalogue, so this is the same catalogue; if
 * admins ever edit ingredients, rebuild it from the table after each edit.
 */
export function catalogueResolver(): IngredientResolver {
  catalogue ??= createIngredientResolver(INGREDIENTS);
  return catalogue;
}

/**
 * Parsing runs on the event loop in slices of about this many milliseconds,
 * then lets other requests in (issue 9: a request of long lines used to hold
 * `/api/health` for seconds). A line costs well under a millisecond, so a
 * slice overruns by less than one line.
 */
export const PARSE_SLICE_MS = 4;

interface ParseJob {
  readonly lines: readonly string[];
  readonly parsed: ParsedIngredientLine[];
  resolve(lines: ParsedIngredientLine[]): void;
  reject(error: unknown): void;
}

/**
 * One queue per service: every request's lines are parsed a line at a time,
 * round robin, in slices of PARSE_SLICE_MS. However many requests run at
 * once, the loop is held at most one slice between turns, and a short
 * request is not stuck behind a long one.
 */
function createParseQueue(resolver: IngredientResolver) {
  const jobs: ParseJob[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    try {
      while (jobs.length > 0) {
        const started = performance.now();
        while (
          jobs.length > 0 &&
          performance.now() - started < PARSE_SLICE_MS
        ) {
          const job = jobs.shift() as ParseJob;
          try {
            const line = job.lines[job.parsed.length] ?? '';
            job.parsed.push(parseIngredientLine(line, resolver));
          } catch (error) {
            job.reject(error);
            continue;
          }
          if (job.parsed.length === job.lines.length) job.resolve(job.parsed);
          else jobs.push(job);
        }
        if (jobs.length > 0) await nextTurn();
      }
    } finally {
      draining = false;
    }
  }

  return (lines: readonly string[]): Promise<ParsedIngredientLine[]> => {
    if (lines.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      jobs.push({ lines, parsed: [], resolve, reject });
      if (!draining) void drain();
    });
  };
}

export interface IngredientsServiceDeps {
  resolver: IngredientResolver;
}

export function createIngredientsService({ resolver }: IngredientsServiceDeps) {
  const parseLines = createParseQueue(resolver);
  return {
    /** Each line parsed against the catalogue, in the order given. */
    async parse(lines: readonly string[]): Promise<{
      data: ParsedIngredientLine[];
    }> {
      return { data: await parseLines(lines) };
    },
  };
}

export type IngredientsService = ReturnType<typeof createIngredientsService>;
