import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { testOnOwnServer } from './own-server';
import { expectAt, passUrl, TOKENS } from './support';

// Order history and details (spec 2.9, 4, 8). The journeys that only look run on the shared server and
// change nothing. Confirming a pickup and entering a shipping address change the demo's orders (and a
// wrong code counts against the venue's attempt limit), so those run on a server and database of their
// own, with the demo imported anew, as checkout.spec.ts does.

const GROWLER = 'Growler Fill at Anchor & Oar';
const MUG = 'Coffee Crawl Mug';
const HELP = 'The 4 digit code must be entered by an attendee to redeem.';
const DONE_MESSAGE = 'This item has been shipped or picked up';
const SHIPPING_PROMPT = 'Please edit and enter your shipping information';

const orderCard = (page: Page, id: number) => page.getByRole('listitem', { name: `Order #${id}` });

/** dddd, MMMM Do, YYYY (spec 9) of a day `days` ago, or of either neighbour (the import ran at some hour). */
function historyDates(daysAgo: number): RegExp {
  const ordinal = (day: number) => {
    const suffix =
      day % 10 === 1 && day !== 11
        ? 'st'
        : day % 10 === 2 && day !== 12
          ? 'nd'
          : day % 10 === 3 && day !== 13
            ? 'rd'
            : 'th';
    return `${day}${suffix}`;
  };
  const candidates = [-1, 0, 1].map((shift) => {
    const date = new Date(Date.now() - (daysAgo + shift) * 86_400_000);
    const weekday = date.toLocaleDateString('en-US', { weekday: 'long' });
    const month = date.toLocaleDateString('en-US', { month: 'long' });
    return `${weekday}, ${month} ${ordinal(date.getDate())}, ${date.getFullYear()}`;
  });
  return new RegExp(`^(${candidates.join('|')})$`);
}

async function enterCode(pad: Locator, code: string) {
  for (const digit of code) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'Continue' }).click();
}

