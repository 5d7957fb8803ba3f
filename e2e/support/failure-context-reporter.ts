import { readFileSync } from 'node:fs';

import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the page snapshot Playwright writes for a failed test (the ARIA
 * tree in `error-context.md`; the list reporter prints the error itself).
 * CI keeps only the run's output, not `test-results/`, so without this a
 * failure there says what was not found but not what the page showed.
 */
export default class FailureContextReporter implements Reporter {
  printsToStdio() {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      let context: string;
      try {
        context = readFileSync(attachment.path, 'utf8');
      } catch {
        continue;
      }
      const trees = [...context.matchAll(/```yaml\n([\s\S]*?)```/g)];
      if (trees.length === 0) continue;
      process.stdout.write(
        `\n── the page when "${test.titlePath().slice(1).join(' › ')}" failed ──\n${trees.map((tree) => tree[1]).join('\n')}\n`,
      );
    }
  }
}
