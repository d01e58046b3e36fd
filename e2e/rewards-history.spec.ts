import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectAt, passUrl, TOKENS } from './support';

// My Rewards History (spec 2.10) on the demo as imported. Nothing here changes data. Journeys that run at
// the same time may add entries to Ava's Brew Trail history (a redemption credits points), so only the
// imported entries are checked, not the whole list or its first row.
const AVA_REWARDS = 'demo-ava-rewards-3Hk8sW2qZ6yB5nC0';

/** MMM D, YYYY (spec 9) of the day `days` from now, or either neighbour (the import ran at some hour). */
function pointsDate(days: number): string {
  const candidates = [-1, 0, 1].map((shift) =>
    new Date(Date.now() + (days + shift) * 86_400_000).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }),
  );
  return `(${candidates.join('|')})`;
}

test('Ava on the Brew Trail: every deal’s history with its deal, the expiry list, and Pending Pickup to the growler', async ({
  page,
}) => {
  await page.goto(passUrl('/account', TOKENS.avaBrew));
  await page.getByRole('link', { name: 'Rewards History' }).click();
  await expectAt(page, '/account/rewards', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards History' })).toBeVisible();

  const history = page.getByRole('list', { name: 'Points history' });
  const entry = (reason: string) => history.getByRole('listitem').filter({ hasText: reason });
  // Deal 201, 202 and 203's entries, each named with its deal.
  await expect(entry('Welcome bonus for activating your Brew Trail Passport')).toContainText('+200');
  await expect(entry('Welcome bonus for activating your Brew Trail Passport')).toContainText('Balance 200');
  await expect(entry('Points expired at the end of the Harbor Hops Summer Challenge')).toContainText(
    'Harbor Hops Summer Challenge',
  );
  await expect(entry('Points expired at the end of the Harbor Hops Summer Challenge')).toContainText('-65');
  await expect(entry('Checked in at Birch Harbor Coffee Roasters')).toContainText('Lakeshore Coffee Crawl');
  await expect(entry('Claimed Brew Trail Tee (M)')).toContainText(
    new RegExp(`Brew Trail Passport.*${pointsDate(-15)}`),
  );
  await expect(entry('Claimed Brew Trail Tee (M)').getByRole('link')).toHaveCount(0);
  await expect(history.getByRole('link', { name: /Pending Pickup/ })).toHaveCount(2);

  // When Do My Points Expire?, closed until asked.
  const toggle = page.getByRole('button', { name: 'When Do My Points Expire?' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const region = page.getByRole('region', { name: 'When Do My Points Expire?' });
  await expect(region.getByRole('listitem')).toHaveText([
    new RegExp(`^Brew Trail PassportValid until ${pointsDate(45)}$`),
    new RegExp(`^Harbor Hops Summer ChallengeExpired ${pointsDate(-5)}$`),
    'Lakeshore Coffee CrawlNo expiry date',
  ]);
  await expectNoSeriousA11yViolations(page);

  const growler = entry('Claimed Growler Fill at Anchor & Oar');
  await expect(growler).toContainText('-80');
  await expect(growler).toContainText('Balance 185');
  await growler.getByRole('link', { name: 'Pending Pickup, Order #9011' }).click();
  await expectAt(page, '/orderdetails/9011', TOKENS.avaBrew);
  expect(new URL(page.url()).searchParams.get('type')).toBe('products');
  await expect(
    page.getByRole('button', { name: 'Confirm Pickup: Growler Fill at Anchor & Oar' }),
  ).toBeVisible();
});

test('Ava on Lakeshore Rewards: the next 50 points to expire in 15 days, and the tumbler not yet shipped', async ({
  page,
}) => {
  await page.goto(passUrl('/rewards', AVA_REWARDS));
  await page.getByRole('link', { name: /points, see history$/ }).click();
  await expectAt(page, '/account/rewards', AVA_REWARDS);
  await expect(page.getByText(new RegExp(`^50 points expire on ${pointsDate(15)}$`))).toBeVisible();
  const tumbler = page.getByRole('listitem').filter({ hasText: 'Claimed Insulated Tumbler' });
  await expect(tumbler).toContainText('Lakeshore Rewards Club');
  await expect(tumbler).toContainText('-450');
  await expect(tumbler).toContainText('Balance 1,100');
  // Shipped, not picked up: nothing to collect.
  await expect(page.getByRole('link', { name: /Pending Pickup/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'When Do My Points Expire?' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The tumbler's order: shipped to Ava, not yet sent, so its address can still be edited.
  await page.goto(passUrl('/orderdetails/9009', AVA_REWARDS, { type: 'products' }));
  const line = page.getByRole('listitem', { name: 'Insulated Tumbler' });
  await expect(line.getByText('742 Birch Lane')).toBeVisible();
  await expect(
    line.getByRole('button', { name: 'Edit shipping address for Insulated Tumbler' }),
  ).toBeVisible();
  await expect(line.getByText('This item has been shipped or picked up')).toHaveCount(0);
});

test('Harper: one deal, so one expiry line, and no history yet', async ({ page }) => {
  await page.goto(passUrl('/account/rewards', TOKENS.harperCheckIn));
  await expect(
    page.getByText(new RegExp(`^Your Harbor Town Check-In points are valid until ${pointsDate(90)}\\.$`)),
  ).toBeVisible();
  await expect(page.getByText('You dont have any rewards history.')).toBeVisible();
  // A gamified pass: no link to Rewards in the empty state.
  await expect(page.getByRole('link', { name: 'Browse Rewards' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('Noah has no rewards history', async ({ page }) => {
  await page.goto(passUrl('/account/rewards', TOKENS.noahEmpty));
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards History' })).toBeVisible();
  await expect(page.getByText('You dont have any rewards history.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'When Do My Points Expire?' })).toBeVisible();
});
