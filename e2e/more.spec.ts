import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, expectAt, passUrl, TOKENS, test } from './support';

// The button's name and the banner both speak of clearing the locally kept cart and reward data.
const CLEAR_STORAGE = /clear.*(storage|cart)/i;

/** Opens More and collects what the app printed to the console on the way. */
async function openMore(page: Page, token: string): Promise<string[]> {
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  await page.goto(passUrl('/account', token));
  await expectAt(page, '/account', token);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  return consoleLines;
}

test('More has no serious or critical accessibility violations', async ({ page }) => {
  await openMore(page, TOKENS.avaBrew);
  await expectNoSeriousA11yViolations(page);
});

test('Sam (internal staff) sees the clear-storage button and the console banner', async ({ page }) => {
  const lines = await openMore(page, TOKENS.samStaff);
  await expect(page.getByRole('button', { name: CLEAR_STORAGE })).toBeVisible();
  await expect.poll(() => lines.some((line) => CLEAR_STORAGE.test(line))).toBe(true);
});

test('Ava (not staff) sees neither', async ({ page }) => {
  const lines = await openMore(page, TOKENS.avaBrew);
  await expect(page.getByRole('button', { name: CLEAR_STORAGE })).toHaveCount(0);
  expect(lines.filter((line) => CLEAR_STORAGE.test(line))).toEqual([]);
});
