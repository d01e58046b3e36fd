import { expect, test } from './fixtures';
import { expectAt, passUrl, TOKENS } from './support';

// The signed-out direction (a page other than Login goes to Login) lives in login.spec.ts,
// which owns the signed-out link's session.

test('a signed-in link opening Login goes to Experiences, keeping t', async ({ page }) => {
  await page.goto(passUrl('/login', TOKENS.avaBrew));
  await expectAt(page, '/experiences', TOKENS.avaBrew);
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toHaveCount(0);
});
