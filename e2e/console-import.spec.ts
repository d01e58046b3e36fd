import { expectNoA11yViolations } from './axe';
import { gridRows } from './console-ops-support';
import { testOnConsoleServer } from './console-server';
import {
  BREW_TRAIL_OFFER,
  CONSOLE_DESKTOP,
  DEMO_CONSOLE_OWNER,
  holderRows,
  openOffer,
  signInToConsole,
} from './console-support';
import { expect } from './fixtures';

// Issue 30 item 2 in the console: holders imported from a CSV file, first with problems (each shown with
// its row and column, nothing added), then fixed and added all at once. On a server of its own: it adds
// holders to the Brew Trail, whose holder list other journeys count.
const test = testOnConsoleServer([DEMO_CONSOLE_OWNER]);
test.use(CONSOLE_DESKTOP);

const HEADER = 'first_name,last_name,email,phone,contact_permission';
const WITH_PROBLEMS = [
  HEADER,
  'Lena,Import,lena.import@example.com,+19205550111,yes',
  'Omar,Import,not-an-address,,no',
  'Ava,Again,ava@example.com,,',
].join('\r\n');
const FIXED = [
  HEADER,
  'Lena,Import,lena.import@example.com,+19205550111,yes',
  'Omar,Import,omar.import@example.com,,no',
].join('\r\n');

const csv = (text: string) => ({ name: 'holders.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

test('import: a CSV with problems shows them by row and column and adds none; fixed, it adds every holder', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page);
  await openOffer(page, BREW_TRAIL_OFFER, 'Lakeshore Brew Trail');
  await expect(holderRows(page)).toHaveCount(3);
  await page.getByRole('link', { name: 'Import holders' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import holders into Lakeshore Brew Trail' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  const file = page.getByLabel('CSV file of holders');
  await file.setInputFiles(csv(WITH_PROBLEMS));
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row', { name: /^3 email / })).toBeVisible();
  await expect(problems.getByRole('row', { name: /^4 email / })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add \d+ holders?$/ })).toBeDisabled();
  await expectNoA11yViolations(page);

  await file.setInputFiles(csv(FIXED));
  await expect(problems).toHaveCount(0);
  await expect(page.getByText('2 rows checked: 2 holders will be added')).toBeVisible();
  await page.getByRole('button', { name: 'Add 2 holders' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Added 2 holders to Lakeshore Brew Trail.' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'All holders' }).click();
  await expect(gridRows(page)).toHaveCount(5);
  await page.getByRole('textbox', { name: 'Search name or e-mail' }).fill('import');
  await expect(gridRows(page)).toHaveCount(2);
  await expect(gridRows(page).first()).toContainText('lena.import@example.com');
});
