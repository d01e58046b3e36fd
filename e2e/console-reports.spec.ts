import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe';
import { HOLDER_TOKENS, openConsolePage } from './console-ops-support';
import { testOnConsoleServer } from './console-server';
import {
  BREW_TRAIL_OFFER,
  CONSOLE_DESKTOP,
  DEMO_CONSOLE_OWNER,
  openOffer,
  signInToConsole,
} from './console-support';
import { expect } from './fixtures';
import { bottomNav, passUrl } from './support';

// Issue 31 item 4 in the console: an offer's reports for a range of days in the partner's time zone. Ava
// checks in at Driftwood and moves between pages of her pass; Reports on Lakeshore Brew Trail then shows her
// page views and check-in today beside the demo's points, rewards and orders, follows the range in the
// address, and downloads a report as a CSV file with the table's rows. On a server of its own: the
// check-in credits points, and the page views are counted.
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER]);
test.use(CONSOLE_DESKTOP);

/** Visit Lakeshore's zone (demo partner 1): the reports' days. */
const ZONE = 'America/Chicago';
/** Ava's check-in at Driftwood Brewing Co. (product 502, venue 302, code 1357, 50 points on deal 201). */
const CHECK_IN_PAGE = '/experiences/deal/201/product/502';
const PAGE_VIEW_PATH = '/pass/api/events/page-view';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
/** Today's calendar day in the partner's zone. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
/** A day as the console's tables show it ("Nov 28, 2026"). */
const shown = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(Date.parse(day));

/** A report's card, by its title. */
const report = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The cells of a table's body rows, as shown. */
function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

/** Rows of a report's table (its first page) whose first cell is `day`. */
async function rowsOn(page: Page, title: string, day: string): Promise<string[][]> {
  const rows = await rowsOf(report(page, title).getByRole('table'));
  return rows.filter((row) => row[0] === shown(day));
}

/** Points earned today on Lakeshore Brew Trail, as the points report's API answers it. */
async function pointsEarnedToday(page: Page): Promise<number> {
  const answer = await page.request.get(`/console/api/offers/101/reports/points?from=${today}&to=${today}`);
  expect(answer.status()).toBe(200);
  const { rows } = (await answer.json()) as { rows: { day: string; earned: number }[] };
  return rows.find((row) => row.day === today)?.earned ?? 0;
}

async function expectRange(page: Page, from: string, to: string): Promise<void> {
  await expect
    .poll(() => {
      const search = new URL(page.url()).searchParams;
      return [search.get('from'), search.get('to')];
    })
    .toEqual([from, to]);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(to);
}

