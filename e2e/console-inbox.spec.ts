import { expectNoA11yViolations } from './axe';
import { gridRow, HOLDER_TOKENS, openConsolePage } from './console-ops-support';
import { testOnConsoleServer } from './console-server';
import {
  BREW_TRAIL_OFFER,
  CONSOLE_DESKTOP,
  DEMO_CONSOLE_OWNER,
  openOffer,
  PROVIDER_ADMIN,
  signInToConsole,
} from './console-support';
import { expect } from './fixtures';
import { passUrl } from './support';

// Issue 30 item 5 in the console: Ava's help request (about her Brew Trail Passport order) and an error her
// app reported twice reach the inbox, and each is marked handled and found again under "Handled". On a
// server of its own: the requests and reports it makes would be another journey's inbox.
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER, PROVIDER_ADMIN]);
test.use(CONSOLE_DESKTOP);

const QUESTION = 'The growler code at Anchor & Oar is not accepted.';
const ERROR_MESSAGE = 'Cannot read properties of undefined (reading "stops")';

test('inbox: a help request with its order and a grouped error report, each handled and found again', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);

  await test.step('Ava asks for help about an order, and her app reports the same error twice', async () => {
    const holder = await context.newPage();
    await holder.setViewportSize({ width: 390, height: 844 });
    await holder.goto(passUrl('/support/questions', HOLDER_TOKENS.avaBrew));
    await holder.getByRole('button', { name: 'Chat with us now' }).click();
    const form = holder.getByRole('dialog', { name: 'Need Help?' });
    await form.getByRole('combobox', { name: 'Select option' }).click();
    await holder.getByRole('option', { name: 'Brew Trail Passport' }).click();
    await form.getByRole('textbox', { name: 'Enter your request here' }).fill(QUESTION);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(holder.getByRole('dialog', { name: 'Request Sent' })).toBeVisible();

    for (const line of [41, 97]) {
      const sent = await holder.request.post(passUrl('/api/events/error', HOLDER_TOKENS.avaBrew), {
        headers: { 'X-Pass-Api-Version': '1' },
        data: {
          name: 'TypeError',
          message: ERROR_MESSAGE,
          stack: `TypeError: ${ERROR_MESSAGE}\n    at renderMap (https://example.test/pass/assets/Map-abc123.js:1:${line})\n    at App (https://example.test/pass/assets/index-def456.js:2:17)`,
          url: '/pass/map',
          session_device_id: 'device-console-e2e',
          local_device_id: 'device-console-e2e',
          release: 'e2e',
        },
      });
      expect(sent.status(), await sent.text()).toBe(204);
    }
    await holder.close();
  });

  await signInToConsole(page);
  await openOffer(page, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');

  await test.step('the help request shows with its order, is marked handled and found under Handled', async () => {
    await openConsolePage(page, 'Inbox', /^Inbox · Lakeshore Brew Trail$/);
    const request = gridRow(page, QUESTION);
    await expect(request).toContainText('Help request');
    await expect(request).toContainText('Ava Lindqvist');
    await expect(request).toContainText(/Order \d+/);
    await expectNoA11yViolations(page);

    await request.getByRole('button', { name: 'Mark handled' }).click();
    await expect(request).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Handled' }).click();
    await expect(request).toContainText(`by ${DEMO_CONSOLE_OWNER.email}`);
    // The filter is in the address: a reload keeps it.
    await page.reload();
    await expect(request.getByRole('button', { name: 'Reopen' })).toBeVisible();
  });

  await test.step('the two reports are one group of 2, its stack readable, then handled', async () => {
    await openConsolePage(page, 'Error reports', /^Error reports · Lakeshore Brew Trail$/);
    // Only a provider admin may look at the reports of no offer.
    await expect(page.getByRole('combobox', { name: 'Reports of' })).toHaveCount(0);
    const group = gridRow(page, ERROR_MESSAGE);
    await expect(group).toHaveCount(1);
    await expect(group.locator('td.column-count')).toHaveText('2');
    const stack = page.getByLabel('Stack of TypeError');
    await expect(stack).toBeHidden();
    await group.getByText('Latest report').click();
    await expect(stack).toContainText('at renderMap');
    await expectNoA11yViolations(page);

    await group.getByRole('button', { name: 'Mark handled' }).click();
    await expect(group).toHaveCount(0);
    await expect(page.getByText('No error reports with these filters.')).toBeVisible();
  });
});

// A report sent from a page of no pass (here the unregistered venue link's sign-up page) belongs to no
// partner: only Trailpass's provider admins see it, under "Reports of: No offer".
const OFFERLESS_MESSAGE = 'signup map failed to load';
const UNREGISTERED_LINK = 'demo-unreg-venue301-3Wc9kP1zR7dG5xM4';

test('a provider admin sees the error reports sent without an offer, and marks one handled', async ({
  page,
}) => {
  const sent = await page.request.post(passUrl('/api/events/error', UNREGISTERED_LINK), {
    headers: { 'X-Pass-Api-Version': '1' },
    data: {
      name: 'Error',
      message: OFFERLESS_MESSAGE,
      stack: `Error: ${OFFERLESS_MESSAGE}\n    at SignUp (https://example.test/pass/assets/SignUp-abc123.js:1:9)`,
      url: '/pass/signup',
      session_device_id: 'device-console-e2e',
      local_device_id: 'device-console-e2e',
      release: 'e2e',
    },
  });
  expect(sent.status(), await sent.text()).toBe(204);

  await signInToConsole(page, PROVIDER_ADMIN);
  await openConsolePage(page, 'Error reports', /^Error reports · /);
  const group = gridRow(page, OFFERLESS_MESSAGE);
  // Not among the open offer's reports.
  await expect(page.getByText('No error reports with these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Reports of' }).click();
  await page.getByRole('option', { name: 'No offer (provider admins only)' }).click();
  await expect(group).toHaveCount(1);
  await expect(group.locator('td.column-count')).toHaveText('1');
  await expectNoA11yViolations(page);

  await group.getByRole('button', { name: 'Mark handled' }).click();
  await expect(group).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Handled' }).click();
  await expect(group).toContainText(`by ${PROVIDER_ADMIN.email}`);
});
