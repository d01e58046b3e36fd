import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectAt, passUrl, TOKENS } from './support';

// The button's name and the banner both speak of clearing the locally kept cart and reward data.
const CLEAR_STORAGE = /clear.*(storage|cart)/i;

/** Opens More and collects what the app printed to the console on the way. */
async function openMore(page: Page, token: string): Promise<string[]> {
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  await page.goto(passUrl('/account', token));
  await expectAt(page, '/account', token);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  return consoleLines;
}

test('More has no serious or critical accessibility violations', async ({ page }) => {
  await openMore(page, TOKENS.avaBrew);
  await expectNoSeriousA11yViolations(page);
});

test('Sam (internal staff) sees the clear-storage button and the console banner', async ({ page }) => {
  const lines = await openMore(page, TOKENS.samStaff);
  await expect(page.getByRole('button', { name: CLEAR_STORAGE })).toBeVisible();
  await expect.poll(() => lines.some((line) => CLEAR_STORAGE.test(line))).toBe(true);
});

test('Ava (not staff) sees neither', async ({ page }) => {
  const lines = await openMore(page, TOKENS.avaBrew);
  await expect(page.getByRole('button', { name: CLEAR_STORAGE })).toHaveCount(0);
  expect(lines.filter((line) => CLEAR_STORAGE.test(line))).toEqual([]);
});

test('Request Support opens the Need Help form (no chat widget), and closes back to the button', async ({
  page,
}) => {
  await openMore(page, TOKENS.avaBrew);
  const support = page.getByRole('button', { name: 'Request Support' });
  await support.click();
  const form = page.getByRole('dialog', { name: 'Need Help?' });
  await expect(form.getByRole('combobox', { name: 'Select option' })).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'Enter your request here' })).toBeVisible();
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toBeHidden();
  await expect(support).toBeFocused();
});

// Sending stores a suggestion on the shared server; no journey or page reads them back.
test('Ava suggests an improvement: Nice to Have and Yes by default, Email Sent! once sent', async ({
  page,
}) => {
  await openMore(page, TOKENS.avaBrew);
  const open = page.getByRole('button', { name: 'Suggest Feature/Improvements' });
  await open.click();
  const form = page.getByRole('dialog', { name: 'Suggest Feature/Improvements' });
  const text = form.getByRole('textbox', { name: 'Your suggestion' });
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(text).toBeFocused();
  await expect(form.getByRole('radio', { name: 'Nice to Have' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(submit).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await text.fill('Show which stops are open now on the map.');
  await form.getByRole('radio', { name: 'Critical' }).check();
  const sent = page.waitForRequest((request) => request.url().includes('/suggestions'));
  await submit.click();
  expect((await sent).postDataJSON()).toMatchObject({
    suggestion: 'Show which stops are open now on the map.',
    priority: 'Critical',
    contactPermission: 1,
    offerId: 101,
    partnerUserId: 1001,
  });
  const confirmation = page.getByRole('dialog', { name: 'Email Sent!' });
  await expect(confirmation).toBeVisible();
  await expect(form).toBeHidden();
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(open).toBeFocused();
});

// Noah has no phone as imported; this adds one and removes it again before it ends.
test('Noah adds a phone number from his profile, sees it after a reload, and removes it', async ({
  page,
}) => {
  await openMore(page, TOKENS.noahEmpty);
  const profile = page.getByRole('region', { name: 'Your profile' });
  await profile.getByRole('button', { name: 'Add a phone number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Phone Number' });
  const phone = dialog.getByRole('textbox', { name: /Phone/ });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await phone.pressSequentially('+1 123');
  await phone.press('Tab');
  await expect(dialog.getByText('Invalid phone number')).toBeVisible();
  await expect(save).toBeDisabled();
  await phone.fill('');
  await phone.pressSequentially('9205550188');
  await expect(phone).toHaveValue('+1 920 555 0188');
  await expectNoSeriousA11yViolations(page);
  await save.click();
  await expect(page.getByText('Your phone number has been updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(profile.getByText('+1 920 555 0188')).toBeVisible();

  await page.reload();
  await expect(profile.getByText('+1 920 555 0188')).toBeVisible();
  await profile.getByRole('button', { name: 'Edit phone number' }).click();
  await expect(phone).toHaveValue('+1 920 555 0188');
  await phone.fill('');
  await save.click();
  await expect(page.getByText('Your phone number has been removed.')).toBeVisible();
  await page.reload();
  await expect(profile.getByRole('button', { name: 'Add a phone number' })).toBeVisible();
  await expect(profile.getByText(/^\+1/)).toHaveCount(0);
});
