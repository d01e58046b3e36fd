import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectAt, passUrl, TOKENS } from './support';

test('Ava’s Experiences shows her greeting and the tab bar, with the first tab open', async ({ page }) => {
  await page.goto(passUrl('/experiences', TOKENS.avaBrew));
  await expect(page.getByRole('heading', { name: /Welcome to the Lakeshore Brew Trail/ })).toBeVisible();
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: 'This Week' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'My Pass' })).toBeVisible();
  // The unknown Carousel3D is skipped and the module without a type is only logged.
  await expect(page.getByText('You should not see this block')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a placeholder the page cannot fill shows N/A', async ({ page }) => {
  await page.goto(passUrl('/experiences', TOKENS.avaBrew));
  await expect(page.getByText('Your trail tier: N/A')).toBeVisible();
});

test('a module without a type is logged as Missing module type.', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => errors.push(message.text()));
  await page.goto(passUrl('/experiences', TOKENS.avaBrew));
  await expect(page.getByRole('tab', { name: 'This Week' })).toBeVisible();
  await expect.poll(() => errors.some((line) => line.includes('Missing module type.'))).toBe(true);
});

test('venue 301 opens its second tab from /experiences/venue/301/1, and a tab choice survives a reload', async ({
  page,
}) => {
  await page.goto(passUrl('/experiences/venue/301/1', TOKENS.avaBrew));
  await expect(page.getByRole('tab', { name: 'Beer Garden' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Live folk music every Thursday at 7 pm.')).toBeVisible();

  await page.getByRole('tab', { name: 'Taproom' }).click();
  await expect(page.getByText(/Happy hour:/)).toBeVisible();
  await expectAt(page, '/experiences/venue/301/0', TOKENS.avaBrew);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Taproom' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: /Directions/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a venue with neither an address and place id nor coordinates has no directions link', async ({
  page,
}) => {
  await page.goto(passUrl('/experiences/venue/304', TOKENS.avaBrew));
  await expect(page.getByRole('heading', { name: 'Port Alder Maritime Museum' }).first()).toBeVisible();
  await expect(page.getByText('7 Quay Street, Port Alder, WI 54290').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Directions/ })).toHaveCount(0);
});

test('a missing product image shows the default picture', async ({ page }) => {
  await page.goto(passUrl('/experiences/product/508', TOKENS.avaBrew));
  await expect(
    page.getByRole('heading', { name: 'Sunset Paddle at Lighthouse Point' }).first(),
  ).toBeVisible();
  // The hero (media/sunset-paddle.svg) is missing on purpose: the default picture stands in, and loads.
  const fallback = page.locator('img[data-fallback="true"]').first();
  await expect(fallback).toBeVisible();
  await expect(fallback).not.toHaveAttribute('src', /sunset-paddle/);
  await expect
    .poll(() => fallback.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('the product preview link shows its product page', async ({ page }) => {
  await page.goto(passUrl('/login', TOKENS.previewProduct));
  await expectAt(page, '/experiences/product/504', TOKENS.previewProduct);
  await expect(page.getByRole('heading', { name: /Free Tasting Flight/ }).first()).toBeVisible();
  // Product 504's template: every field placeholder and its custom field are filled, an unknown one is N/A.
  await expect(
    page.getByRole('heading', { name: 'Free Tasting Flight at Anchor & Oar Brewing' }),
  ).toBeVisible();
  await expect(page.getByText('Pairs with: Soft pretzel with beer cheese')).toBeVisible();
  await expect(page.getByText('Brewer’s note: N/A')).toBeVisible();
  await expect(page.getByText(/\{\{/)).toHaveCount(0);
});

test('deal 201 shows its poll: Ava has voted and sees the results', async ({ page }) => {
  await page.goto(passUrl('/experiences/deal/201', TOKENS.avaBrew));
  const poll = page.getByRole('region', { name: 'Where should the next Trivia Night be held?' });
  await expect(poll.getByText('Anchor & Oar Brewing (your vote)')).toBeVisible();
  await expect(poll.getByRole('button', { name: 'Vote' })).toHaveCount(0);
});

test('Sam votes once on the deal 201 poll and then sees the results', async ({ page }) => {
  await page.goto(passUrl('/experiences/deal/201', TOKENS.samStaff));
  const poll = page.getByRole('region', { name: 'Where should the next Trivia Night be held?' });
  const vote = poll.getByRole('button', { name: 'Vote' });
  await expect(vote).toBeDisabled();
  await poll.getByRole('radio', { name: 'Driftwood Brewing Co.' }).check();
  await vote.click();
  await expect(poll.getByText('Driftwood Brewing Co. (your vote)')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Where should the next Trivia Night be held?' })
      .getByText('Driftwood Brewing Co. (your vote)'),
  ).toBeVisible();
});
