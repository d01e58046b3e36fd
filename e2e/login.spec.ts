import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { bottomNav, expectAt, passUrl, TOKENS } from './support';

// The signed-out Brew Trail link is one server-side session: signing in binds it to Ava and
// signing out frees it again. These tests share it, so they run in this order, one at a time,
// and the file ends with the session signed out as the demo has it.
test.describe.configure({ mode: 'serial' });

const token = TOKENS.guestBrew;
const NOT_FOUND = 'We could not find this email in our logs.';

test('the signed-out link sends a page other than Login to Pass Login, keeping t', async ({ page }) => {
  await page.goto(passUrl('/account', token));
  await expectAt(page, '/login', token);
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toBeVisible();
});

test('a signed-out visitor still reaches Common Questions from Pass Login', async ({ page }) => {
  await page.goto(passUrl('/login', token));
  await page.getByRole('link', { name: 'Common Questions' }).click();
  await expectAt(page, '/support/questions', token);
  await expect(page.getByRole('heading', { name: 'Common Questions', level: 1 })).toBeVisible();
  // Signed out: no chat prompt, which needs a pass holder.
  await expect(page.getByText('Still Have Questions?')).toHaveCount(0);
});

test('Pass Login has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto(passUrl('/login', token));
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('sign in from the signed-out link, then sign out from More', async ({ page }) => {
  await page.goto(passUrl('/experiences', token));
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

  // Sign Out from More returns to Login (and frees the session for the next run).
  await bottomNav(page).getByRole('link', { name: /More/ }).click();
  await expectAt(page, '/account', token);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expectAt(page, '/login', token);
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toBeVisible();

  // Signed out for real: a fresh load of another page goes back to Login.
  await page.goto(passUrl('/experiences', token));
  await expectAt(page, '/login', token);
});
