import type { Logger } from 'pino';

import { createLogger } from '../logger.js';

/** A real app logger whose JSON lines the test can read. */
export function createCapturedLogger(): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
} {
  const chunks: string[] = [];
  const logger = createLogger(
    { LOG_LEVEL: 'info' },
    { write: (chunk: string) => void chunks.push(chunk) },
  );
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
