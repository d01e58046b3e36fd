import { test as base, expect, type Page } from '@playwright/test';

/**
 * The add-to-home-screen dialog (spec 2.3) opens 10 s after load for a signed-in iOS visitor, which an
 * iPhone-emulated journey is: mark it dismissed, as a returning visitor would have, so it never covers
 * what a journey clicks. `fixtures.ts` builds on this `test`, and every journey imports it from there.
 */
const INSTALL_PROMPT_DISMISSED_KEY = 'trailpass-install-prompt-dismissed';
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, '1'), INSTALL_PROMPT_DISMISSED_KEY);
    await use(page);
  },
});
export { expect };

/** Pass-link tokens from demo/pass-demo.json (see demo/README.md, "Pass links"). */
export const TOKENS = {
  avaBrew: 'demo-ava-brew-7Qx2mK9pL4vN8rT1',
  guestBrew: 'demo-guest-brew-9Lm4tR7vX1pQ8wE2',
  guestHarbor: 'demo-guest-harbor-4Tq9vM2xK7pR1wB6',
  samStaff: 'demo-sam-staff-5Jd2nF8kP3sV6gH9',
  noahEmpty: 'demo-noah-empty-8Rb1cT6mW4xK2zL7',
  harperCheckIn: 'demo-harper-checkin-2Vn7qY5hD9jS3fA6',
  previewProduct: 'demo-preview-product-4Gt8pL2xN6mQ1rZ5',
  previewVenue: 'demo-preview-venue-6Ks3wB9eH1vT7cM2',
  previewDealProduct: 'demo-preview-dealprod-1Xp5rJ8nC4gW2kD9',
  previewSubmission: 'demo-preview-submission-7Fq2mV6tL9bN3hS8',
  unregisteredVenue301: 'demo-unreg-venue301-3Wc9kP1zR7dG5xM4',
} as const;

/** `/pass<path>?t=TOKEN` plus any extra query parameters. */
export function passUrl(path: string, token: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ t: token, ...extra });
  return `/pass${path}?${query.toString()}`;
}

/** Waits until the page is at `/pass<path>` with the same `t` in its query. */
export async function expectAt(page: Page, path: string, token: string): Promise<void> {
  await expect
    .poll(() => new URL(page.url()).pathname, { message: `path should become /pass${path}` })
    .toBe(`/pass${path}`);
  expect(new URL(page.url()).searchParams.get('t'), 't is kept in the URL').toBe(token);
}

type MarkedWindow = Window & { __e2eDocumentMark?: true };

/** Marks the page's current document, so that expectNewDocument can tell when another one has loaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as MarkedWindow).__e2eDocumentMark = true;
  });
}

/**
 * Waits until the page has loaded a document other than the one markDocument marked (a full reload, as
 * completing an order does, spec 4), then for its load event. A journey that navigated on at once could
 * be cut off by that reload.
 */
export async function expectNewDocument(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(() => (window as MarkedWindow).__e2eDocumentMark === true)
          // While the old document goes, there is no context to ask: not there yet.
          .catch(() => true),
      { message: 'the page should load a new document' },
    )
    .toBe(false);
  await page.waitForLoadState('load');
}

/** The bottom navigation of the app shell (spec 2.3). */
export function bottomNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * The page's own token once the public signed-out link (decision 0022) has been traded for a visitor
 * token: the t that took the place of the link's.
 */
export async function visitorToken(page: Page, publicToken: string = TOKENS.guestBrew): Promise<string> {
  await expect
    .poll(() => new URL(page.url()).searchParams.get('t'), { message: 't should become a visitor token' })
    .not.toBe(publicToken);
  const token = new URL(page.url()).searchParams.get('t');
  if (!token) throw new Error('The page lost its t');
  return token;
}
