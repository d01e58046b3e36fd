import { expect } from './fixtures';
import { testOnOwnServer } from './own-server';
import { passUrl, TOKENS } from './support';

// Issue 9: a check-in made offline is queued and sent when the connection returns. Ava's check-in at
// Driftwood Brewing Co. (order product 9306, product 502, venue 302 with pin 1357, 50 points on deal 201)
// is not yet checked in in the demo. It credits her points, so it runs on a server of its own.
const AVA = TOKENS.avaBrew;
const CHECK_IN_PAGE = '/experiences/deal/201/product/502';
const CHECK_IN_NAME = 'Check in at Driftwood Brewing Co.';
const DRIFTWOOD_PIN = '1357';
const CREDIT_REASON = 'checked in at Driftwood Brewing Co.';
const WAITING = 'Waiting for a connection. Your check-in will be sent when you are back online.';

const test = testOnOwnServer();

interface HistoryEntry {
  reason_text: string;
  points: number;
}

test('Ava checks in offline with the venue’s code: it waits, is accepted once back online, and credits her points once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = { 'X-Pass-Token': AVA, 'X-Pass-Api-Version': '1' };
  const history = async (): Promise<HistoryEntry[]> => {
    const response = await request.get(
      '/pass/api/partnerUser/1001/points/history?offerId=101&dealId=201&page=1&display=1000000',
      { headers },
    );
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: HistoryEntry[] }).data;
  };
  expect((await history()).filter((entry) => entry.reason_text === CREDIT_REASON)).toEqual([]);

  // Online: her pass and the check-in's page, with the service worker in control (it serves the app's
  // files, the code pad's among them, when there is no connection).
  await page.goto(passUrl(CHECK_IN_PAGE, AVA));
  await expect(page.getByRole('heading', { level: 2, name: CHECK_IN_NAME })).toBeVisible();
  const checkIn = page.getByRole('button', { name: 'Check In', exact: true });
  await expect(checkIn).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

  // Offline at the venue: staff enter the code on her phone.
  await context.setOffline(true);
  await checkIn.click();
  const pad = page.getByRole('dialog', { name: 'Enter Validation Code' });
  await expect(pad).toBeVisible();
  await page.keyboard.type(DRIFTWOOD_PIN);
  await pad.getByRole('button', { name: 'Continue' }).click();

  // The attempt is kept: the ticket says it is waiting, with no error and no second button.
  await expect(pad).toBeHidden();
  const status = page.getByRole('status').filter({ hasText: WAITING });
  await expect(status).toBeVisible();
  await expect(checkIn).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: /could not|not correct/ })).toHaveCount(0);

  // Back online: the queued check-in is sent and the server's answer shows on the ticket.
  const sent = page.waitForResponse(
    (response) =>
      response.url().includes('/partnerUser/1001/checkIn') && response.request().method() === 'POST',
  );
  await context.setOffline(false);
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Checked in' })).toBeVisible();
  await expect(page.getByText('You earned 50 points.')).toBeVisible();
  await expect(page.getByText(WAITING)).toHaveCount(0);

  // The ledger has the check-in's credit exactly once, and a reload shows it checked in.
  const credits = (await history()).filter((entry) => entry.reason_text === CREDIT_REASON);
  expect(credits).toEqual([expect.objectContaining({ points: 50 })]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: CHECK_IN_NAME })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check In', exact: true })).toHaveCount(0);
  await expect(page.getByText(WAITING)).toHaveCount(0);
  expect((await history()).filter((entry) => entry.reason_text === CREDIT_REASON)).toHaveLength(1);
});
