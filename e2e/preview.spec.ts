import { expect, test } from './fixtures';
import { bottomNav, expectAt, passUrl, TOKENS } from './support';

// Spec 2.2: preview links landing on Login go to the preview target, and navigation is then
// locked to Login and the product, venue and deal routes.
const landings: { name: string; token: string; extra: Record<string, string>; path: string }[] = [
  { name: 'product preview', token: TOKENS.previewProduct, extra: {}, path: '/experiences/product/504' },
  { name: 'venue preview', token: TOKENS.previewVenue, extra: {}, path: '/experiences/venue/302' },
  {
    name: 'product preview with a preview deal',
    token: TOKENS.previewDealProduct,
    extra: {},
    path: '/experiences/deal/201/product/507',
  },
  {
    name: 'product preview with submissionVenueId',
    token: TOKENS.previewSubmission,
    extra: { submissionVenueId: '301' },
    path: '/experiences/venue/301',
  },
];

for (const { name, token, extra, path } of landings) {
  test(`${name} lands on ${path}`, async ({ page }) => {
    await page.goto(passUrl('/login', token, extra));
    await expectAt(page, path, token);
  });
}

test('preview navigation is locked: More and Rewards are blocked and the URL stays', async ({ page }) => {
  const token = TOKENS.previewProduct;
  await page.goto(passUrl('/login', token));
  await expectAt(page, '/experiences/product/504', token);
  const nav = bottomNav(page);
  await expect(nav).toBeVisible();
  const more = nav.getByRole('link', { name: /More/ });
  await expect(more).toBeVisible();
  const rewards = nav.getByRole('link', { name: /Rewards/ });
  const tabs = (await rewards.count()) > 0 ? [more, rewards] : [more]; // Rewards shows only for some offers
  for (const link of tabs) {
    await link.click();
    await page.waitForTimeout(300);
    await expectAt(page, '/experiences/product/504', token);
  }
});
