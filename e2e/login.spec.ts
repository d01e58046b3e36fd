import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { bottomNav, expectAt, passUrl, TOKENS, visitorToken } from './support';

// The demo's signed-out Brew Trail link is public (decision 0022): each page that opens it gets a signed-out
// session of its own, whose token replaces t. Signing in binds only that visitor, so these tests share
// nothing and the link itself stays signed out (e2e/public-link.spec.ts shows two visitors side by side).

const NOT_FOUND = 'We could not find this email in our logs.';

/** Opens the public signed-out link at `path`: the visitor token that took the place of its t. */
async function openSignedOutLink(page: Page, path: string): Promise<string> {
  await page.goto(passUrl(path, TOKENS.guestBrew));
  return visitorToken(page);
}

test('the signed-out link sends a page other than Login to Pass Login, keeping its visitor t', async ({
  page,
}) => {
  const token = await openSignedOutLink(page, '/account');
  await expectAt(page, '/login', token);
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toBeVisible();
});

test('a signed-out visitor still reaches Common Questions from Pass Login', async ({ page }) => {
  const token = await openSignedOutLink(page, '/login');
  await page.getByRole('link', { name: 'Common Questions' }).click();
  await expectAt(page, '/support/questions', token);
  await expect(page.getByRole('heading', { name: 'Common Questions', level: 1 })).toBeVisible();
  // Signed out: no chat prompt, which needs a pass holder.
  await expect(page.getByText('Still Have Questions?')).toHaveCount(0);
});

test('Pass Login has no serious or critical accessibility violations', async ({ page }) => {
  await openSignedOutLink(page, '/login');
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('sign in from the signed-out link, then sign out from More', async ({ page }) => {
  const token = await openSignedOutLink(page, '/experiences');
  await expectAt(page, '/login', token);
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toBeVisible();

  const email = page.getByRole('textbox', { name: /e-?mail/i });
  const submit = page.getByRole('button', { name: 'Access Your Pass' });
  await expect(submit).toBeDisabled();

  // Validation (spec 5): required, at least 3 characters, an e-mail shape; the button waits for validity.
  await email.fill('ab');
  await email.blur();
  await expect(page.getByText('Min 3 characters')).toBeVisible();
  await expect(submit).toBeDisabled();
  await email.fill('');
  await email.blur();
  await expect(page.getByText('Required.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await email.fill('ava@example');
  await email.blur();
  await expect(submit).toBeDisabled();

  // Not found: an unknown e-mail, and a real user who does not hold this offer.
  for (const address of ['nobody@example.com', 'harper@example.com']) {
    await email.fill(address);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expectAt(page, '/login', token);
  }

  await email.fill('ava@example.com');
  await submit.click();
  await expectAt(page, '/experiences', token);
  await expect(bottomNav(page)).toBeVisible();

  // Sign Out from More returns to Login.
  await bottomNav(page).getByRole('link', { name: /More/ }).click();
  await expectAt(page, '/account', token);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expectAt(page, '/login', token);
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toBeVisible();

  // Signed out for real: a fresh load of another page goes back to Login.
  await page.goto(passUrl('/experiences', token));
  await expectAt(page, '/login', token);
});
