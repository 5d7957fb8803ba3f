import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Piscina } from 'piscina';

import { ServiceUnavailableError } from '../errors.js';
import type {
  PlannerOperation,
  PlannerOperations,
  PlannerTask,
  SharedCatalogue,
} from './planner-protocol.js';

/**
 * Planner operations on a pool of worker threads (architecture point 7:
 * generation runs off the event loop, so 50 concurrent generations leave
 * /api/health answering; bench/planner/health-under-generation.ts).
 *
 * - At most `threads` workers (default: cores − 1, at least 1), created on
 *   the first task, so an app that never plans starts no thread.
 * - A bounded queue: beyond `maxQueue` waiting tasks a call fails at once
 *   with PlannerBusyError (503 with Retry-After) instead of piling up work
 *   no one will wait for.
 * - The worker file is planner-worker.js next to this file in dist; under
 *   the TypeScript sources (vitest, `npm run dev`) it is the .ts file, loaded
 *   through tsx with the `source` condition so that @platewise/* resolve to
 *   their sources as well.
 */

export interface PlannerPoolOptions {
  /** Worker threads; default cores − 1, at least 1. */
  threads?: number;
  /** Tasks that may wait for a worker; default 100. */
  maxQueue?: number;
}

/** The queue is full: the caller should retry shortly (503, Retry-After). */
export class PlannerBusyError extends ServiceUnavailableError {
  constructor() {
    super(undefined, 2);
  }
}

export interface PlannerPool {
  run<K extends PlannerOperation>(
    op: K,
    catalogue: SharedCatalogue,
    input: PlannerOperations[K]['input'],
    /** Whose work this is (a user id), for the fair queue's turns. */
    owner?: string,
  ): Promise<PlannerOperations[K]['output']>;
  /** Workers started so far (0 until the first task). */
  readonly threads: number;
  /** Workers it may start: the tasks that run at once. */
  readonly capacity: number;
  close(): Promise<void>;
}

export function defaultPlannerThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Where the worker is, and how to load it, for sources and for dist. */
export function plannerWorkerFile(): { filename: string; execArgv: string[] } {
  const ownExtension = extname(fileURLToPath(import.meta.url));
  const fromSources = ownExtension === '.ts';
  return {
    filename: new URL(
      `./planner-worker${fromSources ? '.ts' : '.js'}`,
      import.meta.url,
    ).href,
    execArgv: fromSources ? ['--import', 'tsx', '--conditions=source'] : [],
  };
}

export function createPlannerPool(
  options: PlannerPoolOptions = {},
): PlannerPool {
  const threads = Math.max(1, options.threads ?? defaultPlannerThreads());
  const maxQueue = Math.max(0, options.maxQueue ?? 100);
  let piscina: Piscina | undefined;
  let closed = false;

  function pool(): Piscina {
    if (closed) throw new PlannerBusyError();
    piscina ??= new Piscina({
      ...plannerWorkerFile(),
      minThreads: 1,
      maxThreads: threads,
      maxQueue,
      // Idle workers beyond the first go after a minute; the first keeps
      // the compiled catalogue warm.
      idleTimeout: 60_000,
    });
    return piscina;
  }

  return {
    async run(op, catalogue, input) {
      const task: PlannerTask = {
        op,
        catalogueKey: catalogue.key,
        catalogue: catalogue.buffer,
        input,
      };
      const active = pool();
      try {
        return (await active.run(
          task,
        )) as PlannerOperations[typeof op]['output'];
      } catch (error) {
        // Piscina refuses a task beyond maxQueue with this error.
        if (
          error instanceof Error &&
          error.message === 'Task queue is at limit'
        ) {
          throw new PlannerBusyError();
        }
        throw error;
      }
    },
    get threads() {
      return piscina?.threads.length ?? 0;
    },
    capacity: threads,
    async close() {
      closed = true;
      const active = piscina;
      piscina = undefined;
      await active?.destroy();
    },
  };
}
