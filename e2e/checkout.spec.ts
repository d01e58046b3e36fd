import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect } from './fixtures';
import { testOnOwnServer } from './own-server';
import { bottomNav, expectAt, expectNewDocument, markDocument, passUrl, TOKENS } from './support';

// Ava on Lakeshore Rewards (offer 102, points_ratio 10, 1200 points) claims and completes the Lighthouse
// Sunset Cruise for Two (reward 1211, 1000 points, picked up only, one pickup point with dates). Ava on the
// Brew Trail (offer 101, 205 points) claims the Growler Fill at Anchor & Oar (reward 1202, 80 points) with
// a pickup slot at one of its two pickup points. Claiming spends her points, which other journeys read
// (rewards.spec.ts expects 1,200 and 205), so these journeys run against servers of their own, each on a
// fresh temporary database with the demo imported anew; the built app is the one the main server uses.
// The demo's availability dates are relative to the import, so they are always ahead.
const AVA_REWARDS = 'demo-ava-rewards-3Hk8sW2qZ6yB5nC0';
const CRUISE = 'Lighthouse Sunset Cruise for Two';
const GROWLER = 'Growler Fill at Anchor & Oar';
/** A slot's day as ClaimReward's chips and My Bag show it: `Tue, Nov 24`. */
const SLOT_DAY = /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/;

/**
 * Chooses the first date still open (and the pickup point first when `pickupPoint` is named) and `time` on
 * ClaimReward's Pickup Time section; answers the day as shown.
 */
async function choosePickupSlot(page: Page, time: string, pickupPoint?: string): Promise<string> {
  const section = page.getByRole('region', { name: 'Pickup Time' });
  if (pickupPoint) {
    await section.getByRole('radio', { name: new RegExp(`^${pickupPoint}`) }).check();
  }
  const day = section.getByRole('group', { name: 'Date' }).getByRole('button', { disabled: false }).first();
  const label = ((await day.textContent()) ?? '').trim();
  expect(label).toMatch(SLOT_DAY);
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  const slot = section.getByRole('group', { name: 'Time' }).getByRole('button', { name: time, exact: true });
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  return label;
}
const ORDER_RECEIVED =
  'Your order has been received. You will be sent an email full of your order details. You will now be redirected to the rewards history page.';

/** Journeys on a server with the spec's 10-minute hold. */
const test = testOnOwnServer();

/** Journeys on a server whose holds run out after 6 seconds (CART_HOLD_SECONDS, for tests only). */
const shortHoldTest = testOnOwnServer({ CART_HOLD_SECONDS: '6' });

