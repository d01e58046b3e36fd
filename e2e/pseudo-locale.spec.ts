import { expect, test } from './fixtures';
import {
  collectServerStrings,
  overflowsHorizontally,
  type ServerStrings,
  serverTextMatcher,
  type TextFinding,
  visibleTexts,
} from './language-support';
import { passUrl, TOKENS } from './support';

// Issue 32 item 5 (decision 0050): the holder's pages in the pseudo-locale (`?lang=en-XA`: every interface
// string accented, about 40 % longer, between [ and ]). A visible text in plain English letters that the
// server did not send is a string that does not come from the catalogue; a page wider than the phone, or a
// button whose text runs out of it, is a layout that breaks on longer text. Every offender of every page is
// listed before the journey fails. Read-only pages: the run's shared server.

/** Accented letters and the delimiters of the pseudo-locale (i18n/pseudo.ts). */
const PSEUDO_MARK = /[\u00c0-\u024f\u1e00-\u1eff\u0280-\u02af[\]]/;
/** A word in plain letters: two or more ASCII letters. */
const ENGLISH_WORD = /[A-Za-z]{2,}/;
/** What is no interface string: units of the distances, the brand. */
const NOT_INTERFACE = [/^[\d.,\s]*(mi|km)$/, /^Trailpass$/];

const PAGES: [string, string, Record<string, string>?][] = [
  ['Experiences', '/experiences'],
  ['Explore', '/explore'],
  ['a deal', '/experiences/deal/201'],
  ['a product', '/experiences/deal/201/product/507'],
  ['a venue', '/experiences/venue/302'],
  ['Rewards', '/rewards'],
  ['a reward', '/rewards/product/1203'],
  ['Bag', '/cart'],
  ['Order History', '/orderhistory'],
  ['Order Details', '/orderdetails/9012', { type: 'products' }],
  ['More', '/account'],
  ['Messages', '/account/messages'],
  ['Manage Subscriptions', '/subscriptions'],
  ['Rewards History', '/account/rewards'],
  ['Common Questions', '/support/questions'],
];

interface Offences {
  english: TextFinding[];
  clipped: TextFinding[];
  overflow: string | null;
}

async function offences(page: import('@playwright/test').Page, server: ServerStrings): Promise<Offences> {
  // The page settles: no request left, the loading bar gone.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.tp-loadbar')).toHaveCount(0);
  await server.settled();
  const isServerText = serverTextMatcher(server.strings);
  const { texts, clipped } = await visibleTexts(page);
  const english = texts.filter(
    ({ text }) =>
      ENGLISH_WORD.test(text) &&
      !PSEUDO_MARK.test(text) &&
      !NOT_INTERFACE.some((pattern) => pattern.test(text)) &&
      !isServerText(text),
  );
  const wide = await overflowsHorizontally(page);
  return {
    english,
    clipped,
    overflow: wide ? `${wide.scrollWidth} px wide in ${wide.clientWidth} px` : null,
  };
}

function report(name: string, found: Offences): string[] {
  return [
    ...found.english.map(({ text, where }) => `${name}: English text "${text}" in ${where}`),
    ...found.clipped.map(({ text, where }) => `${name}: button text "${text}" does not fit ${where}`),
    ...(found.overflow ? [`${name}: the page overflows horizontally, ${found.overflow}`] : []),
  ];
}

test('every holder page is pseudo-localised, and none breaks on longer text', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const server = collectServerStrings(page);
  const problems: string[] = [];

  for (const [name, path, query = {}] of PAGES) {
    await page.goto(passUrl(path, TOKENS.avaBrew, { ...query, lang: 'en-XA' }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    problems.push(...report(name, await offences(page, server)));
  }

  // A dialog: the code pad of the brewery tour (closed again: nothing is redeemed).
  await page.goto(passUrl('/experiences/deal/201/product/507', TOKENS.avaBrew));
  await page
    .getByRole('button', { name: /^\[Ŕéé?ď/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...report('the code pad', await offences(page, server)));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Pass Login, through the public signed-out link (each visitor gets a token of their own).
  await page.goto(passUrl('/login', TOKENS.guestBrew, { lang: 'en-XA' }));
  await expect(page).toHaveURL(/\/pass\/login\?/);
  problems.push(...report('Pass Login', await offences(page, server)));

  // The pseudo-locale is reached by the link alone: never saved, never offered.
  await page.goto(passUrl('/account', TOKENS.avaBrew));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');

  // The check can fail: the same page in English (another device, no ?lang=) has plain English texts.
  const english = await browser.newContext({ baseURL, locale: 'en-US' });
  const control = await english.newPage();
  const controlServer = collectServerStrings(control);
  await control.goto(passUrl('/account', TOKENS.avaBrew));
  await expect(control.locator('html')).toHaveAttribute('lang', 'en');
  expect((await offences(control, controlServer)).english.length).toBeGreaterThan(5);
  await english.close();

  expect(problems, `${problems.length} offenders:\n${problems.join('\n')}`).toEqual([]);
});

test('the pseudo-locale is never saved nor offered', async ({ page }) => {
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/pass/api/language')) puts.push(request.url());
  });
  const headers: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/pass/api/')) headers.push(request.headers()['x-pass-language']);
  });
  await page.goto(passUrl('/account', TOKENS.avaBrew, { lang: 'en-XA' }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await page.getByRole('button', { name: /^\[Ľ/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio')).toHaveCount(4);
  await expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();
  await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle');
  expect(puts).toEqual([]);
  // The server is asked for English content.
  expect(headers.filter((header) => header !== undefined && header !== 'en')).toEqual([]);
});
