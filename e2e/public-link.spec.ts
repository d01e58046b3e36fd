import type { Page } from '@playwright/test';
import { expect, expectNoCspViolations, test } from './fixtures';
import { bottomNav, expectAt, passUrl, TOKENS, visitorToken } from './support';

// Issue 10 item 4, decision 0022: the demo's signed-out Brew Trail link is public, posted for anyone to open.
// Each visitor gets a signed-out session of their own, so one signing in never signs anyone else in.

const passLogin = (page: Page) => page.getByRole('heading', { name: 'Pass Login' });
const manifestHref = (page: Page) => page.locator('link[rel="manifest"]').getAttribute('href');

test('two people open the public signed-out link; the first signs in as Ava, the second still sees Pass Login', async ({
  page,
  browser,
}) => {
  // The first visitor: the link, then Pass Login under a token of their own (at least 128 bits).
  await page.goto(passUrl('/experiences', TOKENS.guestBrew));
  const first = await visitorToken(page);
  await expectAt(page, '/login', first);
  await expect(passLogin(page)).toBeVisible();
  expect(first.length).toBeGreaterThanOrEqual(22);

  // The second visitor, in a browser of their own (another phone): another token.
  const otherPhone = await browser.newContext();
  try {
    const second = await otherPhone.newPage();
    await second.goto(passUrl('/experiences', TOKENS.guestBrew));
    const secondToken = await visitorToken(second);
    expect(secondToken).not.toBe(first);
    await expectAt(second, '/login', secondToken);
    await expect(passLogin(second)).toBeVisible();

    // The first signs in as Ava: her pass, under the first visitor's token, which the manifest (the installed
    // app's start URL) follows too.
    await page.getByRole('textbox', { name: /e-?mail/i }).fill('ava@example.com');
    await page.getByRole('button', { name: 'Access Your Pass' }).click();
    await expectAt(page, '/experiences', first);
    await expect(bottomNav(page)).toBeVisible();
    expect(await manifestHref(page)).toContain(`t=${first}`);

    // The second still sees Pass Login, also after a reload, which keeps their own token.
    await second.reload();
    await expectAt(second, '/login', secondToken);
    await expect(passLogin(second)).toBeVisible();
    await expect(bottomNav(second)).toHaveCount(0);
    expect(await manifestHref(second)).toContain(`t=${secondToken}`);

    // Opening the public link again is a new visitor, signed out too.
    await second.goto(passUrl('/account', TOKENS.guestBrew));
    const third = await visitorToken(second);
    expect([first, secondToken]).not.toContain(third);
    await expectAt(second, '/login', third);
    await expect(passLogin(second)).toBeVisible();

    // Ava's reload keeps her signed in: the address bar has her visitor token, not the public one.
    await page.reload();
    await expectAt(page, '/experiences', first);
    await expect(bottomNav(page)).toBeVisible();
    await expectNoCspViolations(otherPhone);
  } finally {
    await otherPhone.close();
  }
});
