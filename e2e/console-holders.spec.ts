import { expectNoA11yViolations } from './axe';
import { openCreateForm } from './console-ops-support';
import { testOnConsoleServer } from './console-server';
import {
  BREW_TRAIL_OFFER,
  CONSOLE_DESKTOP,
  DEMO_CONSOLE_OWNER,
  holderRows,
  openOffer,
  signInToConsole,
  waitForMail,
} from './console-support';
import { expect } from './fixtures';

// Issue 30 items 2 and 6 in the console, as one signed-in staff member's morning: find holders, add one,
// give them a pass link and replace it, correct their points, read it all back in the audit log. On a
// server of its own, as it adds a holder and changes links and points that other journeys read.
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER]);
test.use(CONSOLE_DESKTOP);

/** The demo's Lakeshore Brew Trail holders (demo/pass-demo.json), by name. */
const BREW_TRAIL_HOLDERS = ['Ava Lindqvist', 'Noah Empty', 'Sam Staff'];

test('holders: search and page, add one, rotate, e-mail and revoke their link, adjust points, read the audit log', async ({
  page,
  context,
  ownServer,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page);
  // The open offer is remembered across a reload (react-admin's store).
  await openOffer(page, /Lakeshore Rewards$/, 'Lakeshore Rewards');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Holders · Lakeshore Rewards' })).toBeVisible();
  await openOffer(page, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');

  await test.step('the list is sorted, paged and searched by the server', async () => {
    const rows = holderRows(page);
    await expect(rows).toHaveCount(BREW_TRAIL_HOLDERS.length);
    await expect(rows.first()).toContainText(BREW_TRAIL_HOLDERS[0] as string);
    await expectNoA11yViolations(page);

    // Two a page: the second page has the third holder only.
    await page.goto('/console/holders?page=2&perPage=2&sort=name&order=ASC');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(BREW_TRAIL_HOLDERS[2] as string);
    await expect(page.getByText('3-3 of 3')).toBeVisible();

    // Sorted the other way, from the column header.
    await page.goto('/console/holders?page=1&perPage=25&sort=name&order=ASC');
    await page.getByRole('button', { name: 'Name' }).click();
    await expect(rows.first()).toContainText(BREW_TRAIL_HOLDERS[2] as string);

    const search = page.getByRole('textbox', { name: 'Search name or e-mail' });
    await search.fill('noah');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('noah@example.com');
    await search.fill('nobody-by-this-name');
    await expect(page.getByText('No Holders found using the current filters.')).toBeVisible();
    await search.fill('');
    await expect(rows).toHaveCount(BREW_TRAIL_HOLDERS.length);
  });

  await test.step('a new holder: the server’s field errors show on the fields, then it is created', async () => {
    await openCreateForm(page, 'Add holder', 'Add a holder to Lakeshore Brew Trail');
    await page.getByRole('textbox', { name: 'First name' }).fill('Quinn');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Console');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('quinn.console@example.com');
    await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('555-0123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Enter the number in international format, like +19205550123.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('+19205550123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quinn Console' })).toBeVisible();
    await expect(page.getByText('No points booked yet.')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  const holderUrl = page.url();
  let firstLink = '';

  await test.step('a pass link is made and shown once; rotating it ends the old one at once', async () => {
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create link' }).click();
    const shown = page.getByRole('dialog', { name: 'New pass link' });
    firstLink = await shown.getByRole('textbox', { name: 'Pass link' }).inputValue();
    expect(new URL(firstLink).pathname).toMatch(/^\/pass\//);
    await shown.getByRole('button', { name: 'Done' }).click();

    const holderApp = await context.newPage();
    await holderApp.goto(firstLink);
    await expect(holderApp.getByText('This pass link does not work')).toHaveCount(0);
    await expect(holderApp.getByRole('navigation').first()).toBeVisible();

    await page.getByRole('button', { name: 'Rotate link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the pass link?' });
    await expect(confirm).toContainText('The current link stops working at once');
    await confirm.getByRole('button', { name: 'Rotate link' }).click();
    const secondLink = await page
      .getByRole('dialog', { name: 'New pass link' })
      .getByRole('textbox', { name: 'Pass link' })
      .inputValue();
    expect(secondLink).not.toBe(firstLink);
    await page.getByRole('dialog', { name: 'New pass link' }).getByRole('button', { name: 'Done' }).click();

    await holderApp.goto(firstLink);
    await expect(holderApp.getByRole('heading', { name: 'This pass link does not work' })).toBeVisible();
    await holderApp.goto(secondLink);
    await expect(holderApp.getByText('This pass link does not work')).toHaveCount(0);

    // E-mailed: a link of its own in the holder's mailbox. Revoked: every link of theirs ends.
    await page.getByRole('button', { name: 'Send new link by e-mail' }).click();
    const send = page.getByRole('dialog', { name: 'Send a new link by e-mail?' });
    await expect(send).toContainText('Links the holder already has keep working');
    await send.getByRole('button', { name: 'Send link' }).click();
    await expect(send).toHaveCount(0);
    const mail = await waitForMail(ownServer.dataDir, 'quinn.console@example.com', /./);
    const mailedLink = (mail.text ?? '').match(/https?:\/\/\S+\?t=[\w-]+/)?.[0] ?? '';
    await holderApp.goto(mailedLink);
    await expect(holderApp.getByRole('navigation').first()).toBeVisible();
    await expect(holderApp.getByText('This pass link does not work')).toHaveCount(0);

    await page.getByRole('button', { name: 'Revoke link' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke the pass link?' });
    await expect(revoke).toContainText('stops working at once');
    await revoke.getByRole('button', { name: 'Revoke link' }).click();
    await expect(page.getByRole('button', { name: 'Create link' })).toBeVisible();
    for (const link of [secondLink, mailedLink]) {
      await holderApp.goto(link);
      await expect(holderApp.getByRole('heading', { name: 'This pass link does not work' })).toBeVisible();
    }
    await holderApp.close();
  });

  await test.step('adjusting points books a ledger entry with its reason', async () => {
    const open = page.getByRole('button', { name: 'Adjust points' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Adjust points' });
    await expect(dialog.getByRole('textbox', { name: 'Points' })).toBeFocused();
    // Escape closes it and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Points' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Points' }).fill('0');
    await dialog.getByRole('button', { name: 'Adjust points' }).click();
    await expect(dialog.getByText('Enter a number of points other than 0.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Points' }).fill('75');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Welcome bonus from the front desk');
    await dialog.getByRole('button', { name: 'Adjust points' }).click();
    await expect(dialog).toHaveCount(0);
    const ledger = page.getByRole('table', { name: 'Points ledger' });
    await expect(ledger.getByRole('row', { name: /Welcome bonus from the front desk/ })).toContainText('+75');
    await expect(page.getByText('75', { exact: true })).toBeVisible();
  });

  await test.step('the audit log lists the changes, filtered, with before and after', async () => {
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Audit log · / })).toBeVisible();
    const rows = page.locator('table tbody tr');
    await expect(rows.first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('textbox', { name: 'Object type' }).fill('holder');
    await expect(rows.first()).toContainText('holder');
    await expect(page.locator('table tbody')).toContainText('Quinn');
    expect(page.url()).not.toBe(holderUrl);
  });
});
