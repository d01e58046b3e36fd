import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, devices, type LaunchOptions, type Page } from '@playwright/test';
import { test as base, expect, expectNoCspViolations, watchCspViolations } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { passUrl, TOKENS } from './support';

// The offline pass (issue 9, decision 0021) in an installed-app setting: a persistent Chromium profile, so the
// service worker and its caches outlive a reload, as they do on a phone.
//
// It reads only, but on a server of its own: Ava's tickets count down for the first 10 minutes after the demo
// is imported (demo/README.md, Ticket timers), and the shared server is imported when the whole run starts.
// That server serves a copy of the built app, so that a new build of the worker can be put in its place.

/** support.ts's key: the add-to-home-screen dialog stays closed, so it never covers what is clicked. */
const INSTALL_PROMPT_DISMISSED_KEY = 'trailpass-install-prompt-dismissed';
const AVA_GREETING = /Hi Ava,\s*Welcome to the Lakeshore Brew Trail/;
const AVA_POINTS = '205 points, see history';

interface OfflineServer extends OwnServer {
  /** The copy of the built app it serves. */
  webDist: string;
}

const test = base.extend<object, { offlineServer: OfflineServer }>({
  offlineServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object
    async ({}, use) => {
      const webDist = mkdtempSync(join(tmpdir(), 'trailpass-offline-web-'));
      cpSync(resolve(import.meta.dirname, '../apps/web/dist'), webDist, { recursive: true });
      // Imported now: the running ticket this journey opens offline lasts 10 minutes from the import.
      const server = await startOwnServer({ WEB_DIST: webDist }, { fresh: true });
      await use({ ...server, webDist });
      await server.stop();
      rmSync(webDist, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** "09:41" or "1:02:03" as seconds. */
function seconds(countdown: string): number {
  return countdown
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/** The paths (with their query) of the API answers the worker keeps, read from Cache Storage. */
function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('trailpass-api-')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        urls.push(`${url.pathname}${url.search}`);
      }
    }
    return urls;
  });
}

/** When the worker stored its kept /data answer (its X-Trailpass-Cached-At), or 0 when it has none. */
function keptDataTime(page: Page): Promise<number> {
  return page.evaluate(async () => {
    for (const name of await caches.keys()) {
      if (!name.startsWith('trailpass-api-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname !== '/pass/api/data') continue;
        return Number((await cache.match(request))?.headers.get('x-trailpass-cached-at') ?? 0);
      }
    }
    return 0;
  });
}

async function openPersistentPass(
  launchOptions: LaunchOptions,
  baseURL: string,
): Promise<{ context: BrowserContext; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'trailpass-offline-profile-'));
  const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];
  const context = await chromium.launchPersistentContext(dir, {
    ...iPhone,
    ...launchOptions,
    baseURL,
  });
  await context.addInitScript((key) => window.localStorage.setItem(key, '1'), INSTALL_PROMPT_DISMISSED_KEY);
  // Not a context of the fixtures': its CSP violations are watched here and checked at the end of each test.
  await watchCspViolations(context);
  return { context, dir };
}