test('reports show Ava’s page views and check-in today, follow the range in the address, and download as CSV', async ({
  page,
  context,
}) => {
  // A holder's pages, then every report twice: side by side with another console journey on two cores.
  test.setTimeout(120_000);
  // Signed in first: the console page's start also marks the pass's install prompt dismissed (fixtures.ts)
  // in this context's storage, which Ava's page shares.
  await signInToConsole(page);
  await openOffer(page, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');

  // The demo's own credits of today (one is dated three hours before the import, which is today or
  // yesterday in Chicago depending on the hour the run starts), read before Ava's check-in adds 50.
  const earnedBefore = await pointsEarnedToday(page);
  const views: string[] = [];
  await test.step('Ava checks in at Driftwood and moves between pages of her pass', async () => {
    const holder = await context.newPage();
    holder.on('response', (response) => {
      if (new URL(response.url()).pathname === PAGE_VIEW_PATH && response.status() === 204)
        views.push(response.request().postDataJSON().route_name);
    });
    await holder.goto(passUrl(CHECK_IN_PAGE, HOLDER_TOKENS.avaBrew));
    await expect(
      holder.getByRole('heading', { level: 2, name: 'Check in at Driftwood Brewing Co.' }),
    ).toBeVisible();
    await holder.getByRole('button', { name: 'Check In', exact: true }).click();
    const pad = holder.getByRole('dialog', { name: 'Enter Validation Code' });
    await expect(pad).toBeVisible();
    await holder.keyboard.type('1357');
    await pad.getByRole('button', { name: 'Continue' }).click();
    await expect(holder.getByRole('status').filter({ hasText: 'Checked in' })).toBeVisible();

    // The first page is not a page view; each change after it is one.
    for (const tab of ['More', 'Rewards', 'Experiences', 'More']) {
      const sent = holder.waitForResponse((r) => new URL(r.url()).pathname === PAGE_VIEW_PATH);
      await bottomNav(holder)
        .getByRole('link', { name: new RegExp(`^\\d*${tab}`) })
        .click();
      expect((await sent).status()).toBe(204);
    }
    expect(views).toEqual(['More', 'Rewards', 'Experiences', 'More']);
    await holder.close();
  });

  await test.step('Reports: today’s page views and check-in, the demo’s points, rewards and orders', async () => {
    await openConsolePage(page, 'Reports', /^Reports · Lakeshore Brew Trail$/);
    await expect(page.getByText(`Days in ${ZONE}`)).toBeVisible();
    // By default the 30 days up to today, which the address does not need to say.
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(addDays(today, -29));
    expect(new URL(page.url()).searchParams.has('from')).toBe(false);

    await expect
      .poll(() => rowsOn(page, 'Page views', today))
      .toEqual([
        [shown(today), 'Experiences', '1'],
        [shown(today), 'More', '2'],
        [shown(today), 'Rewards', '1'],
      ]);
    await expect(
      report(page, 'Page views').getByRole('img', { name: 'Page views per day, by page' }),
    ).toHaveAccessibleDescription(
      `4 page views in all. The most on ${shown(today)} (4). Most viewed page: More (2).`,
    );
    await expect
      .poll(() => rowsOn(page, 'Check-ins', today))
      .toEqual([[shown(today), '302', 'Driftwood Brewing Co.', '1']]);
    const active = report(page, 'Active holders');
    await expect(active.getByRole('definition').first()).toHaveText('1');

    // The demo's own: its rewards with what was claimed, and its completed orders.
    const rewards = await rowsOf(report(page, 'Rewards claimed').getByRole('table'));
    const reward = (name: string) => rewards.find((row) => row[1] === name);
    expect(reward('Growler Fill at Anchor & Oar')).toEqual([
      '1202',
      'Growler Fill at Anchor & Oar',
      expect.stringMatching(/^\d+$/),
      '12',
    ]);
    expect(reward('Coffee Crawl Tote')).toEqual(['1209', 'Coffee Crawl Tote', '0', 'No limit']);
    await expect(
      report(page, 'Orders')
        .getByRole('table')
        .getByRole('row', { name: /^Completed/ }),
    ).toBeVisible();
    await expect(report(page, 'Points').getByRole('img', { name: /^Points earned/ })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('the last 7 days, then a day of its own, in the address; a reload keeps it', async () => {
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expectRange(page, addDays(today, -6), today);
    await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    // Ava's check-in earned 50 points today, beside the demo's own.
    await expect
      .poll(() => rowsOn(page, 'Points', today))
      .toEqual([[shown(today), String(earnedBefore + 50), '0', '0']]);

    const yesterday = addDays(today, -1);
    await page.getByLabel('From', { exact: true }).fill(yesterday);
    await page.getByLabel('To', { exact: true }).fill(yesterday);
    await expectRange(page, yesterday, yesterday);
    await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
    await expect(report(page, 'Page views')).toContainText('No page views in this range.');
    await expect(report(page, 'Check-ins')).toContainText('No check-ins in this range.');

    // A range that ends before it starts is not read, and says why.
    await page.getByLabel('To', { exact: true }).fill(addDays(today, -2));
    await expect(
      page.getByText('The range ends before it starts: choose a “to” day on or after the “from” day.'),
    ).toBeVisible();
    await expect(page.getByText('Choose a range of days above to see the reports.')).toBeVisible();

    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('From', { exact: true }).fill(today);
    await expectRange(page, today, today);
    await page.reload();
    await expectRange(page, today, today);
    await expect
      .poll(() => rowsOf(report(page, 'Page views').getByRole('table')))
      .toEqual([
        [shown(today), 'Experiences', '1'],
        [shown(today), 'More', '2'],
        [shown(today), 'Rewards', '1'],
      ]);
  });

  await test.step('page views download as a CSV file with the table’s rows', async () => {
    const card = report(page, 'Page views');
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`offer-101-page-views-${today}-to-${today}.csv`);
    const [header, ...lines] = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(header).toBe('Day,Page,Views');
    const csvRows = lines.map((line) => {
      const [day = '', page = '', count = ''] = line.split(',');
      return [shown(day), page, count];
    });
    expect(csvRows).toEqual(await rowsOf(card.getByRole('table')));
  });

  await test.step('one report alone, in the address', async () => {
    await page.getByRole('tab', { name: 'Check-ins' }).click();
    await expect(page).toHaveURL(/[?&]report=check-ins(&|$)/);
    await expect(page.getByRole('tabpanel').getByRole('region')).toHaveCount(1);
    await expect
      .poll(() => rowsOf(report(page, 'Check-ins').getByRole('table')))
      .toEqual([[shown(today), '302', 'Driftwood Brewing Co.', '1']]);
    await expectNoA11yViolations(page);
  });
});