test('Ava claims the sunset cruise for pickup and completes the order: 1,000 points spent, 200 left', async ({
  page,
}) => {
  await page.goto(passUrl('/rewards', AVA_REWARDS));
  await expect(page.getByRole('link', { name: '1,200 points, see history' })).toBeVisible();
  await page.getByRole('link', { name: CRUISE, exact: true }).click();
  await expectAt(page, '/rewards/product/1211', AVA_REWARDS);

  // ClaimReward: picked up only, so Pickup is chosen and the fixed text says so.
  await expect(page.getByRole('heading', { level: 1, name: CRUISE })).toBeVisible();
  await expect(page.getByText('This order will be picked up.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pickup Instructions' })).toBeVisible();
  await expect(page.getByText('Check in at the boat launch 20 minutes before departure.')).toBeVisible();
  await expect(page.getByText('1,000 points', { exact: true })).toBeVisible();
  // One pickup point: named, not a choice; the first evening's 7:00 PM departure.
  const checkout = page.getByRole('button', { name: 'Continue To Checkout' });
  await expect(page.getByRole('region', { name: 'Pickup Time' })).toContainText(
    'Pickup point: Lighthouse Point boat launch',
  );
  await expect(checkout).toBeDisabled();
  const day = await choosePickupSlot(page, '7:00 PM');
  await expectNoSeriousA11yViolations(page);
  await checkout.click();

  // My Bag: one line, the hold counting down from 10 minutes, the totals.
  await expectAt(page, '/revieworder', AVA_REWARDS);
  await expect(bottomNav(page).getByRole('link', { name: 'My Bag, 1 item' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bag' })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time Remaining' })).toHaveText(/^(10:00|09:[0-5]\d)$/);
  const line = page.getByRole('listitem', { name: CRUISE });
  await expect(line).toContainText('Qty 1');
  await expect(line).toContainText('Pickup');
  await expect(line).toContainText('1,000 points');
  await expect(line).toContainText(`Pickup: Lighthouse Point boat launch, ${day}, 7:00 PM`);
  await expect(page.getByText('Order Points Total')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The bag survives a reload (sessionStorage under the token's key).
  await page.reload();
  await expect(page.getByRole('listitem', { name: CRUISE })).toContainText(
    `Pickup: Lighthouse Point boat launch, ${day}, 7:00 PM`,
  );

  // Completing takes the slot in the same call.
  const completed = page.waitForResponse(
    (response) => response.url().includes('/complete') && response.request().method() === 'PUT',
  );
  await markDocument(page);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  expect((await completed).status()).toBe(200);
  expect((await (await completed).json()).order.products[0].pickup_slot).toMatchObject({ time: '19:00' });
  await expect(page.getByRole('dialog')).toContainText(ORDER_RECEIVED);
  await expect(bottomNav(page).getByRole('link', { name: 'My Bag', exact: true })).toBeVisible();

  // 2 seconds later: RewardsHistory, reloaded, with the session's cart cleared.
  await expectAt(page, '/account/rewards', AVA_REWARDS);
  await expectNewDocument(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const session = await page.evaluate(
    (token) => window.sessionStorage.getItem(`trailpass:${token}`),
    AVA_REWARDS,
  );
  expect(session).toBeNull();
  // The history shows the debit first, with the balance it left.
  const latest = page.getByRole('list', { name: 'Points history' }).getByRole('listitem').first();
  await expect(latest).toContainText('Claimed Lighthouse Sunset Cruise for Two');
  await expect(latest).toContainText('-1,000 points');
  await expect(latest).toContainText('Balance 200');

  // Her points fell from 1,200 to 200.
  await page.goto(passUrl('/rewards', AVA_REWARDS));
  await expect(page.getByRole('link', { name: '200 points, see history' })).toBeVisible();
  await page.goto(passUrl('/revieworder', AVA_REWARDS));
  await expect(page.getByText('You dont have any items in your cart.')).toBeVisible();
});

shortHoldTest(
  'an expired hold asks for more time: Yes holds it again, No lets it go and returns to Rewards',
  async ({ page }) => {
    await page.goto(passUrl('/rewards/product/1211', AVA_REWARDS));
    await choosePickupSlot(page, '7:00 PM');
    await page.getByRole('button', { name: 'Continue To Checkout' }).click();
    await expectAt(page, '/revieworder', AVA_REWARDS);
    await expect(page.getByRole('timer', { name: 'Time Remaining' })).toBeVisible();

    const ask = page.getByRole('dialog', { name: 'Would you like more time?' });
    await expect(ask).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Your Order Has Expired', { exact: true })).toBeVisible();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('timer', { name: 'Time Remaining' })).toHaveText(/^00:0[0-6]$/);
    await expect(page.getByRole('listitem', { name: CRUISE })).toBeVisible();

    await expect(ask).toBeVisible({ timeout: 15_000 });
    await ask.getByRole('button', { name: 'No' }).click();
    await expectAt(page, '/rewards', AVA_REWARDS);
    await expect(bottomNav(page).getByRole('link', { name: 'My Bag', exact: true })).toBeVisible();
    // Nothing was spent.
    await expect(page.getByRole('link', { name: '1,200 points, see history' })).toBeVisible();
  },
);

test('Ava on the Brew Trail chooses a growler pickup slot: point, date (a full day disabled), time, kept in My Bag and taken on completing', async ({
  page,
}) => {
  await page.goto(passUrl('/rewards', TOKENS.avaBrew));
  await expect(page.getByRole('link', { name: '205 points, see history' })).toBeVisible();
  await page.getByRole('link', { name: GROWLER, exact: true }).click();
  await expectAt(page, '/rewards/product/1202', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { level: 1, name: GROWLER })).toBeVisible();
  await expect(page.getByText('80 points', { exact: true })).toBeVisible();

  // Two pickup points: the dates show once one is chosen; the submit waits for a whole slot.
  const section = page.getByRole('region', { name: 'Pickup Time' });
  const checkout = page.getByRole('button', { name: 'Continue To Checkout' });
  const points = section.getByRole('radiogroup', { name: 'Pickup point' });
  await expect(points.getByRole('radio')).toHaveCount(2);
  await expect(section).toContainText(/Dates and times are the venue’s local time \(C[SD]T\)\./);
  await expect(section.getByRole('group', { name: 'Date' })).toHaveCount(0);
  await expect(checkout).toBeDisabled();
  await expect(page.getByText('Choose a pickup point to continue.')).toBeVisible();

  await points.getByRole('radio', { name: /^Taproom bar/ }).check();
  const dates = section.getByRole('group', { name: 'Date' });
  // The taproom's three days, the last fully booked.
  await expect(dates.getByRole('button')).toHaveCount(3);
  const full = dates.getByRole('button').last();
  await expect(full).toHaveText(/ · Fully booked$/);
  await expect(full).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  const day = await choosePickupSlot(page, '4:00 PM');
  await expect(section.getByRole('group', { name: 'Time' }).getByRole('button')).toHaveText([
    '4:00 PM',
    '5:00 PM',
    '6:00 PM',
    '7:00 PM',
  ]);
  await expect(checkout).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await checkout.click();

  // My Bag: the slot on the pickup line, and after a reload too.
  await expectAt(page, '/revieworder', TOKENS.avaBrew);
  const line = page.getByRole('listitem', { name: GROWLER });
  await expect(line).toContainText(`Pickup: Taproom bar, ${day}, 4:00 PM`);
  await expect(page.getByText('118 Harbor Street, Port Alder, WI 54290')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByRole('listitem', { name: GROWLER })).toContainText(
    `Pickup: Taproom bar, ${day}, 4:00 PM`,
  );

  // Edit keeps the slot chosen; another time replaces it.
  await line.getByRole('link', { name: `Edit ${GROWLER}` }).click();
  await expectAt(page, '/rewards/product/1202', TOKENS.avaBrew);
  await expect(section.getByRole('radio', { name: /^Taproom bar/ })).toBeChecked();
  await expect(section.getByRole('button', { name: day, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(section.getByRole('button', { name: '4:00 PM' })).toHaveAttribute('aria-pressed', 'true');
  await section.getByRole('button', { name: '5:00 PM' }).click();
  await checkout.click();
  await expectAt(page, '/revieworder', TOKENS.avaBrew);
  await expect(line).toContainText(`Pickup: Taproom bar, ${day}, 5:00 PM`);

  // Completing takes the slot for the order's item, in the same call.
  const completed = page.waitForResponse(
    (response) => response.url().includes('/complete') && response.request().method() === 'PUT',
  );
  await markDocument(page);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  const answer = await completed;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({ pickupSlot: { time: '17:00', pickupPoint: 5101 } });
  expect((await answer.json()).order.products[0].pickup_slot).toMatchObject({
    time: '17:00',
    timezone: 'America/Chicago',
    pickup_point: { id: 5101 },
  });
  await expect(page.getByRole('dialog')).toContainText(ORDER_RECEIVED);
  await expectAt(page, '/account/rewards', TOKENS.avaBrew);
  await expectNewDocument(page);

  await page.goto(passUrl('/rewards', TOKENS.avaBrew));
  await expect(page.getByRole('link', { name: '125 points, see history' })).toBeVisible();
});
