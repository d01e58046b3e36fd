import { expect, expectNoCspViolations, test } from './fixtures';
import { passUrl, TOKENS } from './support';

// The CSP watch of fixtures.ts can fail: an inline script and a javascript: URL, which the app's policy
// forbids, are recorded with their directive, what was blocked and the page, also once the page has moved
// on, in a context the journey makes itself as in the context of `page`, and they fail the journey.

test('records an inline script and a javascript: URL in a context the journey makes, with directive and page', async ({
  browser,
  baseURL,
}) => {
  const page = await browser.newPage({ baseURL });
  await page.goto(passUrl('/experiences', TOKENS.avaBrew));
  await expect(page.getByRole('heading', { name: /Hi Ava,/ })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  });
  // A javascript: URL followed, then the page left: this one is known only through the binding.
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = 'javascript:void(0)';
    document.body.append(link);
    link.click();
  });
  await expect.poll(() => page.evaluate(() => 'injected' in window)).toBe(false);
  await page.goto('/pass/api/health');

  const failure = await expectNoCspViolations(page.context()).then(
    () => null,
    (error: Error) => error.message,
  );
  // Both reached the test through the binding: the page they happened on had been left.
  const onExperiences = 'script-src-elem blocked inline on http://[^ ]+/pass/experiences\\n';
  expect(failure).toMatch(new RegExp(`^CSP violations:\\n${onExperiences}${onExperiences}\\n`));
  // The page is named without its query, which holds the token.
  expect(failure).not.toContain(TOKENS.avaBrew);
  await page.close();
});

test('fails a journey whose page violates the policy, once the journey is over', async ({ page }) => {
  // Expected to fail, by the fixture's check after the last step: passing would be the bug.
  test.fail();
  await page.goto(passUrl('/experiences', TOKENS.avaBrew));
  await expect(page.getByRole('heading', { name: /Hi Ava,/ })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  });
});