test('after one online visit Ava’s installed pass opens offline with her experiences, a running ticket and her points, and Noah’s link shows none of it', async ({
  launchOptions,
  offlineServer,
}) => {
  test.setTimeout(120_000);
  const { context, dir } = await openPersistentPass(launchOptions, offlineServer.baseURL);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const nav = page.getByRole('navigation', { name: 'Main' });

    // One online visit: Experiences, her tickets under My Pass, and Rewards.
    await page.goto(passUrl('/experiences', TOKENS.avaBrew));
    await expect(page.getByRole('heading', { name: AVA_GREETING })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // The first visit's reads are asked for again through the worker once it controls the page.
    await expect
      .poll(() => keptReads(page), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/pass\/api\/data\?/),
          expect.stringMatching(
            /^\/pass\/api\/partnerUser\/1001\/modules\/assignment\/offer\/assignmentId\/101\//,
          ),
        ]),
      );
    // Kept under the token's hash: the token itself is never written to the device's cache.
    expect((await keptReads(page)).join(' ')).not.toContain(TOKENS.avaBrew);

    // Decision 0026: opened online again, the page comes with its first answers and asks for none of them;
    // the worker keeps them from the page itself, so an offline open shows this visit's data.
    const keptBefore = await keptDataTime(page);
    const dataAsked: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === '/pass/api/data') dataAsked.push(request.url());
    };
    page.on('request', onRequest);
    await page.reload();
    await expect(page.getByRole('heading', { name: AVA_GREETING })).toBeVisible();
    await expect.poll(() => keptDataTime(page), { timeout: 15_000 }).toBeGreaterThan(keptBefore);
    page.off('request', onRequest);
    expect(dataAsked).toEqual([]);

    await nav.getByRole('link', { name: /Rewards/ }).click();
    await expect(page.getByRole('link', { name: AVA_POINTS })).toBeVisible();
    await expect(page.getByText('Growler Fill at Anchor & Oar')).toBeVisible();
    await nav.getByRole('link', { name: /Experiences/ }).click();
    await page.getByRole('tab', { name: 'My Pass' }).click();
    const timer = page.getByRole('timer').first();
    await expect(timer).toBeVisible();
    const ticketNames = await page
      .getByRole('timer')
      .evaluateAll((timers) =>
        timers.map((t) => t.getAttribute('aria-label')?.replace('Time left for ', '') ?? ''),
      );
    const onlineSeconds = seconds((await timer.textContent()) ?? '');

    // Installable (manifest with its icons, a service worker). The CDP session is detached at once: while
    // one is attached, Chromium's offline emulation no longer reaches navigator.onLine after a reload.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    await cdp.detach();
    expect(installabilityErrors).toEqual([]);

    // Offline: the indicator appears at once; a reload opens from the worker's caches.
    await context.setOffline(true);
    await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
    // Long enough for the countdown to have visibly moved on when the kept answer is read back.
    await page.waitForTimeout(2_000);
    const dataAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/pass/api/data',
    );
    await page.reload();
    expect(
      (await dataAnswer).headers()['x-trailpass-cached-at'],
      '/data came from the worker’s cache',
    ).toBeTruthy();
    await expect(page.getByRole('heading', { name: AVA_GREETING })).toBeVisible();
    await expect(page.getByRole('status').getByText('You are offline', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'This Week' })).toBeVisible();

    await page.getByRole('tab', { name: 'My Pass' }).click();
    const offlineTimer = page.getByRole('timer').first();
    await expect(offlineTimer).toBeVisible();
    // The kept ticket counts on from where it was, not from the start again.
    expect(seconds((await offlineTimer.textContent()) ?? '')).toBeLessThanOrEqual(onlineSeconds - 2);

    await nav.getByRole('link', { name: /Rewards/ }).click();
    await expect(page.getByRole('link', { name: AVA_POINTS })).toBeVisible();
    await expect(page.getByText('Growler Fill at Anchor & Oar')).toBeVisible();
    await expect(page.getByText('You are offline', { exact: true })).toBeVisible();

    // Noah's link on the same device, still offline: nothing of Ava's is served for his token.
    await page.goto(passUrl('/experiences', TOKENS.noahEmpty));
    await expect(page.getByRole('heading', { name: 'We could not load your pass' })).toBeVisible();
    await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
    // Everything in the page, shown or not.
    const shown = (await page.locator('body').textContent()) ?? '';
    expect(shown).not.toContain('Ava');
    expect(shown).not.toContain('205');
    expect(shown).not.toContain('Welcome to the Lakeshore Brew Trail');
    for (const name of ticketNames) expect(shown).not.toContain(name);

    // Back online, his own pass loads.
    await context.setOffline(false);
    await expect(page.getByText('You are offline', { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: /Hi Noah,/ })).toBeVisible();
    await expectNoCspViolations(context);
  } finally {
    await context.setOffline(false);
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The caches of the page's origin, by name. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test('a new build of the worker waits until every page of the old one is closed, then removes the old caches', async ({
  launchOptions,
  offlineServer,
}) => {
  test.setTimeout(90_000);
  const swPath = join(offlineServer.webDist, 'sw.js');
  const thisBuild = readFileSync(swPath, 'utf8');
  const { context, dir } = await openPersistentPass(launchOptions, offlineServer.baseURL);
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(passUrl('/experiences', TOKENS.avaBrew));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // A run-time cache of an older version of the worker, which the next worker to activate must delete.
    await page.evaluate(() => caches.open('trailpass-api-v0'));

    // The next build: another sw.js (served as it is, without the compressed copies of this build),
    // deployed as any build is: the server starts again, as it reads the build once, at start-up.
    writeFileSync(swPath, `${thisBuild}\n// the next build\n`);
    rmSync(`${swPath}.br`, { force: true });
    rmSync(`${swPath}.gz`, { force: true });
    await offlineServer.restart();
    const update = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (!registration) throw new Error('no registration');
        await registration.update();
        const deadline = Date.now() + 20_000;
        // Chromium moves the new worker to `waiting` a task before it says it is `installed`: wait for both.
        const installing = () => registration.installing || registration.waiting?.state === 'installing';
        while (installing() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        return {
          waiting: registration.waiting?.state ?? null,
          controlledByActive:
            navigator.serviceWorker.controller?.scriptURL === registration.active?.scriptURL,
        };
      });
    expect(await update()).toEqual({ waiting: 'installed', controlledByActive: true });
    expect(await cacheNames(page)).toContain('trailpass-api-v0');

    // A reload is not a new open: the page stays with the worker it had, and the new one keeps waiting.
    await page.reload();
    await expect(page.getByRole('heading', { name: AVA_GREETING })).toBeVisible();
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
      ),
    ).toBe('installed');
    expect(await cacheNames(page)).toContain('trailpass-api-v0');

    // Every page of the pass closed: the new worker takes over and removes the old cache. Watched from a page
    // of the same origin outside the worker's scope, so that no page of the pass holds the old worker.
    await page.close();
    page = await context.newPage();
    await page.goto(`/products/504?t=${TOKENS.avaBrew}`);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/pass/');
          return {
            waiting: registration?.waiting?.state ?? null,
            active: registration?.active?.state ?? null,
          };
        }),
      )
      .toEqual({ waiting: null, active: 'activated' });
    await expect.poll(() => cacheNames(page)).not.toContain('trailpass-api-v0');
    expect(await cacheNames(page)).toContain('trailpass-api-v1');

    // The next open is the new version's, and the pass still opens.
    await page.goto(passUrl('/experiences', TOKENS.avaBrew));
    await expect(page.getByRole('heading', { name: AVA_GREETING })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expectNoCspViolations(context);
  } finally {
    writeFileSync(swPath, thisBuild);
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
