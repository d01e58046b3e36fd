import { expectNoSeriousA11yViolations } from './axe';
import { expect } from './fixtures';
import { testOnOwnServer } from './own-server';
import { bottomNav, expectAt, passUrl, TOKENS } from './support';

// Opening an unread message marks it read on the server, and navigation.spec.ts counts Ava's 2 unread
// messages on the shared server: these journeys run against a server of their own (own-server.ts).
const AVA = TOKENS.avaBrew;
const TAKEOVER = 'Tap takeover this Saturday';
const PATIO = 'New stop: Driftwood Brewing Co. patio is open';

const test = testOnOwnServer();

test('Ava reads her messages: 2 unread, the XSS message shown harmless, opening one marks it read', async ({
  page,
}) => {
  // The demo payload calls alert(): any dialog at all would mean it ran.
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(passUrl('/account', AVA));
  await expect(bottomNav(page).getByRole('link', { name: 'More, 2 unread messages' })).toBeVisible();
  await page.getByRole('link', { name: 'Messages, 2 unread' }).click();
  await expectAt(page, '/account/messages', AVA);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Messages' });
  const rows = list.getByRole('button');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toHaveAccessibleName(`Unread: ${TAKEOVER}, Today`);
  await expect(rows.nth(1)).toHaveAccessibleName('Your growler fill is ready for pickup, 2 days ago');
  await expect(rows.nth(2)).toHaveAccessibleName(`Unread: ${PATIO}, 6 days ago`);
  await expect(rows.nth(3)).toHaveAccessibleName('Welcome to the Lakeshore Brew Trail!, 39 days ago');
  // The preview is text: no picture (the onerror image), no link.
  await expect(rows.nth(0)).toContainText('Claim your bonus pint');
  await expect(list.locator('img, a')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The XSS demo message, opened: text and link text only, nothing ran.
  await rows.nth(0).click();
  const takeover = page.getByRole('dialog', { name: TAKEOVER });
  await expect(takeover).toBeVisible();
  await expect(takeover).toContainText('Six guest taps at Anchor & Oar this Saturday from noon.');
  await expect(takeover.getByText('Claim your bonus pint')).toBeVisible();
  await expect(takeover.getByText('Claim your bonus pint')).not.toHaveAttribute('href', /.*/);
  await expect(takeover.locator('[onerror], script')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await takeover.getByRole('button', { name: 'Close' }).click();
  await expect(takeover).toBeHidden();
  // Read now, and the focus is back on its row.
  await expect(rows.nth(0)).toHaveAccessibleName(`${TAKEOVER}, Today`);
  await expect(rows.nth(0)).toBeFocused();
  await expect(bottomNav(page).getByRole('link', { name: 'More, 1 unread message' })).toBeVisible();

  // A message with a picture and an outside link, opened by keyboard; Escape closes it.
  await rows.nth(2).focus();
  await page.keyboard.press('Enter');
  const patio = page.getByRole('dialog', { name: PATIO });
  // The message's picture (decorative: the subject says what it is about) has loaded under the CSP.
  const picture = patio.locator('img');
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const menu = patio.getByRole('link', { name: 'See the patio menu' });
  await expect(menu).toHaveAttribute('href', 'https://driftwoodbrewing.example/patio');
  await expect(menu).toHaveAttribute('target', '_blank');
  await expect(menu).toHaveAttribute('rel', 'noopener noreferrer');
  await page.keyboard.press('Escape');
  await expect(patio).toBeHidden();
  await expect(bottomNav(page).getByRole('link', { name: 'More', exact: true })).toBeVisible();

  // The server kept it: after a reload both are read and nothing is unread.
  await page.reload();
  await expect(rows).toHaveCount(4);
  for (let index = 0; index < 4; index += 1) {
    await expect(rows.nth(index)).not.toHaveAccessibleName(/^Unread:/);
  }
  expect(alerts).toEqual([]);
});

test('Noah has no messages', async ({ page }) => {
  await page.goto(passUrl('/account/messages', TOKENS.noahEmpty));
  await expect(page.getByText('You have not received any messages...')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
