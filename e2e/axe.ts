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

/** Runs axe on the page and expects no serious or critical violations, naming each offending element. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settleTransitions(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const described = serious.flatMap((v) =>
    v.nodes.map((node) => {
      const detail = node.any[0]?.message ?? node.failureSummary ?? '';
      return `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${detail}`;
    }),
  );
  expect(described, 'serious or critical axe violations').toEqual([]);
}
