import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for running CSS transitions (a button turning enabled, a hover fading) to end: axe reads
 * computed colours, and a colour half-way through a transition is not one any user settles on.
 * Endless animations (spinners, skeleton pulses) are not CSS transitions and are left running.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/** Runs axe on the page and expects no violations of the impacts given, naming each offending element. */
async function expectNoA11yViolationsOf(page: Page, impacts: readonly string[], what: string): Promise<void> {
  await settleTransitions(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.filter((v) => impacts.includes(v.impact ?? ''));
  const described = found.flatMap((v) =>
    v.nodes.map((node) => {
      const detail = node.any[0]?.message ?? node.failureSummary ?? '';
      return `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${detail}`;
    }),
  );
  expect(described, what).toEqual([]);
}

/** Runs axe on the page and expects no serious or critical violations, naming each offending element. */
export function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  return expectNoA11yViolationsOf(page, ['serious', 'critical'], 'serious or critical axe violations');
}

/** Runs axe on the page and expects no violation at all, minor ones included (the console, issue 30). */
export function expectNoA11yViolations(page: Page): Promise<void> {
  return expectNoA11yViolationsOf(page, ['minor', 'moderate', 'serious', 'critical'], 'axe violations');
}
