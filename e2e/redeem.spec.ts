import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectAt, passUrl, TOKENS } from './support';

// Ava's Brewery Tour for Two (order product 9311, product 507 at Driftwood Brewing Co., code 1357): no
// other journey reads it, and the demo is imported anew for each run (scripts/e2e-server.mjs).
const TOUR_PAGE = '/experiences/deal/201/product/507';
const HELP = 'The 4 digit code must be entered by an attendee to redeem.';

async function enterCode(pad: import('@playwright/test').Locator, code: string) {
  for (const digit of code) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'Continue' }).click();
}

test('Ava redeems her brewery tour: a wrong code is refused, the right one shows the ticket countdown', async ({
  page,
}) => {
  await page.goto(passUrl(TOUR_PAGE, TOKENS.avaBrew));
  await expect(page.getByRole('heading', { level: 2, name: 'Brewery Tour for Two' })).toBeVisible();
  await expect(page.getByText('You have 1 of these in your pass.')).toBeVisible();

  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  const pad = page.getByRole('dialog', { name: 'Enter Validation Code' });
  await expect(pad).toBeVisible();
  await expect(pad.getByText(HELP)).toBeVisible();
  const continueButton = pad.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await enterCode(pad, '0000');
  await expect(pad.getByRole('alert')).toContainText('That code is not correct. Please try again.');
  await expect(pad.getByText(HELP)).toHaveCount(0);
  await expect(pad.getByText('0 of 4 digits entered')).toBeAttached();
  await expect(continueButton).toBeDisabled();

  // Staff may type on a keyboard too.
  await page.keyboard.type('1357');
  await expect(pad.getByText('4 of 4 digits entered')).toBeAttached();
  await continueButton.click();

  await expect(pad).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Redeemed' })).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Time left for Brewery Tour for Two' });
  await expect(timer).toBeVisible();
  // The unknown unit (fortnights) hides after 10 minutes.
  await expect(timer).toHaveText(/^(10:00|09:[0-5]\d)$/);
  // For two: one use is left, so it can be redeemed once more.
  await expect(page.getByRole('button', { name: 'Redeem', exact: true })).toBeVisible();

  // Deal 201 now has 6 of its 7 redemptions used.
  await page.goto(passUrl('/experiences/deal/201', TOKENS.avaBrew));
  await expect(page.getByText('6 of 7 redemptions used · 1 left')).toBeVisible();
});

test('a product preview tries the code pad: the preview ticket counts down from 15 seconds', async ({
  page,
}) => {
  await page.goto(passUrl('/login', TOKENS.previewProduct));
  await expectAt(page, '/experiences/product/504', TOKENS.previewProduct);
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  const pad = page.getByRole('dialog', { name: 'Enter Validation Code' });
  await enterCode(pad, '4821');
  await expect(pad).toBeHidden();
  await expect(page.getByText('This is a preview: nothing was saved.')).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time left for Free Tasting Flight' })).toHaveText(/^00:1\d$/);
});