test('Ava’s order history: newest first, points or Paid With Cash, +1, two Pending Pickups, and the details of each', async ({
  page,
}) => {
  await page.goto(passUrl('/account', TOKENS.avaBrew));
  await page.getByRole('link', { name: 'Order History' }).click();
  await expectAt(page, '/orderhistory', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Orders' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([
    'Order #9012',
    'Order #9011',
    'Order #9008',
    'Order #9006',
    'Order #9004',
    'Order #9003',
    'Order #9002',
  ]);
  await expectNoSeriousA11yViolations(page);

  // 9003: a deal and a package bought with cash.
  const cash = orderCard(page, 9003);
  await expect(cash).toContainText('Paid With Cash');
  await expect(cash.getByText('+1')).toBeVisible();
  await expect(cash.locator('time')).toHaveText(historyDates(40));
  // The growler: 80 points, waiting to be picked up.
  const growler = orderCard(page, 9011);
  await expect(growler).toContainText('80 points');
  await expect(growler.getByRole('link', { name: 'Pending Pickup, Order #9011' })).toBeVisible();
  await expect(
    orderCard(page, 9012).getByRole('link', { name: 'Pending Pickup, Order #9012' }),
  ).toBeVisible();
  await expect(orderCard(page, 9008).getByRole('link', { name: /Pending Pickup/ })).toHaveCount(0);

  // View Details of 9003: deals, Instant Download, already done, and its cash (our reading of spec 9).
  await cash.getByRole('link', { name: 'View Details, Order #9003' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('deals');
  await expectAt(page, '/orderdetails/9003', TOKENS.avaBrew);
  await expect(page.getByText('Order #9003')).toBeVisible();
  const items = page.getByRole('list', { name: 'Items in this order' });
  await expect(items.getByRole('heading', { level: 2 })).toHaveText([
    'Brew Trail Passport',
    'Harbor Day Package',
  ]);
  await expect(items.getByText('Instant Download')).toHaveCount(2);
  await expect(items.getByText(DONE_MESSAGE)).toHaveCount(2);
  await expect(page.getByText('Order Cash Total')).toBeVisible();
  await expect(page.getByText('$39.00')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // The tee: shipped in M, to Ava's address, no longer editable.
  await page.goto(passUrl('/orderdetails/9008', TOKENS.avaBrew, { type: 'products' }));
  const tee = page.getByRole('listitem', { name: 'Brew Trail Tee' });
  await expect(tee).toContainText('M');
  await expect(tee.getByText('Ship', { exact: true })).toBeVisible();
  await expect(tee.getByRole('alert')).toContainText(DONE_MESSAGE);
  await expect(tee.getByText('742 Birch Lane')).toBeVisible();
  await expect(tee.getByRole('button', { name: /Edit/ })).toHaveCount(0);
  await expect(page.getByText('Order Cash Total')).toHaveCount(0);

  // Pending Pickup leads to the growler, with its instructions and Confirm Pickup.
  await page.goBack();
  await page.goBack();
  await expectAt(page, '/orderhistory', TOKENS.avaBrew);
  await page.getByRole('link', { name: 'Pending Pickup, Order #9011' }).click();
  await expectAt(page, '/orderdetails/9011', TOKENS.avaBrew);
  const line = page.getByRole('listitem', { name: GROWLER });
  await expect(line.getByText('Pickup', { exact: true })).toBeVisible();
  await expect(line.getByText('Pending Pickup')).toBeVisible();
  await expect(line.getByText('Bring this pass to the taproom bar.')).toBeVisible();
  await expect(line.getByRole('button', { name: `Confirm Pickup: ${GROWLER}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Sam’s shipped order has no address: the prompt, and Edit opens the shipping form (closed unsaved)', async ({
  page,
}) => {
  await page.goto(passUrl('/orderhistory', TOKENS.samStaff));
  await orderCard(page, 9007).getByRole('link', { name: 'View Details, Order #9007' }).click();
  await expectAt(page, '/orderdetails/9007', TOKENS.samStaff);
  const glasses = page.getByRole('listitem', { name: 'Lakeshore Pint Glass Set' });
  await expect(glasses.getByText(SHIPPING_PROMPT)).toBeVisible();
  await glasses.getByRole('button', { name: 'Edit shipping address for Lakeshore Pint Glass Set' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Shipping Information' });
  await expect(form.getByRole('textbox', { name: /First Name/ })).toHaveValue('Sam');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toBeHidden();
  await expect(glasses.getByText(SHIPPING_PROMPT)).toBeVisible();
});

test('Noah has no orders yet', async ({ page }) => {
  await page.goto(passUrl('/orderhistory', TOKENS.noahEmpty));
  await expect(page.getByText('You don’t have any orders yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an order that is not the holder’s is not found', async ({ page }) => {
  await page.goto(passUrl('/orderdetails/9007', TOKENS.avaBrew));
  await expect(page.getByText('We could not find this order.')).toBeVisible();
  await page.getByRole('link', { name: 'See your Order History' }).click();
  await expectAt(page, '/orderhistory', TOKENS.avaBrew);
});

// --- journeys that change the demo: a server of their own ------------------------------------------------

const ownServerTest = testOnOwnServer();

ownServerTest.describe('journeys that change orders', () => {
  ownServerTest.describe.configure({ mode: 'serial' });

  ownServerTest(
    'Ava confirms her two pickups: the mug at once, the growler after a wrong code',
    async ({ page }) => {
      // The mug needs no code: Confirm Pickup completes it.
      await page.goto(passUrl('/orderdetails/9012', TOKENS.avaBrew, { type: 'products' }));
      const mug = page.getByRole('listitem', { name: MUG });
      await mug.getByRole('button', { name: `Confirm Pickup: ${MUG}` }).click();
      const completed = page.getByRole('dialog', { name: 'Your Pickup Is Completed!' });
      await expect(completed).toContainText(`${MUG} has been picked up.`);
      await expectNoSeriousA11yViolations(page);
      await completed.getByRole('button', { name: 'Done' }).click();
      await expect(completed).toBeHidden();
      await expect(mug.getByRole('alert')).toContainText(DONE_MESSAGE);
      await expect(mug.getByRole('alert')).toBeFocused();
      await expect(mug.getByRole('button', { name: /Confirm Pickup/ })).toHaveCount(0);

      // The growler: the venue's code, entered by the bartender.
      await page.goto(passUrl('/orderdetails/9011', TOKENS.avaBrew, { type: 'products' }));
      const growler = page.getByRole('listitem', { name: GROWLER });
      await growler.getByRole('button', { name: `Confirm Pickup: ${GROWLER}` }).click();
      const pad = page.getByRole('dialog', { name: 'Enter Validation Code' });
      await expect(pad.getByText(HELP)).toBeVisible();
      await enterCode(pad, '0000');
      await expect(pad.getByRole('alert')).toContainText('That code is not correct. Please try again.');
      await expect(pad.getByText('0 of 4 digits entered')).toBeAttached();
      await enterCode(pad, '4821');
      await expect(pad).toBeHidden();
      await expect(page.getByRole('dialog', { name: 'Your Pickup Is Completed!' })).toBeVisible();
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(growler.getByRole('alert')).toContainText(DONE_MESSAGE);

      // Neither waits any longer, in the order history or the rewards history.
      await page.goto(passUrl('/orderhistory', TOKENS.avaBrew));
      await expect(page.getByRole('heading', { name: 'Order #9012' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Pending Pickup/ })).toHaveCount(0);
      await page.goto(passUrl('/account/rewards', TOKENS.avaBrew));
      await expect(page.getByText('Claimed Growler Fill at Anchor & Oar')).toBeVisible();
      await expect(page.getByRole('link', { name: /Pending Pickup/ })).toHaveCount(0);
    },
  );

  ownServerTest('Sam enters his shipping address on the order', async ({ page }) => {
    await page.goto(passUrl('/orderdetails/9007', TOKENS.samStaff, { type: 'products' }));
    const glasses = page.getByRole('listitem', { name: 'Lakeshore Pint Glass Set' });
    await expect(glasses.getByText(SHIPPING_PROMPT)).toBeVisible();
    await glasses.getByRole('button', { name: 'Edit shipping address for Lakeshore Pint Glass Set' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Shipping Information' });
    await form.getByRole('textbox', { name: /Street Address/ }).fill('12 Dock Street');
    await form.getByRole('combobox', { name: /^State/ }).selectOption('WI');
    await form.getByRole('textbox', { name: /City/ }).fill('Port Alder');
    await form.getByRole('textbox', { name: /ZIP Code/ }).fill('54290');
    const saved = page.waitForResponse(
      (response) => response.url().includes('/distribution') && response.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Save Shipping Information' }).click();
    expect((await saved).status()).toBe(200);
    // Shipped to himself: his own address on the order changes, no recipient is made.
    expect((await saved).request().postDataJSON()).toMatchObject({
      distribute: false,
      customer: { first_name: 'Sam', address: '12 Dock Street' },
    });
    expect(await (await saved).json()).toMatchObject({ distribute: null, customer: { city: 'Port Alder' } });
    await expect(form).toBeHidden();
    await expect(glasses.getByText('12 Dock Street')).toBeVisible();
    await expect(glasses.getByRole('status')).toHaveText('Your shipping information was saved.');

    // Kept on the server: a reload shows it.
    await page.reload();
    await expect(
      page.getByRole('listitem', { name: 'Lakeshore Pint Glass Set' }).getByText('Port Alder, WI 54290'),
    ).toBeVisible();
    await expect(page.getByText(SHIPPING_PROMPT)).toHaveCount(0);
  });
});
