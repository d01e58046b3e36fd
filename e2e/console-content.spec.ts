import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { expectNoA11yViolations } from './axe';
import { HOLDER_TOKENS, openConsolePage, signInElsewhere } from './console-ops-support';
import { testOnConsoleServer } from './console-server';
import {
  BREW_TRAIL_OFFER,
  CONSOLE_DESKTOP,
  CONSOLE_VIEWER,
  DEMO_CONSOLE_OWNER,
  openOffer,
  signInToConsole,
} from './console-support';
import { expect } from './fixtures';
import { passUrl } from './support';

// Issue 31 item 3 in the console: quick edits of an offer's content without an import file, each seen
// where holders meet it. A venue's new check-in code (the old one refused on Ava's PIN pad), a reward's
// points price and stock on her Rewards page, a deal's date, and a preview link opened. On a server of its
// own: it changes a venue code, prices, stock and a date that other journeys read.
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER, CONSOLE_VIEWER]);
test.use(CONSOLE_DESKTOP);

/** Ava's Brewery Tour for Two at Driftwood Brewing Co. (venue 302, code 1357 in the demo). */
const TOUR_PAGE = '/experiences/deal/201/product/507';

async function openContent(page: Page): Promise<void> {
  await signInToConsole(page);
  await openOffer(page, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');
  await openConsolePage(page, 'Content', /^Content · Lakeshore Brew Trail$/);
}

async function enterCode(pad: Locator, code: string): Promise<void> {
  for (const digit of code) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'Continue' }).click();
}

/** A row of one tab's table ("Rewards of Lakeshore Brew Trail") by the text it holds. */
const tableRow = (page: Page, tab: string, text: string | RegExp) =>
  page
    .getByRole('table', { name: `${tab} of Lakeshore Brew Trail` })
    .getByRole('row')
    .filter({ hasText: text });

