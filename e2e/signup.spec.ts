import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { passUrl, TOKENS } from './support';

// Spec 2.14 with the demo's unregistered link for venue 301: 3 passes from 2 partners.
test('the sign-up page lists the partners and passes of venue 301 with https:// links', async ({ page }) => {
  await page.goto(passUrl('/signup', TOKENS.unregisteredVenue301));
  await expect(
    page.getByRole('heading', { name: 'You Need to Register for this Pass to Check-in!' }),
  ).toBeVisible();

  for (const partner of ['Visit Lakeshore', 'Northwoods Visitors Bureau']) {
    await expect(page.getByText(partner, { exact: true }).first()).toBeVisible();
  }
  for (const pass of ['Lakeshore Brew Trail', 'Lakeshore Rewards', 'Northwoods Passport']) {
    await expect(page.getByText(pass, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('Harbor Check-In Pass')).toHaveCount(0);

  const signUp = page.getByRole('link', { name: 'Sign Up Now' });
  await expect(signUp).toHaveCount(3);
  const hrefs = (await signUp.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).sort();
  // The demo's signup_url values lack a scheme; the page adds https://.
  expect(hrefs).toEqual([
    'https://northwoods.example/passport',
    'https://visitlakeshore.example/brew-trail',
    'https://visitlakeshore.example/rewards',
  ]);

  // Partner websites: `visitlakeshore.example` gains https://, `http://northwoods.example` is kept.
  const websites = await page
    .locator('a[href*="visitlakeshore.example"], a[href*="northwoods.example"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of websites) expect(href).toMatch(/^https?:\/\//);
  expect(websites.some((href) => /^https:\/\/visitlakeshore\.example\/?$/.test(href))).toBe(true);
});

test('the sign-up page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto(passUrl('/signup', TOKENS.unregisteredVenue301));
  await expect(
    page.getByRole('heading', { name: 'You Need to Register for this Pass to Check-in!' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
