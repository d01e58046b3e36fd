import { expectNoA11yViolations } from './axe';
import { testOnConsoleServer } from './console-server';
import {
  CONSOLE_DESKTOP,
  CONSOLE_VIEWER,
  DEMO_CONSOLE_OWNER,
  linkTo,
  signInToConsole,
  submitSignIn,
  totpCode,
  waitForMail,
} from './console-support';
import { expect } from './fixtures';

// Issue 30 item 1 in the console: the owner manages the partner's staff (add with an invitation, change a
// role, remove; the last owner stays) and turns on two-factor sign-in from My account. On a server of its
// own: it changes the partner's staff and the owner's sign-in, which other console journeys rely on.
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER, CONSOLE_VIEWER]);
test.use(CONSOLE_DESKTOP);

/** The demo's partner of the owner (demo/pass-demo.json). */
const PARTNER = 'Visit Lakeshore';
const NEWCOMER = { email: 'new.staff@demo.trailpass.example', name: 'Nia Newcomer' };
const NEWCOMER_LABEL = `${NEWCOMER.name} (${NEWCOMER.email})`;

test('the owner adds, promotes and removes staff, keeps the last owner, and turns on two-factor sign-in', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page);
  const rows = page.locator('table tbody tr');

  await test.step('the staff page lists the partner’s staff', async () => {
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Staff · ${PARTNER}` })).toBeVisible();
    await expect(rows.filter({ hasText: DEMO_CONSOLE_OWNER.email })).toContainText('(you)');
    await expect(rows.filter({ hasText: CONSOLE_VIEWER.email })).toContainText('Viewer');
    await expectNoA11yViolations(page);
  });

  await test.step('add a member by e-mail: their invitation arrives', async () => {
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a staff member to ${PARTNER}` });
    await expect(dialog).toContainText('an e-mail with a link to choose their password');
    // A slip is said on its field, and nothing is sent.
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expect(dialog.getByText('Enter a valid e-mail address.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(NEWCOMER.email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(NEWCOMER.name);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `${NEWCOMER_LABEL} is now on the staff as manager` }),
    ).toContainText('an invitation e-mail with a link to choose a password is on its way');
    await expect(rows.filter({ hasText: NEWCOMER.email })).toContainText('Manager');

    const invitation = await waitForMail(ownServer.dataDir, NEWCOMER.email, new RegExp(PARTNER));
    expect(linkTo(invitation, '/console/reset-password')).toContain('token=');
  });

  await test.step('change their role', async () => {
    await page.getByRole('button', { name: `Change the role of ${NEWCOMER_LABEL}` }).click();
    const dialog = page.getByRole('dialog', { name: `Change the role of ${NEWCOMER_LABEL}` });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows.filter({ hasText: NEWCOMER.email })).toContainText('Viewer');
  });

  await test.step('remove them after the confirmation', async () => {
    await page.getByRole('button', { name: `Remove ${NEWCOMER_LABEL}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${NEWCOMER_LABEL}?` });
    await expect(confirm).toContainText(`will no longer open ${PARTNER}’s offers`);
    // Cancel has the first focus: Enter does not remove anyone.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows.filter({ hasText: NEWCOMER.email })).toHaveCount(0);
  });

  await test.step('the only owner cannot be removed', async () => {
    await page.getByRole('button', { name: new RegExp(`^Remove .*${DEMO_CONSOLE_OWNER.email}`) }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('alert')).toContainText('A partner needs at least one owner');
    await expect(rows.filter({ hasText: DEMO_CONSOLE_OWNER.email })).toHaveCount(1);
  });

  let totpURI = '';
  await test.step('turn on two-factor sign-in from My account', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Off:' })).toBeVisible();
    await expectNoA11yViolations(page);
    const password = page.getByLabel(/^Password/);
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid password/i);
    await password.fill(DEMO_CONSOLE_OWNER.password);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

    const setupLink = page.getByRole('textbox', { name: 'Setup link' });
    await expect(setupLink).toHaveValue(/^otpauth:\/\/totp\//);
    totpURI = await setupLink.inputValue();
    await expect(
      page.getByRole('list', { name: '2. Keep your backup codes' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(totpURI));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'On:' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();
  });

  await test.step('signing in now asks for the code', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await submitSignIn(page, DEMO_CONSOLE_OWNER.email, DEMO_CONSOLE_OWNER.password);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Enter your authentication code' }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(totpURI));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Holders · / })).toBeVisible();
  });

  await test.step('and turning it off takes the password', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'On:' })).toBeVisible();
    await page.getByLabel(/^Password/).fill(DEMO_CONSOLE_OWNER.password);
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Off:' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  });
});

test('a viewer has no staff page in the menu, and the page says it is the owners’', async ({ page }) => {
  await signInToConsole(page, CONSOLE_VIEWER);
  await expect(page.getByRole('menuitem', { name: 'Holders' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toHaveCount(0);
  await page.goto('/console/staff');
  await expect(page.getByText(`Only the owners of ${PARTNER} manage its staff.`)).toBeVisible();
});
