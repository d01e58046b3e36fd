import { expectNoA11yViolations } from './axe';
import { testOnConsoleServer } from './console-server';
import {
  CONSOLE_DESKTOP,
  CONSOLE_VIEWER,
  DEMO_CONSOLE_OWNER,
  holderRows,
  SIGN_IN_PATH,
  signInToConsole,
  submitSignIn,
} from './console-support';
import { expect } from './fixtures';

// Issue 30 item 1: the sign-in page, a wrong password, signing in and out, and what a viewer may do. One
// wrong password only (console-account.spec.ts locks an account, on a server of its own).
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER, CONSOLE_VIEWER]);
test.use(CONSOLE_DESKTOP);

test('the sign-in page is accessible and says when the password is wrong', async ({ page }) => {
  await page.goto(SIGN_IN_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoA11yViolations(page);

  await submitSignIn(page, DEMO_CONSOLE_OWNER.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText(/invalid email or password/i);
  // Still on the sign-in page, with what was typed.
  await expect(page).toHaveURL(SIGN_IN_PATH);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(DEMO_CONSOLE_OWNER.email);
});

test('a signed-out visit goes to sign-in; signing in opens the holders, signing out ends the session', async ({
  page,
}) => {
  await page.goto('/console/holders');
  await expect(page).toHaveURL(SIGN_IN_PATH);

  await signInToConsole(page);
  await expect(page.getByRole('combobox', { name: 'Offer' })).toBeVisible();

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The session is over on the server too: the console's pages send the visitor back to sign-in.
  await page.goto('/console/holders');
  await expect(page).toHaveURL(SIGN_IN_PATH);
  expect((await page.request.get('/console/api/session')).status()).toBe(401);
});

test('a viewer reads holders and the audit log, with no button that changes anything', async ({ page }) => {
  await signInToConsole(page, CONSOLE_VIEWER);
  await expect(holderRows(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add holder' })).toHaveCount(0);

  await holderRows(page).first().click();
  await expect(page.getByRole('heading', { name: 'Points ledger' })).toBeVisible();
  for (const action of [
    'Adjust points',
    'Send new link by e-mail',
    'Rotate link',
    'Create link',
    'Revoke link',
  ]) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expectNoA11yViolations(page);

  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Audit log · / })).toBeVisible();
});
