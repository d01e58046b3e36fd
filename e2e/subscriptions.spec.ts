import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectAt, passUrl, TOKENS } from './support';

// Ava's lists on the shared server (Brew Trail News and Lakeshore Events subscribed, Partner Offers not).
// No other journey reads them, and each change below is put back before the journey ends.
const UPDATED = 'Subscription settings updated';

function lists(page: Page) {
  const section = page.getByRole('region', { name: 'Subscriptions' });
  return {
    news: section.getByRole('checkbox', { name: 'Brew Trail News' }),
    events: section.getByRole('checkbox', { name: 'Lakeshore Events' }),
    offers: section.getByRole('checkbox', { name: 'Partner Offers' }),
  };
}

async function expectChoices(page: Page, checked: { news: boolean; events: boolean; offers: boolean }) {
  const boxes = lists(page);
  for (const key of ['news', 'events', 'offers'] as const) {
    if (checked[key]) await expect(boxes[key]).toBeChecked();
    else await expect(boxes[key]).not.toBeChecked();
  }
}

test("Ava's subscriptions: 2 of 3, each change saved at once with the snackbar, Unsubscribe All", async ({
  page,
}) => {
  await page.goto(passUrl('/account', TOKENS.avaBrew));
  await page.getByRole('link', { name: 'Manage Subscriptions' }).click();
  await expectAt(page, '/subscriptions', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Ava,' })).toBeVisible();
  await expect(
    page.getByText("Update your preferences below for which emails you'd like to receive."),
  ).toBeVisible();
  await expectChoices(page, { news: true, events: true, offers: false });
  // The description is HTML, read as the box's description.
  await expect(lists(page).news).toHaveAccessibleDescription('Monthly new stops and tap releases.');
  await expectNoSeriousA11yViolations(page);

  // One box, by keyboard: sent at once, the snackbar, kept after a reload; then put back.
  await lists(page).offers.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(UPDATED)).toBeVisible();
  await expect(page.getByText(UPDATED)).toBeHidden({ timeout: 5_000 });
  await page.reload();
  await expectChoices(page, { news: true, events: true, offers: true });
  await lists(page).offers.click();
  await expect(page.getByText(UPDATED)).toBeVisible();
  await expect(lists(page).offers).not.toBeChecked();

  // Unsubscribe All: every box cleared, the button disabled, kept after a reload.
  await page.reload();
  await expectChoices(page, { news: true, events: true, offers: false });
  const all = page.getByRole('button', { name: 'Unsubscribe All' });
  await expect(page.getByText('Unsubscribe from all email lists.')).toBeVisible();
  await all.click();
  await expect(page.getByText(UPDATED)).toBeVisible();
  await expectChoices(page, { news: false, events: false, offers: false });
  await expect(all).toBeDisabled();
  await page.reload();
  await expectChoices(page, { news: false, events: false, offers: false });
  await expect(all).toBeDisabled();

  // Back as imported.
  await lists(page).news.click();
  await expect(lists(page).news).toBeChecked();
  await lists(page).events.click();
  await expect(lists(page).events).toBeChecked();
  await expect(all).toBeEnabled();
  await page.reload();
  await expectChoices(page, { news: true, events: true, offers: false });
});

test('Noah is on no list, so Unsubscribe All is disabled', async ({ page }) => {
  await page.goto(passUrl('/subscriptions', TOKENS.noahEmpty));
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Noah,' })).toBeVisible();
  await expectChoices(page, { news: false, events: false, offers: false });
  await expect(page.getByRole('button', { name: 'Unsubscribe All' })).toBeDisabled();
});