/** A reward's card on the holder's Rewards page. */
const rewardCard = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test('a venue’s new check-in code: the old code is refused on the PIN pad, the new one redeems', async ({
  page,
  context,
}) => {
  // The console and the holder's pass, side by side with another console journey on two cores.
  test.setTimeout(120_000);
  await openContent(page);

  await test.step('the page and the question are accessible; a shared venue’s code stays', async () => {
    await expect(page.getByRole('tab', { name: /^Rewards/, selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Growler Fill at Anchor & Oar' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('tab', { name: /^Venues/ }).click();
    await expect(page).toHaveURL(/[?&]tab=venues(&|$)/);
    // Anchor & Oar is a venue of Northwoods Passport (another partner) too.
    await expect(
      page.getByRole('button', { name: 'New check-in code for Anchor & Oar Brewing' }),
    ).toBeDisabled();
    await expectNoA11yViolations(page);
  });

  let code = '';
  await test.step('Driftwood gets a new code, shown once', async () => {
    const open = page.getByRole('button', { name: 'New check-in code for Driftwood Brewing Co.' });
    await open.click();
    const question = page.getByRole('dialog', { name: 'New check-in code for Driftwood Brewing Co.?' });
    await expect(question).toContainText('stops working at once');
    await expect(question).toContainText('cannot be undone');
    await expectNoA11yViolations(page);

    const own = question.getByRole('textbox', { name: 'Choose the code yourself' });
    await own.fill('13');
    await question.getByRole('button', { name: 'Change code' }).click();
    await expect(question.getByText('A check-in code is 4 digits, like 4821.')).toBeVisible();
    // The server refuses the code it has now.
    await own.fill('1357');
    await question.getByRole('button', { name: 'Change code' }).click();
    await expect(
      question.getByText('That is the venue’s current code: choose another.').first(),
    ).toBeVisible();
    // Empty: the server chooses.
    await own.fill('');
    await question.getByRole('button', { name: 'Change code' }).click();

    const shown = page.getByRole('dialog', { name: 'New check-in code for Driftwood Brewing Co.' });
    await expect(shown).toContainText('shown only this once');
    code = ((await shown.getByTestId('new-venue-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{4}$/);
    expect(code).not.toBe('1357');
    await expectNoA11yViolations(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  await test.step('on Ava’s pass, 1357 is refused and the new code redeems the tour', async () => {
    const holder = await context.newPage();
    await holder.goto(passUrl(TOUR_PAGE, HOLDER_TOKENS.avaBrew));
    await expect(holder.getByRole('heading', { level: 2, name: 'Brewery Tour for Two' })).toBeVisible();
    await holder.getByRole('button', { name: 'Redeem', exact: true }).click();
    const pad = holder.getByRole('dialog', { name: 'Enter Validation Code' });
    await enterCode(pad, '1357');
    await expect(pad.getByRole('alert')).toContainText('That code is not correct. Please try again.');
    await expect(pad.getByText('0 of 4 digits entered')).toBeAttached();
    await enterCode(pad, code);
    await expect(pad).toBeHidden();
    await expect(holder.getByRole('status').filter({ hasText: 'Redeemed' })).toBeVisible();
    await holder.close();
  });
});

test('a reward’s points price and stock reach Ava’s Rewards page; a deal gets a date', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const holder = await context.newPage();
  await holder.goto(passUrl('/rewards', HOLDER_TOKENS.avaBrew));
  await expect(rewardCard(holder, 'Growler Fill at Anchor & Oar')).toContainText('80 points');
  await expect(rewardCard(holder, 'Cider & Coffee Sampler')).not.toContainText(/sold out/i);

  await openContent(page);

  await test.step('the growler costs 90 points', async () => {
    const row = tableRow(page, 'Rewards', 'Growler Fill at Anchor & Oar');
    await expect(row).toContainText('80 points');
    await page.getByRole('button', { name: 'Edit Growler Fill at Anchor & Oar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Growler Fill at Anchor & Oar' });
    const price = dialog.getByRole('textbox', { name: 'Points price' });
    await expect(price).toHaveValue('80');
    await expect(price).toBeFocused();
    await price.fill('ninety');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Enter a whole number of points.')).toBeVisible();
    await price.fill('90');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('90 points');
  });

  await test.step('the sampler is out of stock', async () => {
    await page.getByRole('searchbox', { name: 'Search rewards' }).fill('sampler');
    await expect(page.getByRole('status').filter({ hasText: /^1 of \d+ rewards$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Cider & Coffee Sampler' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Cider & Coffee Sampler' });
    const limit = dialog.getByRole('switch', { name: 'Limit stock' });
    if (!(await limit.isChecked())) await limit.check();
    await dialog.getByRole('textbox', { name: 'Left', exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(tableRow(page, 'Rewards', 'Cider & Coffee Sampler')).toContainText('0 left');
    await page.getByRole('searchbox', { name: 'Search rewards' }).fill('');
  });

  await test.step('Ava’s Rewards page shows the new price and the sampler sold out', async () => {
    await holder.reload();
    await expect(rewardCard(holder, 'Growler Fill at Anchor & Oar')).toContainText('90 points');
    await expect(rewardCard(holder, 'Cider & Coffee Sampler')).toContainText(/sold out/i);
  });

  const year = new Date().getFullYear() + 1;
  await test.step('the Coffee Crawl, without a date, gets one in the partner’s time zone', async () => {
    await page.getByRole('tab', { name: /^Deals/ }).click();
    const row = tableRow(page, 'Deals', 'Lakeshore Coffee Crawl');
    await expect(row).toContainText('No date');
    await page.getByRole('button', { name: 'Change the date of Lakeshore Coffee Crawl' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the date of Lakeshore Coffee Crawl' });
    await expect(dialog).toContainText('Points already earned keep their expiry date.');
    const noDate = dialog.getByRole('checkbox', { name: 'No date' });
    await expect(noDate).toBeChecked();
    await noDate.uncheck();
    await dialog.getByLabel('Date (America/Chicago)').fill(`${year}-06-30T12:00`);
    await dialog.getByRole('button', { name: 'Save date' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText(`Jun 30, ${year}, 12:00 PM CDT`);

    // The pass reads its deals when it loads.
    await holder.goto(passUrl('/rewards', HOLDER_TOKENS.avaBrew, { dealId: '203' }));
    await expect(holder.getByRole('combobox', { name: 'Deal' })).toHaveValue('203');
    await expect(holder.getByText(`Redeem prizes using points until Jun 30, ${year}`)).toBeVisible();
    await holder.close();
  });
});

test('a preview link of a product in its deal opens the pass in preview; a viewer only reads', async ({
  page,
  browser,
  ownServer,
}) => {
  test.setTimeout(90_000);
  await openContent(page);

  await test.step('the tour’s preview link lands on its page inside deal 201', async () => {
    await page.getByRole('tab', { name: /^Products/ }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('tour for two');
    await page.getByRole('button', { name: 'Preview link for Brewery Tour for Two' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview link for Brewery Tour for Two' });
    const link = dialog.getByRole('textbox', { name: 'Preview link' });
    await expect(link).toHaveValue(/\/pass\/login\?t=/);
    await expect(dialog).toContainText(`Opens ${TOUR_PAGE}`);
    await expectNoA11yViolations(page);

    const popup = page.waitForEvent('popup');
    await dialog.getByRole('link', { name: /Open preview/ }).click();
    const preview = await popup;
    await expect
      .poll(() => new URL(preview.url()).pathname, { message: 'the preview lands on the tour' })
      .toBe(`/pass${TOUR_PAGE}`);
    await expect(preview.getByRole('heading', { level: 2, name: 'Brewery Tour for Two' })).toBeVisible();
    await preview.close();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('a viewer sees the content without a button that changes it', async () => {
    const viewer = await signInElsewhere(browser, ownServer.baseURL, CONSOLE_VIEWER);
    await openOffer(viewer, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');
    await viewer.goto('/console/content?tab=venues');
    await expect(tableRow(viewer, 'Venues', 'Driftwood Brewing Co.')).toContainText('Has a code');
    await expect(
      viewer.getByRole('button', { name: /^(Edit|New check-in code|Preview link|Change the date)/ }),
    ).toHaveCount(0);
    await viewer.context().close();
  });
});

/** Product 507's page in deal 201, as Ava sees it. */
const tourHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

test('content round trip: export, a file with an error refused, fixed, compared and applied for Ava, the old version restored, and the export uploaded again changes nothing', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openContent(page);

  let exported: Record<string, Uint8Array> = {};
  await test.step('Export content downloads the offer’s zip: pass.json and its media', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export content' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('offer-101-content.zip');
    exported = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(exported)).toContain('pass.json');
    expect(Object.keys(exported).some((name) => name.startsWith('media/'))).toBe(true);
  });

  const document = JSON.parse(strFromU8(exported['pass.json'] as Uint8Array));
  const tourIndex = document.products.findIndex((product: { id: number }) => product.id === 507);
  expect(tourIndex).toBeGreaterThanOrEqual(0);
  /** The export with the tour renamed (and `redemptions` as given), zipped with its media again. */
  const changedZip = (redemptions: unknown) => {
    const changed = structuredClone(document);
    changed.products[tourIndex].name = 'Brewery Tour for Four';
    changed.products[tourIndex].redemptions = redemptions;
    return Buffer.from(
      zipSync({ ...exported, 'pass.json': strToU8(`${JSON.stringify(changed, null, 2)}\n`) }),
    );
  };
  const dialog = page.getByRole('dialog', { name: 'Upload content' });
  const choose = (buffer: Buffer) =>
    dialog.getByLabel('File to check (.zip or .json)').setInputFiles({
      name: 'brew-trail.zip',
      mimeType: 'application/zip',
      buffer,
    });

  await test.step('a file with an error: the problem is listed by its JSON path, nothing is compared', async () => {
    await page.getByRole('button', { name: 'Upload content' }).click();
    await expect(dialog).toBeVisible();
    await choose(changedZip('two'));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog.getByRole('list', { name: 'Problems in the file' })).toContainText(
      `$.products[${tourIndex}].redemptions`,
    );
    await expect(dialog.getByRole('status')).not.toContainText('An upload would make these changes');
    await expectNoA11yViolations(page);
  });

  await test.step('fixed, the dry run shows the renamed product and nothing else', async () => {
    await choose(changedZip(document.products[tourIndex].redemptions));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toContainText('An upload would make these changes');
    await expect(status).toContainText('Changed: Brewery Tour for Four (507): name');
    await expect(dialog.getByRole('list', { name: 'Problems in the file' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  // Nothing changed yet: Ava still sees the tour under its old name.
  const holder = await context.newPage();
  const tourSeenByAva = async (name: string) => {
    await holder.goto(passUrl(TOUR_PAGE, HOLDER_TOKENS.avaBrew));
    await expect(tourHeading(holder, name)).toBeVisible();
  };
  await tourSeenByAva('Brewery Tour for Two');

  await test.step('applied after a confirmation: Ava sees the new name, her points as they were', async () => {
    // Her balance as it is (the code journey above may have added a check-in's points).
    const balance = holder.getByRole('link', { name: /^\d+ points, see history$/ });
    await holder.goto(passUrl('/rewards', HOLDER_TOKENS.avaBrew));
    const points = await balance.textContent();
    expect(points).toMatch(/^\d+ points/);
    await dialog.getByRole('button', { name: 'Apply…' }).click();
    await expect(dialog.getByRole('status')).toContainText('Apply this file to the offer’s content?');
    await dialog.getByRole('button', { name: 'Yes, apply the changes' }).click();
    await expect(dialog.getByRole('status')).toContainText(/Applied as version \d+/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await tourSeenByAva('Brewery Tour for Four');
    await holder.goto(passUrl('/rewards', HOLDER_TOKENS.avaBrew));
    await expect(balance).toHaveText(points ?? '');
  });

  const versions = page.getByRole('dialog', { name: 'Versions of the content' });
  await test.step('Versions: the content before the upload is restored after its dry run and a confirmation', async () => {
    await page.getByRole('button', { name: 'Versions' }).click();
    const table = versions.getByRole('table', { name: 'Versions of the content, newest first' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const baseline = table.getByRole('row').last();
    const baselineId = (await baseline.getByRole('cell').first().textContent())?.trim() ?? '';
    expect(baselineId).toMatch(/^\d+$/);
    await expectNoA11yViolations(page);
    await versions.getByRole('button', { name: `Restore version ${baselineId}` }).click();
    const status = versions.getByRole('status');
    await expect(status).toContainText(`Restore version ${baselineId}?`);
    await expect(status).toContainText('Changed: Brewery Tour for Two (507): name');
    await versions.getByRole('button', { name: `Yes, restore version ${baselineId}` }).click();
    await expect(status).toContainText(/Restored as version \d+/);
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').nth(1)).toContainText(`Restore of version ${baselineId}`);
    await versions.getByRole('button', { name: 'Close' }).click();
    await tourSeenByAva('Brewery Tour for Two');
  });
  await holder.close();

  await test.step('round trip: the export after the restore, uploaded, changes nothing', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export content' }).click();
    const again = await readFile(await (await downloading).path());
    await page.getByRole('button', { name: 'Upload content' }).click();
    await dialog.getByLabel('File to check (.zip or .json)').setInputFiles({
      name: 'offer-101-content.zip',
      mimeType: 'application/zip',
      buffer: again,
    });
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      'The file matches this offer’s content: an upload would change nothing.',
    );
    // The first export, taken before the upload, is the same content too.
    expect(strFromU8(unzipSync(new Uint8Array(again))['pass.json'] as Uint8Array)).toBe(
      strFromU8(exported['pass.json'] as Uint8Array),
    );
  });
});
