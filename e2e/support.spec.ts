import { devices } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { bottomNav, expectAt, passUrl, TOKENS } from './support';

// Sending Need Help stores a help request on the shared server; no journey or page reads them back.
const ADD_PASS = 'How do I add the pass to my phone?';
const LOCATION = 'How do I turn on location services?';
const CLOSED = 'What if a brewery is closed when I visit?';

test('Common Questions on an iPhone: the iOS guides with their pictures, plain and nested answers', async ({
  page,
}) => {
  await page.goto(passUrl('/account', TOKENS.avaBrew));
  await page.getByRole('link', { name: 'Common Questions' }).click();
  await expectAt(page, '/support/questions', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { level: 1, name: 'Common Questions' })).toBeVisible();
  await expect(bottomNav(page).getByRole('link', { name: /^More/ })).toHaveAttribute('aria-current', 'page');

  // The offer's FAQs with a question and showOnMobilePass; the unknown guide code is dropped.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    ADD_PASS,
    LOCATION,
    'How do check-ins work?',
    CLOSED,
    'Still Have Questions?',
  ]);
  await expect(page.getByText('How do I pair my smartwatch?')).toHaveCount(0);
  await expect(page.getByText(/partner invoices/)).toHaveCount(0);

  await page.getByRole('button', { name: ADD_PASS }).click();
  const addPass = page.getByRole('region', { name: ADD_PASS });
  await expect(addPass.getByText('On iPhone and iPad:')).toBeVisible();
  await expect(addPass.getByRole('listitem')).toHaveCount(4);
  await expect(addPass.getByRole('heading', { level: 3 })).toHaveText([
    'Open the Share menu',
    'Tap Add to Home Screen',
    'Name it and tap Add',
    'Your pass is on your Home Screen',
  ]);
  // The step pictures are our own files, and load under the CSP.
  const pictures = addPass.locator('img');
  await expect(pictures).toHaveCount(4);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toHaveAttribute('src', /^\/pass\/assets\/.+\.svg$/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }

  await page.getByRole('button', { name: LOCATION }).click();
  await expect(page.getByRole('region', { name: LOCATION }).getByRole('listitem')).toHaveCount(6);

  await page.getByRole('button', { name: CLOSED }).click();
  const closed = page.getByRole('region', { name: CLOSED });
  await expect(closed.getByRole('term')).toHaveText([
    'Can I check in from the parking lot?',
    'Do my points expire?',
    'Can I share one pass with a friend?',
  ]);
  await expectNoSeriousA11yViolations(page);

  // The answer's in-app link stays in the app.
  await closed.getByRole('link', { name: 'My Rewards' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/pass/rewards');
});

test.describe('on Android', () => {
  test.use({ userAgent: devices['Pixel 7'].userAgent });

  test("Common Questions shows Android's steps", async ({ page }) => {
    await page.goto(passUrl('/support/questions', TOKENS.avaBrew));
    await page.getByRole('button', { name: ADD_PASS }).click();
    const addPass = page.getByRole('region', { name: ADD_PASS });
    await expect(addPass.getByText('On Android:')).toBeVisible();
    await expect(addPass.getByRole('heading', { level: 3 })).toHaveText([
      'Open the Chrome menu',
      'Tap Install App',
      'Name it and tap Add',
      'Arrange the icon',
    ]);
  });
});

test.describe('on a desktop', () => {
  test.use({ userAgent: devices['Desktop Chrome'].userAgent });

  test('Common Questions has no phone guides', async ({ page }) => {
    await page.goto(passUrl('/support/questions', TOKENS.avaBrew));
    await expect(page.getByRole('button', { name: 'How do check-ins work?' })).toBeVisible();
    await expect(page.getByRole('button', { name: ADD_PASS })).toHaveCount(0);
    await expect(page.getByRole('button', { name: LOCATION })).toHaveCount(0);
  });
});

test('Chat with us now opens Need Help: both fields required, sent, confirmed, and the form emptied', async ({
  page,
}) => {
  await page.goto(passUrl('/support/questions', TOKENS.avaBrew));
  const chat = page.getByRole('button', { name: 'Chat with us now' });
  await chat.click();
  const form = page.getByRole('dialog', { name: 'Need Help?' });
  const option = form.getByRole('combobox', { name: 'Select option' });
  const request = form.getByRole('textbox', { name: 'Enter your request here' });
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(option).toBeFocused();
  await expect(submit).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // The choices by keyboard: My Account, each deal of the pass, Other.
  await page.keyboard.press('Enter');
  const choices = page.getByRole('listbox').getByRole('option');
  await expect(choices.first()).toHaveText('My Account');
  await expect(choices.last()).toHaveText('Other');
  await page.getByRole('option', { name: 'Brew Trail Passport' }).click();
  await expect(option).toHaveText('Brew Trail Passport');
  await expect(submit).toBeDisabled();
  await request.fill('The growler code at Anchor & Oar is not accepted.');
  await expect(submit).toBeEnabled();

  const sent = page.waitForRequest((sentRequest) => sentRequest.url().includes('/needHelp'));
  await submit.click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    question: 'The growler code at Anchor & Oar is not accepted.',
    itemSelected: 'Brew Trail Passport',
    partnerName: 'Visit Lakeshore',
    partnerUserId: 1001,
  });
  expect(typeof body.orderId).toBe('number');

  const confirmation = page.getByRole('dialog', { name: 'Request Sent' });
  await expect(confirmation).toContainText('Your request has been sent. We will get back to you soon.');
  await expect(form).toBeHidden();
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await expect(confirmation).toBeHidden();
  await expect(chat).toBeFocused();

  await chat.click();
  await expect(page.getByRole('dialog', { name: 'Need Help?' }).getByRole('textbox')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
