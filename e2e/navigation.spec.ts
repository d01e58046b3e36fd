import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bottomNav, expectAt, passUrl, TOKENS } from './support';

// Spec 2.3: the bottom navigation's tabs depend on the user, the offer and the partner.
async function tabLabels(page: Page, token: string): Promise<string[]> {
  await page.goto(passUrl('/experiences', token));
  await expectAt(page, '/experiences', token);
  const nav = bottomNav(page);
  await expect(nav).toBeVisible();
  const links = nav.getByRole('link');
  await expect(links.first()).toBeVisible();
  // Text without badge numbers: "More2" -> "More".
  return (await links.allInnerTexts()).map((text) => text.replace(/\d+/g, '').replace(/\s+/g, ' ').trim());
}

test('Ava on the Brew Trail: five tabs, More shows 2 unread messages', async ({ page }) => {
  expect(await tabLabels(page, TOKENS.avaBrew)).toEqual([
    'Experiences',
    'Explore',
    'Rewards',
    'My Bag',
    'More',
  ]);
  const more = bottomNav(page).getByRole('link', { name: /More/ });
  await expect(more).toContainText('2'); // the visible badge
  await expect(more).toHaveAccessibleName(/2 unread/);
  // Five tabs on a phone: every label is shown whole, none cut off with an ellipsis.
  const clipped = await bottomNav(page)
    .locator('.tp-bottomnav-label')
    .evaluateAll((labels) =>
      labels.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
    );
  expect(clipped).toEqual([]);
});

test('Noah: no Rewards tab', async ({ page }) => {
  expect(await tabLabels(page, TOKENS.noahEmpty)).toEqual(['Experiences', 'Explore', 'My Bag', 'More']);
});

test('Harper on partner 942: the first tab is labelled Check-In', async ({ page }) => {
  const labels = await tabLabels(page, TOKENS.harperCheckIn);
  expect(labels[0]).toBe('Check-In');
  expect(labels).not.toContain('Experiences');
  expect(labels).toEqual(expect.arrayContaining(['Explore', 'My Bag', 'More']));
});

test('page views: none for the first page, one per page change after it, stored by the server', async ({
  page,
}) => {
  const views: { route_name: string; status: number }[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/pass/api/events/page-view') {
      views.push({ route_name: response.request().postDataJSON().route_name, status: response.status() });
    }
  });
  await page.goto(passUrl('/experiences', TOKENS.avaBrew));
  await expect(bottomNav(page)).toBeVisible();
  expect(views).toEqual([]);

  const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/pass/api/events/page-view');
  await bottomNav(page).getByRole('link', { name: /^More/ }).click();
  await expectAt(page, '/account', TOKENS.avaBrew);
  expect((await stored).status()).toBe(204);
  expect(views).toEqual([{ route_name: 'More', status: 204 }]);
});
