import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_HEADER } from '@trailpass/contract';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { createAppRouter } from '../../app/router';
import { getToken, replaceTokensThrough } from '../../lib/session';
import { type MockHandler, mockApi } from '../../test/api-mock';
import { makeSignedOut } from '../../test/fixtures';
import { dataQueryOptions } from './api/data';

// Decision 0022: a public link's token is shared by everyone who opens it. The app trades it for a visitor
// token of its own before it shows anything, and the visitor token replaces t in the address bar.

const SHARED = 'public-link-token-0000000000';
const VISITOR = 'visitor-token-of-my-own-1111';

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

/** The app as main.tsx starts it: the /data prefetch, the router, token replacements through the router. */
function startApp(url: string, mint: MockHandler) {
  window.history.replaceState({ idx: 0 }, '', url);
  const api = mockApi({
    'GET /data': ({ headers }) => {
      const token = headers.get(TOKEN_HEADER);
      if (token === SHARED) return { status: 200, body: makeSignedOut({ public_link: true }) };
      if (token === VISITOR) return { status: 200, body: makeSignedOut() };
      return { status: 401, body: { error: { code: 'unauthorized', message: 'Unknown pass token.' } } };
    },
    'POST /sessions/visitor': mint,
    'POST /events/page-view': () => ({ status: 204 }),
  });
  const client = createQueryClient();
  void client.prefetchQuery(dataQueryOptions());
  const router = createAppRouter(client);
  replaceTokensThrough(router);

  // Every location the router goes to, and every page heading shown while t is still the shared token.
  const locations: Array<{ path: string; t: string | null }> = [];
  const unsubscribe = router.subscribe((state) => {
    locations.push({ path: state.location.pathname, t: getToken(state.location.search) });
  });
  const shownWithSharedToken: string[] = [];
  const watcher = new MutationObserver(() => {
    if (getToken() !== SHARED) return;
    for (const heading of document.querySelectorAll('h1, h2')) {
      shownWithSharedToken.push(heading.textContent ?? '');
    }
  });
  watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
  dispose = () => {
    watcher.disconnect();
    unsubscribe();
    router.dispose();
  };
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  /** The app never went anywhere with the shared token: it only ever was at the address it was opened at. */
  const wentNowhereWithSharedToken = (openedAt: string) =>
    expect(locations.filter((l) => l.t === SHARED && l.path !== openedAt)).toEqual([]);
  return { ...api, router, shownWithSharedToken, wentNowhereWithSharedToken };
}

/** Pages are lazy chunks, and several steps come before them here: more than findBy's default second. */
const WAIT = { timeout: 5000 };
const minted: MockHandler = () => ({ status: 200, body: { token: VISITOR } });
const exchangesIn = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.url.pathname.endsWith('/sessions/visitor')).length;

describe('opening a public link', () => {
  it('gets a visitor token first and puts it in the address bar, keeping the path and the other parameters', async () => {
    const historyLength = window.history.length;
    const app = startApp(`/pass/login?t=${SHARED}&dealId=201&src=poster#top`, minted);

    // The first test to show Login waits for its lazy chunk to be transformed.
    expect(
      await screen.findByRole('heading', { name: 'Pass Login' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/login');
    expect(window.location.search).toBe(`?t=${VISITOR}&dealId=201&src=poster`);
    expect(window.location.hash).toBe('#top');
    expect(getToken()).toBe(VISITOR);
    expect(app.router.state.location.search).toBe(window.location.search);
    // Replaced, not pushed: Back does not lead to the shared token.
    expect(window.history.length).toBe(historyLength);

    // The shared token is used for the first read and the exchange only; everything after is the visitor's.
    const tokens = app.calls.map(
      (call) => `${call.method} ${call.url.pathname} ${call.headers.get(TOKEN_HEADER)}`,
    );
    expect(tokens.slice(0, 3)).toEqual([
      `GET /pass/api/data ${SHARED}`,
      `POST /pass/api/sessions/visitor ${SHARED}`,
      `GET /pass/api/data ${VISITOR}`,
    ]);
    expect(tokens.slice(3).filter((line) => !line.endsWith(VISITOR))).toEqual([]);
    expect(exchangesIn(app.calls)).toBe(1);
    // Nothing was shown with the shared token: no flash of a page before the visitor's own.
    expect(app.shownWithSharedToken).toEqual([]);
    app.wentNowhereWithSharedToken('/pass/login');
  }, 15_000);

  it('then goes on as any signed-out visitor: from another page to Pass Login, with the visitor token', async () => {
    const app = startApp(`/pass/experiences?t=${SHARED}`, minted);
    expect(await screen.findByRole('heading', { name: 'Pass Login' }, WAIT)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/login');
    expect(window.location.search).toBe(`?t=${VISITOR}`);
    expect(app.shownWithSharedToken).toEqual([]);
    app.wentNowhereWithSharedToken('/pass/experiences');
  });

  it('shows the ordinary load error when the exchange fails, and its retry starts over', async () => {
    let answer: { status: number; body?: unknown } = {
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many requests.' } },
    };
    const app = startApp(`/pass/experiences?t=${SHARED}`, () => answer);

    expect(
      await screen.findByRole('heading', { name: 'We could not load your pass' }, WAIT),
    ).toBeInTheDocument();
    expect(getToken()).toBe(SHARED);

    const failed = exchangesIn(app.calls);
    answer = { status: 200, body: { token: VISITOR } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Pass Login' }, WAIT)).toBeInTheDocument();
    expect(window.location.search).toBe(`?t=${VISITOR}`);
    expect(exchangesIn(app.calls)).toBe(failed + 1);
    // Only the load error was shown with the shared token.
    expect(new Set(app.shownWithSharedToken)).toEqual(new Set(['We could not load your pass']));
    app.wentNowhereWithSharedToken('/pass/experiences');
  });

  it('leaves a link made for one holder alone: no exchange', async () => {
    const app = startApp(`/pass/experiences?t=${VISITOR}`, minted);
    expect(await screen.findByRole('heading', { name: 'Pass Login' }, WAIT)).toBeInTheDocument();
    expect(window.location.search).toBe(`?t=${VISITOR}`);
    expect(exchangesIn(app.calls)).toBe(0);
  });
});
