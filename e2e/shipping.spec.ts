import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect } from './fixtures';
import { testOnOwnServer } from './own-server';
import { expectAt, passUrl, TOKENS } from './support';

// Sam (internal staff) on the Brew Trail: 400 points in deal 201, no address and country GB on record.
// The Lakeshore Pint Glass Set (reward 1203, 100 points) is giftable and can be shipped, and the offer
// gifts. This journey claims it and fills the shipping form; it never completes the order (checkout.spec
// does), so only a 10-minute hold is left behind: on a server of its own, so that no other journey sees it.
const SAM_EMAIL = 'sam@trailpass.example';
const SHIPPING_PATH = '/rewards/shippingInfo/product/1203';

const test = testOnOwnServer();

/** The message MUI shows under a field, found through the field's aria-describedby. */
async function fieldMessage(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
    const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
    return texts
      .join(' ')
      .replace(/\u200b/g, '')
      .trim();
  });
}

async function openShippingInfo(page: Page, token: string) {
  await page.goto(passUrl('/rewards/product/1203', token));
  await expect(page.getByRole('heading', { level: 1, name: 'Lakeshore Pint Glass Set' })).toBeVisible();
  await page.getByRole('button', { name: 'Shipped' }).click();
  await page.getByRole('button', { name: 'Go To Shipping Info' }).click();
  await expectAt(page, SHIPPING_PATH, token);
  expect(new URL(page.url()).searchParams.get('giftable')).toBe('true');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Shipping Information' })).toBeVisible();
}

test('Sam ships the pint glasses: the spec 5 messages, his own e-mail refused for a gift, then on to My Bag', async ({
  page,
}) => {
  const keepAlive = page.waitForRequest(
    (request) => request.method() === 'PUT' && /\/pass\/api\/cart\/\d+\/keepOrderAlive/.test(request.url()),
  );
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspErrors.push(message.text());
  });

  await openShippingInfo(page, TOKENS.samStaff);
  // Spec 2.7: the keep-alive call is made when the page opens; the timer counts down.
  await keepAlive;
  await expect(page.getByRole('timer')).toHaveText(/^(10:00|09:5\d)$/);

  const form = {
    firstName: page.getByRole('textbox', { name: /First Name/ }),
    lastName: page.getByRole('textbox', { name: /Last Name/ }),
    email: page.getByRole('textbox', { name: /Email/ }),
    phone: page.getByRole('textbox', { name: /Phone/ }),
    street: page.getByRole('textbox', { name: /Street Address/ }),
    city: page.getByRole('textbox', { name: /City/ }),
    country: page.getByRole('combobox', { name: /Country/ }),
    next: page.getByRole('button', { name: 'Next: Review Order' }),
  };

  // Sam's details: the names are locked, GB becomes US, the address is empty and Next waits for it.
  await expect(form.firstName).toHaveValue('Sam');
  await expect(form.firstName).toHaveAttribute('readonly', '');
  await expect(form.country).toHaveValue('US');
  await expect(form.next).toBeDisabled();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Errors appear once a field is left.
  await form.street.click();
  await form.street.press('Tab');
  await expect.poll(() => fieldMessage(form.street)).toBe('Required');
  await expect(form.street).toHaveAttribute('aria-invalid', 'true');

  await form.phone.pressSequentially('+1 123');
  await expect.poll(() => fieldMessage(form.phone)).not.toBe('Invalid phone number');
  await form.phone.press('Tab');
  await expect.poll(() => fieldMessage(form.phone)).toBe('Invalid phone number');

  // Ship to Someone Else: a blank, open recipient; Sam's own e-mail is refused.
  await page.getByRole('checkbox', { name: 'Ship to Someone Else' }).check();
  await expect(form.firstName).toHaveValue('');
  await expect(form.firstName).not.toHaveAttribute('readonly', '');
  await expect(form.phone).toHaveValue('');
  await form.firstName.click();
  await form.firstName.press('Tab');
  await expect.poll(() => fieldMessage(form.firstName)).toBe('Required');
  await form.email.fill(SAM_EMAIL);
  await form.email.press('Tab');
  await expect.poll(() => fieldMessage(form.email)).toBe('You cannot ship this to yourself');
  await form.email.fill('mia@example');
  await expect.poll(() => fieldMessage(form.email)).toBe('Enter a Valid Email');

  // A complete Canadian recipient.
  await form.firstName.fill('Mia');
  await form.lastName.fill('Berg');
  await form.email.fill('mia@example.com');
  await form.street.fill('3 Pier Road');
  await form.city.fill('Victoria');
  await form.country.selectOption('CA');
  await page.getByRole('combobox', { name: /Province/ }).selectOption('BC');
  await page.getByRole('textbox', { name: /Postal Code/ }).fill('V8W 1A1');

  // The phone's country from the searchable list; its flags are bundled pictures the CSP lets load.
  await page.getByRole('button', { name: /^Country: United States \+1/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a country' });
  await picker.getByRole('combobox', { name: 'Search countries' }).fill('canada');
  await picker.getByRole('option', { name: /Canada/ }).click();
  await expect(picker).toBeHidden();
  const countryButton = page.getByRole('button', { name: 'Country: Canada +1. Change country' });
  await expect(countryButton).toBeVisible();
  await expect
    .poll(() =>
      countryButton
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  await form.phone.pressSequentially('2505550177');
  await expect(form.phone).toHaveValue('+1 250 555 0177');

  await expect(form.next).toBeEnabled();
  // Spec 2.19: Enter in the phone field does not send the form.
  await form.phone.press('Enter');
  await expectAt(page, SHIPPING_PATH, TOKENS.samStaff);

  const update = page.waitForRequest(
    (request) => request.method() === 'PUT' && /\/pass\/api\/cart\/\d+(\?|$)/.test(request.url()),
  );
  await form.next.click();
  const body = (await update).postDataJSON();
  expect(body.distribute).toMatchObject({
    first_name: 'Mia',
    last_name: 'Berg',
    email: 'mia@example.com',
    phone: '+12505550177',
    address: '3 Pier Road',
    country: 'CA',
    state: 'BC',
    city: 'Victoria',
    zip_code: 'V8W 1A1',
  });
  await expectAt(page, '/revieworder', TOKENS.samStaff);
  expect(cspErrors).toEqual([]);

  // Back on ShippingInfo the order's recipient is there again, with the box ticked.
  await page.goto(passUrl(SHIPPING_PATH, TOKENS.samStaff, { giftable: 'true' }));
  await expect(page.getByRole('checkbox', { name: 'Ship to Someone Else' })).toBeChecked();
  await expect(form.firstName).toHaveValue('Mia');
  await expect(page.getByRole('combobox', { name: /Province/ })).toHaveValue('BC');
  await expect(form.phone).toHaveValue('+1 250 555 0177');
});

test('ShippingInfo without an item in the bag goes to Rewards', async ({ page }) => {
  await page.goto(passUrl(SHIPPING_PATH, TOKENS.avaBrew));
  await expectAt(page, '/rewards', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
});
