import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { bottomNav, expectAt, passUrl, TOKENS } from './support';

// Ava on Lakeshore Rewards (demo pass links): the points offer.
const AVA_REWARDS = 'demo-ava-rewards-3Hk8sW2qZ6yB5nC0';
const EMPTY =
  'There are no additional rewards available at this time. Please check back later to see if this page has been updated.';
// MMM D, YYYY of a date the demo sets relative to the import.
const UNTIL = /^Redeem prizes using points until [A-Z][a-z]{2} \d{1,2}, \d{4}$/;
const EXPIRED = /^Points expired on [A-Z][a-z]{2} \d{1,2}, \d{4}$/;

const rewardCard = (page: Page, name: string): Locator => page.getByRole('link', { name, exact: true });

test('Ava on the Brew Trail: deal selector in rewards order, 205 points, a size sold out and a hoodie out of reach', async ({
  page,
}) => {
  await page.goto(passUrl('/experiences', TOKENS.avaBrew));
  await bottomNav(page).getByRole('link', { name: 'Rewards' }).click();
  await expectAt(page, '/rewards', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
  await expect(page.getByRole('link', { name: '205 points, see history' })).toBeVisible();

  const selector = page.getByRole('combobox', { name: 'Deal' });
  await expect(selector.getByRole('option')).toHaveText([
    'Brew Trail Passport',
    'Harbor Hops Summer Challenge',
    'Lakeshore Coffee Crawl',
  ]);
  await expect(selector).toHaveValue('201');
  await expect(page.getByText(UNTIL)).toBeVisible();

  const tee = rewardCard(page, 'Brew Trail Tee');
  await expect(tee).toContainText('From 120 points');
  await expect(tee).toContainText('M sold out');
  await expect(tee).not.toContainText('Not enough points');
  await expect(rewardCard(page, 'Lakeshore Trail Hoodie')).toContainText('Not enough points');
  await expect(rewardCard(page, 'Growler Fill at Anchor & Oar')).not.toContainText('Not enough points');
  await expectNoSeriousA11yViolations(page);

  // Deal 202 has expired; the choice stays in the URL, so a reload keeps it.
  await selector.selectOption('202');
  await expect(page).toHaveURL(/[?&]dealId=202(&|$)/);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(rewardCard(page, 'Harbor Hops Koozie')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Deal' })).toHaveValue('202');
  await expect(rewardCard(page, 'Harbor Hops Koozie')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('t')).toBe(TOKENS.avaBrew);

  // Deal 203 has no date: no note.
  await page.getByRole('combobox', { name: 'Deal' }).selectOption('203');
  await expect(rewardCard(page, 'Coffee Crawl Mug')).toBeVisible();
  await expect(page.getByText(/Redeem prizes using points|Points expired/)).toHaveCount(0);

  // The chip leads to the points history.
  await page.getByRole('link', { name: /points, see history$/ }).click();
  await expectAt(page, '/account/rewards', TOKENS.avaBrew);
});

test('Ava on Lakeshore Rewards: no selector, 1200 points, what she can and cannot claim, the towel sold out', async ({
  page,
}) => {
  await page.goto(passUrl('/rewards', AVA_REWARDS));
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
  await expect(page.getByRole('link', { name: '1,200 points, see history' })).toBeVisible();
  await expect(page.getByText(UNTIL)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rewards' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Deal' })).toHaveCount(0);

  for (const [name, points] of [
    ['Insulated Tumbler', '450 points'],
    ['Lighthouse Sunset Cruise for Two', '1,000 points'],
    ['Lakeshore Getaway Night', 'From 1,100 points'],
  ] as const) {
    await expect(rewardCard(page, name)).toContainText(points);
    await expect(rewardCard(page, name)).not.toContainText(/Not enough points|Sold out/);
  }
  await expect(rewardCard(page, 'Kayak Day Rental')).toContainText('1,500 points');
  await expect(rewardCard(page, 'Kayak Day Rental')).toContainText('Not enough points');
  await expect(rewardCard(page, 'Lakeshore Beach Towel')).toContainText('Sold out');
  await expectNoSeriousA11yViolations(page);

  await rewardCard(page, 'Insulated Tumbler').click();
  await expectAt(page, '/rewards/product/1210', AVA_REWARDS);
});

test('Harper on the Check-In pass: the empty rewards alert', async ({ page }) => {
  await page.goto(passUrl('/rewards', TOKENS.harperCheckIn));
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(EMPTY);
  await expect(page.getByRole('combobox', { name: 'Deal' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
