import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The two colour schemes every screen is checked in. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** WCAG 2.x A and AA rules (axe tags). */
export const WCAG_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
];

/**
 * The page shows `theme` (switched in place through the system colour scheme
 * the app follows) and no colour transition is still running.
 */
export async function settleInTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.documentElement.getAttribute('data-mui-color-scheme'),
      ),
    )
    .toBe(theme);
  await transitionsEnded(page);
}

/**
 * No CSS transition is still running: colours (theme, top bar) and slides
 * (drawer, dialog) are read once they end, without a fixed wait. Endless
 * animations (a spinner) are not transitions and are not waited for.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          !(animation instanceof CSSTransition) ||
          animation.playState !== 'running',
      ),
  );
}

/**
 * axe's serious and critical WCAG findings on the page as it stands, one
 * report each (empty when clean). The contrast rule must have run: a page it
 * skipped would pass unseen.
 */
export async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    [...results.passes, ...results.violations].map((rule) => rule.id),
  ).toContain('color-contrast');
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary}`)
          .join('\n'),
    );
}
