import type { Browser, Page } from '@playwright/test';
import { CONSOLE_DESKTOP, signInToConsole } from './console-support';
import { expect } from './fixtures';

/**
 * The console's day-to-day pages (fulfilment, messages, inbox, import) in journeys: the demo's holder links
 * and the few steps every one of those journeys takes.
 */
export const HOLDER_TOKENS = {
  avaBrew: 'demo-ava-brew-7Qx2mK9pL4vN8rT1',
  avaRewards: 'demo-ava-rewards-3Hk8sW2qZ6yB5nC0',
  noahBrew: 'demo-noah-empty-8Rb1cT6mW4xK2zL7',
} as const;

export const LAKESHORE_REWARDS = /Lakeshore Rewards$/;

/** Opens a page of the console from its menu and waits for its title. */
export async function openConsolePage(page: Page, menuEntry: string, heading: RegExp): Promise<void> {
  // Exact: "Reports" is also in "Error reports".
  await page.getByRole('menuitem', { name: menuEntry, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Opens a react-admin create form from its link and waits until the form has run its first effects: one
 * of them resets the form to its defaults, and would wipe a field filled in the moment before it. The
 * effects of a navigation's render run in a task after the commit, so a frame and a task after the
 * heading shows, they have run.
 */
export async function openCreateForm(page: Page, link: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('link', { name: link }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.evaluate(
    () => new Promise<void>((settled) => requestAnimationFrame(() => setTimeout(settled, 0))),
  );
}

/** The body rows of the page's one data grid. */
export function gridRows(page: Page) {
  return page.locator('table tbody tr');
}

/** A grid row by text it contains. */
export function gridRow(page: Page, text: string | RegExp) {
  return gridRows(page).filter({ hasText: text });
}

/** A second signed-in staff member (another browser context, desktop-sized), on the console's first page. */
export async function signInElsewhere(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ ...CONSOLE_DESKTOP, baseURL });
  const page = await context.newPage();
  await signInToConsole(page, account);
  return page;
}
