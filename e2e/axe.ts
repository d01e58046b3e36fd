import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe on the page and expects no serious or critical violations, naming each offending element. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
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
