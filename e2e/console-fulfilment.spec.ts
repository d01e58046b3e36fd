import { expectNoA11yViolations } from './axe';
import {
  gridRow,
  gridRows,
  HOLDER_TOKENS,
  LAKESHORE_REWARDS,
  openConsolePage,
  signInElsewhere,
} from './console-ops-support';
import { testOnConsoleServer } from './console-server';
import {
  BREW_TRAIL_OFFER,
  CONSOLE_DESKTOP,
  CONSOLE_VIEWER,
  DEMO_CONSOLE_OWNER,
  openOffer,
  signInToConsole,
} from './console-support';
import { expect } from './fixtures';
import { passUrl } from './support';

// Issue 30 item 3 in the console: the demo's unsent tumbler shipped (and seen on Ava's order page), the
// growler pickup cancelled (Ava's points back), the mug marked picked up, and two staff on one item (the
// second gets the server's conflict). On a server of its own: it changes orders and points others read.
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER, CONSOLE_VIEWER]);
test.use(CONSOLE_DESKTOP);

test('fulfilment: ship with tracking, cancel with the points back, a pickup collected, a conflict, a viewer', async ({
  page,
  context,
  browser,
  ownServer,
}) => {
  // Three browser contexts and five scenarios: 55 s alone on a quiet machine, twice that beside another
  // console journey.
  test.setTimeout(180_000);
  await signInToConsole(page);

  await test.step('a viewer reads the queue without any action', async () => {
    const viewer = await signInElsewhere(browser, ownServer.baseURL, CONSOLE_VIEWER);
    await openOffer(viewer, LAKESHORE_REWARDS, 'Lakeshore Rewards');
    await viewer.goto('/console/fulfilment');
    await expect(gridRow(viewer, 'Insulated Tumbler')).toContainText('Ava Lindqvist');
    await expect(viewer.getByRole('button', { name: /Mark shipped|Mark picked up|Cancel item/ })).toHaveCount(
      0,
    );
    await viewer.context().close();
  });

  await test.step('the tumbler is shipped with its carrier and tracking, and Ava sees them', async () => {
    await openOffer(page, LAKESHORE_REWARDS, 'Lakeshore Rewards');
    await openConsolePage(page, 'Fulfilment', /^Fulfilment · Lakeshore Rewards$/);
    await expect(page.getByRole('tab', { name: 'To ship', selected: true })).toBeVisible();
    const tumbler = gridRow(page, 'Insulated Tumbler');
    await expect(tumbler).toContainText('Ava Lindqvist');
    await expectNoA11yViolations(page);

    // By keyboard: Enter opens the dialog on its first field, Escape closes it and gives focus back.
    const open = tumbler.getByRole('button', { name: 'Mark shipped' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark shipped: Insulated Tumbler' });
    await expect(dialog.getByRole('textbox', { name: 'Carrier' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog.getByText('Enter a tracking number or a tracking link.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Tracking link' }).fill('http://track.example/1Z');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog.getByText('Enter a tracking link that starts with https://.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Tracking link' }).fill('');
    await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(tumbler).toHaveCount(0);
    await expect(page.getByText('Nothing is waiting to be shipped.')).toBeVisible();
  });

  await openOffer(page, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');
  await openConsolePage(page, 'Fulfilment', /^Fulfilment · Lakeshore Brew Trail$/);

  await test.step('the pickups tab is in the address and survives a reload', async () => {
    await page.getByRole('tab', { name: 'Pickups pending' }).click();
    await expect(gridRows(page)).toHaveCount(2);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Pickups pending', selected: true })).toBeVisible();
    await expect(gridRow(page, 'Growler Fill at Anchor & Oar')).toBeVisible();
    await expectNoA11yViolations(page);
    // Searched and sorted by the server.
    const search = page.getByRole('textbox', { name: 'Search holder or reward' });
    await search.fill('mug');
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('Coffee Crawl Mug');
    await search.fill('');
    await expect(gridRows(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Reward' }).click();
    await expect(gridRows(page).first()).toContainText('Coffee Crawl Mug');
    await page.getByRole('button', { name: 'Reward' }).click();
    await expect(gridRows(page).first()).toContainText('Growler Fill at Anchor & Oar');
  });

  await test.step('cancelling the growler gives Ava her 80 points back', async () => {
    const holder = await context.newPage();
    await holder.goto(passUrl('/rewards', HOLDER_TOKENS.avaBrew));
    await expect(holder.getByRole('link', { name: '205 points, see history' })).toBeVisible();

    await gridRow(page, 'Growler Fill at Anchor & Oar').getByRole('button', { name: 'Cancel item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this item?' });
    await expect(dialog).toContainText('Ava Lindqvist gets their 80 points back');
    await expect(dialog).toContainText('returns to the stock');
    await dialog.getByRole('button', { name: 'Cancel item' }).click();
    await expect(dialog.getByText('A reason is required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The taproom is closed for the season');
    await dialog.getByRole('button', { name: 'Cancel item' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(gridRow(page, 'Growler Fill at Anchor & Oar')).toHaveCount(0);

    await holder.reload();
    await expect(holder.getByRole('link', { name: '285 points, see history' })).toBeVisible();
    await holder.close();
  });

  await test.step('the mug is marked picked up', async () => {
    await gridRow(page, 'Coffee Crawl Mug').getByRole('button', { name: 'Mark picked up' }).click();
    await page
      .getByRole('dialog', { name: 'Mark picked up?' })
      .getByRole('button', { name: 'Mark picked up' })
      .click();
    await expect(page.getByText('No pickup is pending.')).toBeVisible();
  });

  await test.step('two staff on one item: the second is told what happened and the queue is reloaded', async () => {
    await page.getByRole('tab', { name: 'To ship' }).click();
    const glass = gridRow(page, 'Lakeshore Pint Glass Set');
    await expect(glass).toContainText('Sam Staff');
    await expect(glass).toContainText('No address yet');

    const other = await signInElsewhere(browser, ownServer.baseURL, DEMO_CONSOLE_OWNER);
    await openOffer(other, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');
    await other.goto('/console/fulfilment');
    await gridRow(other, 'Lakeshore Pint Glass Set').getByRole('button', { name: 'Cancel item' }).click();
    const theirs = other.getByRole('dialog', { name: 'Cancel this item?' });
    await theirs.getByRole('textbox', { name: 'Reason' }).fill('Sam asked to cancel');
    await theirs.getByRole('button', { name: 'Cancel item' }).click();
    await expect(theirs).toHaveCount(0);
    await other.context().close();

    // This page still lists the glass: shipping it now is refused by the server.
    await glass.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark shipped: Lakeshore Pint Glass Set' });
    await dialog.getByRole('textbox', { name: 'Carrier' }).fill('USPS');
    await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('9400100000000000000000');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: /cancel/i })).toBeVisible();
    await expect(glass).toHaveCount(0);
  });

  // Last, as it reads the holder app's order page (the carrier and tracking of the item shipped above).
  await test.step('Ava’s order page shows the tumbler’s carrier and tracking number', async () => {
    const holder = await context.newPage();
    await holder.goto(passUrl('/orderdetails/9009', HOLDER_TOKENS.avaRewards, { type: 'products' }));
    const line = holder.getByRole('listitem', { name: 'Insulated Tumbler' });
    await expect(line).toContainText('UPS');
    await expect(line).toContainText('1Z999AA10123456784');
    await holder.close();
  });
});
