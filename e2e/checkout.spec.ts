import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { test as base, bottomNav, expect, expectAt, passUrl } from './support';

// Ava on Lakeshore Rewards (offer 102, points_ratio 10, 1200 points) claims and completes the Lighthouse
// Sunset Cruise for Two (reward 1211, 1000 points, picked up only). Claiming spends her points, which other
// journeys read (rewards.spec.ts expects 1,200), so these journeys run against servers of their own, each
// on a fresh temporary database with the demo imported anew; the built app is the one the main server uses.
const AVA_REWARDS = 'demo-ava-rewards-3Hk8sW2qZ6yB5nC0';
const CRUISE = 'Lighthouse Sunset Cruise for Two';
const ROOT = resolve(import.meta.dirname, '..');
const ORDER_RECEIVED =
  'Your order has been received. You will be sent an email full of your order details. You will now be redirected to the rewards history page.';

interface OwnServer {
  baseURL: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** `npm start`'s server on a fresh database; `env` adds settings such as CART_HOLD_SECONDS. */
async function startServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-checkout-'));
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseURL}/pass/login`);
      if (response.ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error('The checkout server did not start.');
}

/** Journeys on a server with the spec's 10-minute hold. */
const test = base.extend<object, { checkoutServer: OwnServer }>({
  checkoutServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ checkoutServer }, use) => use(checkoutServer.baseURL),
});

/** Journeys on a server whose holds run out after 6 seconds (CART_HOLD_SECONDS, for tests only). */
const shortHoldTest = base.extend<object, { shortHoldServer: OwnServer }>({
  shortHoldServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object
    async ({}, use) => {
      const server = await startServer({ CART_HOLD_SECONDS: '6' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ shortHoldServer }, use) => use(shortHoldServer.baseURL),
});

test('Ava claims the sunset cruise for pickup and completes the order: 1,000 points spent, 200 left', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(passUrl('/rewards', AVA_REWARDS));
  await expect(page.getByRole('link', { name: '1,200 points, see history' })).toBeVisible();
  await page.getByRole('link', { name: CRUISE, exact: true }).click();
  await expectAt(page, '/rewards/product/1211', AVA_REWARDS);

  // ClaimReward: picked up only, so Pickup is chosen and the fixed text says so.
  await expect(page.getByRole('heading', { level: 1, name: CRUISE })).toBeVisible();
  await expect(page.getByText('This order will be picked up.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pickup Instructions' })).toBeVisible();
  await expect(page.getByText('Check in at the boat launch 20 minutes before departure.')).toBeVisible();
  await expect(page.getByText('1,000 points', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue To Checkout' }).click();

  // My Bag: one line, the hold counting down from 10 minutes, the totals.
  await expectAt(page, '/revieworder', AVA_REWARDS);
  await expect(bottomNav(page).getByRole('link', { name: 'My Bag, 1 item' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bag' })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Time Remaining' })).toHaveText(/^(10:00|09:[0-5]\d)$/);
  const line = page.getByRole('listitem', { name: CRUISE });
  await expect(line).toContainText('Qty 1');
  await expect(line).toContainText('Pickup');
  await expect(line).toContainText('1,000 points');
  await expect(page.getByText('Order Points Total')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The bag survives a reload (sessionStorage under the token's key).
  await page.reload();
  await expect(page.getByRole('listitem', { name: CRUISE })).toBeVisible();

  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page.getByRole('dialog')).toContainText(ORDER_RECEIVED);
  await expect(bottomNav(page).getByRole('link', { name: 'My Bag', exact: true })).toBeVisible();

  // 2 seconds later: RewardsHistory, reloaded, with the session's cart cleared.
  await expectAt(page, '/account/rewards', AVA_REWARDS);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const stored = await page.evaluate(
    (token) => window.sessionStorage.getItem(`trailpass:${token}`),
    AVA_REWARDS,
  );
  expect(stored).toBeNull();

  // Her points fell from 1,200 to 200.
  await page.goto(passUrl('/rewards', AVA_REWARDS));
  await expect(page.getByRole('link', { name: '200 points, see history' })).toBeVisible();
  await page.goto(passUrl('/revieworder', AVA_REWARDS));
  await expect(page.getByText('You dont have any items in your cart.')).toBeVisible();
});

shortHoldTest(
  'an expired hold asks for more time: Yes holds it again, No lets it go and returns to Rewards',
  async ({ page }) => {
    shortHoldTest.setTimeout(60_000);
    await page.goto(passUrl('/rewards/product/1211', AVA_REWARDS));
    await page.getByRole('button', { name: 'Continue To Checkout' }).click();
    await expectAt(page, '/revieworder', AVA_REWARDS);
    await expect(page.getByRole('timer', { name: 'Time Remaining' })).toBeVisible();

    const ask = page.getByRole('dialog', { name: 'Would you like more time?' });
    await expect(ask).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Your Order Has Expired', { exact: true })).toBeVisible();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('timer', { name: 'Time Remaining' })).toHaveText(/^00:0[0-6]$/);
    await expect(page.getByRole('listitem', { name: CRUISE })).toBeVisible();

    await expect(ask).toBeVisible({ timeout: 15_000 });
    await ask.getByRole('button', { name: 'No' }).click();
    await expectAt(page, '/rewards', AVA_REWARDS);
    await expect(bottomNav(page).getByRole('link', { name: 'My Bag', exact: true })).toBeVisible();
    // Nothing was spent.
    await expect(page.getByRole('link', { name: '1,200 points, see history' })).toBeVisible();
  },
);
