import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse } from '@trailpass/contract';
import { RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAssignment, makeProduct, makeVenue } from '../features/modules/test-fixtures';
import { setCart } from '../lib/session';
import { type MockHandler, mockApi } from '../test/api-mock';
import { makeData, makePartner, makePreview, makeSignedOut, makeUnregisteredLink } from '../test/fixtures';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';
import { resetStaffBanner } from './shell/staff-banner';

let dispose: (() => void) | null = null;

/** The module pages these journeys visit, each named so its h1 says which page is showing. */
function modulePageHandlers(prefix: string): Record<string, MockHandler> {
  const path = (type: string, id: number, location = 'pass') =>
    `GET ${prefix}/modules/assignment/${type}/assignmentId/${id}/location/${location}`;
  const page =
    (...args: Parameters<typeof makeAssignment>): MockHandler =>
    () => ({
      status: 200,
      body: makeAssignment(...args),
    });
  return {
    [path('offer', 101)]: page([], {}, 'offer', 101),
    [path('offer', 101, 'explore')]: page([], {}, 'offer', 101),
    [path('product', 504)]: page([], { products: [makeProduct()] }, 'product', 504),
    [path('product', 507)]: page(
      [],
      { products: [makeProduct({ id: 507, name: 'Brewery Tour for Two' })] },
      'product',
      507,
    ),
    [path('venue', 301)]: page([], { venues: [makeVenue()] }, 'venue', 301),
    [path('venue', 302)]: page(
      [],
      { venues: [makeVenue({ id: 302, name: 'Driftwood Brewing Co.' })] },
      'venue',
      302,
    ),
  };
}

function renderApp(
  url: string,
  data: DataResponse | MockHandler,
  handlers: Record<string, MockHandler> = {},
) {
  window.history.replaceState(null, '', url);
  const api = mockApi({
    'GET /data': typeof data === 'function' ? data : () => ({ status: 200, body: data }),
    'POST /events/page-view': () => ({ status: 204 }),
    // Asked on each page change (spec 4); makeData's holder has 2 unread.
    'GET /partnerUser/1001/messages/unreadCount': () => ({ status: 200, body: { unread: 2 } }),
    ...modulePageHandlers('/partnerUser/1001'),
    ...modulePageHandlers('/preview'),
    ...handlers,
  });
  const client = createQueryClient();
  const router = createAppRouter(client);
  const visited: string[] = [];
  const unsubscribe = router.subscribe((state) => {
    visited.push(state.location.pathname);
    // A lazy page starts loading before its location is committed.
    if (state.navigation.location) visited.push(state.navigation.location.pathname);
  });
  dispose = () => {
    unsubscribe();
    router.dispose();
  };
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...api, router, visited };
}

/** Spec 9: every page view carries the session and local device ids. */
const deviceIds = { session_device_id: expect.any(String), local_device_id: expect.any(String) };
const pageViews = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.url.pathname === '/pass/api/events/page-view').map((c) => c.body);

beforeEach(() => {
  resetStaffBanner();
});

afterEach(() => {
  dispose?.();
  dispose = null;
});

// The pages these tests open, and MUI's theme chunk, are lazy: the first test to reach each would otherwise
// spend most of findBy's second on vitest transforming it cold. Loading them once here keeps the tests about
// the app's behaviour, not the transform cache.
beforeAll(async () => {
  await Promise.all([
    import('../features/experiences/components/ExperiencesPage'),
    import('../features/experiences/components/ExplorePage'),
    import('../features/more/components/MorePage'),
    import('../features/login/components/LoginPage'),
    import('../components/mui-theme/MuiTheme'),
  ]);
}, 60_000);

describe('token problems', () => {
  it('explains a missing token without calling the API', async () => {
    const { calls } = renderApp('/pass/experiences', makeData());
    expect(await screen.findByRole('heading', { name: 'This pass link does not work' })).toBeInTheDocument();
    expect(screen.getByText(/open your pass from the link you were sent/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('explains an unknown token (401)', async () => {
    renderApp('/pass/experiences?t=bad', () => ({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Unknown token' } },
    }));
    expect(await screen.findByRole('heading', { name: 'This pass link does not work' })).toBeInTheDocument();
  });

  it('offers a retry when the data cannot load', async () => {
    let fail = true;
    renderApp('/pass/experiences?t=tok', () =>
      fail
        ? { status: 404, body: { error: { code: 'not_found', message: 'x' } } }
        : { status: 200, body: makeData() },
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' }),
    ).toBeInTheDocument();
  });
});

describe('routing rules (spec 2.2)', () => {
  it('sends a signed-out visitor to Pass Login, keeping t, without top bar or bottom nav', async () => {
    renderApp('/pass/experiences?t=tok', makeSignedOut());
    expect(await screen.findByRole('heading', { name: 'Pass Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/login');
    expect(window.location.search).toBe('?t=tok');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('asks for the pass logo as soon as the data names it on Pass Login, and not for a holder', async () => {
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) =>
        link.getAttribute('href'),
      );
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => {
      link.remove();
    });
    renderApp('/pass/login?t=tok', makeSignedOut());
    expect(await screen.findByRole('heading', { name: 'Pass Login' })).toBeInTheDocument();
    expect(preloads()).toEqual(['/pass/media/brew-trail-horizontal.svg']);
    dispose?.();
    dispose = null;
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => {
      link.remove();
    });

    renderApp('/pass/login?t=tok', makeData());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' }),
    ).toBeInTheDocument();
    expect(preloads()).not.toContain('/pass/media/brew-trail-horizontal.svg');
  });

  it('sends a signed-in holder from Login to Experiences', async () => {
    renderApp('/pass/login?t=tok', makeData());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/experiences');
    expect(window.location.search).toBe('?t=tok');
  });

  it('shows an unregistered link only the sign-up page', async () => {
    const data = makeSignedOut({
      offer: null,
      partner: null,
      isUnregisteredLink: true,
      unregistered_links: [
        makeUnregisteredLink({ id: 101, name: 'Brew Trail' }, { id: 1, name: 'P', website: null }),
      ],
    });
    renderApp('/pass/experiences?t=unreg', data);
    expect(
      await screen.findByRole('heading', { name: 'You Need to Register for this Pass to Check-in!' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/signup');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends "/" and unknown paths to Experiences', async () => {
    renderApp('/pass/no/such/page?t=tok', makeData());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/experiences');
  });
});

describe('preview mode (spec 2.2)', () => {
  it('redirects Login to the deal-prefixed product and locks navigation', async () => {
    const { calls, visited } = renderApp(
      '/pass/login?t=prev',
      makePreview({ type: 'product', typeId: 507, dealId: 201 }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Brewery Tour for Two' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/experiences/deal/201/product/507');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Experiences' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'More' }));
    await act(async () => {});
    expect(window.location.pathname).toBe('/pass/experiences/deal/201/product/507');
    // Blocked, not redirected: the router never went to More.
    expect(visited.some((path) => path.endsWith('/account'))).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Brewery Tour for Two' })).toBeInTheDocument();

    // The back button is a fixed link to the preview target; the logo is not a link.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/pass/experiences/deal/201/product/507?t=prev',
    );
    expect(within(banner).queryByRole('link', { name: /home/ })).not.toBeInTheDocument();
    expect(pageViews(calls)).toEqual([]);
    expect(calls.some((c) => c.url.pathname.endsWith('/messages/unreadCount'))).toBe(false);
  });

  it('turns a product preview with submissionVenueId into the venue', async () => {
    renderApp('/pass/login?t=prev&submissionVenueId=301', makePreview({ type: 'product', typeId: 501 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Anchor & Oar Brewing' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pass/experiences/venue/301');
    expect(window.location.search).toBe('?t=prev');
  });

  it('allows the previewable routes after load', async () => {
    const { router } = renderApp('/pass/login?t=prev', makePreview({ type: 'venue', typeId: 302 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Driftwood Brewing Co.' }),
    ).toBeInTheDocument();
    await act(() => router.navigate('/experiences/venue/302/product/504?t=prev'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Free Tasting Flight' })).toBeInTheDocument();
    await act(() => router.navigate('/rewards?t=prev'));
    expect(window.location.pathname).toBe('/pass/experiences/venue/302/product/504');
  });
});

describe('shell (spec 2.3)', () => {
  it('shows the bottom navigation with labels, badges and the active tab', async () => {
    setCart(
      {
        orderId: 7001,
        items: [
          { itemId: 1, itemType: 'product', attributeId: null, dealId: 201, deliveryMethod: 'shipped' },
        ],
        expiresAt: null,
      },
      'tok',
    );
    renderApp('/pass/experiences?t=tok', makeData());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Experiences',
      'Explore',
      'Rewards',
      'My Bag, 1 item',
      'More, 2 unread messages',
    ]);
    expect(within(nav).getByRole('link', { name: 'Experiences' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Explore' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/pass/explore?t=tok');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Lakeshore Brew Trail home' })).toHaveAttribute(
      'href',
      '/pass/experiences?t=tok',
    );
    expect(within(banner).getByAltText('Lakeshore Brew Trail')).toHaveAttribute(
      'src',
      '/pass/media/brew-trail-horizontal.svg',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('labels the first tab Check-In for partner 942', async () => {
    renderApp('/pass/experiences?t=tok', makeData({ partner: makePartner({ id: 942 }) }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Check-In' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends a page view for each page change after the first, with ids from the params', async () => {
    const { calls, router } = renderApp('/pass/experiences?t=tok', makeData());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Explore' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    expect(window.location.search).toBe('?t=tok');
    await act(() => router.navigate('/experiences/deal/201/venue/301/product/504?t=tok'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Free Tasting Flight' })).toBeInTheDocument();
    await waitFor(() =>
      expect(pageViews(calls)).toEqual([
        { route_name: 'Explore', product_id: null, deal_id: null, venue_id: null, ...deviceIds },
        { route_name: 'DealVenueProduct', product_id: 504, deal_id: 201, venue_id: 301, ...deviceIds },
      ]),
    );
    const view = calls.find((c) => c.url.pathname === '/pass/api/events/page-view');
    expect(view?.headers.get('X-Pass-Token')).toBe('tok');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('gives internal staff the clear-storage button and prints the banner once', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderApp('/pass/experiences?t=tok', makeData({ internal_staff: true }));
    expect(await screen.findByRole('button', { name: 'Clear local storage' })).toBeInTheDocument();
    await waitFor(() => expect(info).toHaveBeenCalledTimes(1));
    expect(String(info.mock.calls[0]?.[2])).toMatch(/Clear local storage/);
    expect(String(info.mock.calls[0]?.[2])).not.toMatch(/tok/);
  });

  it('goes back to Experiences when there is no in-app history', async () => {
    renderApp('/pass/account?t=tok', makeData());
    await screen.findByRole('button', { name: 'Sign Out' });
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('?t=tok');
  });

  it('slides Experiences in from the right when navigated to, and no other page, nor the first page', async () => {
    const { router } = renderApp('/pass/experiences?t=tok', makeData());
    // The wrapper of the page in <main> carries the class whose rule animates tp-slide-right (styles/shell.css;
    // read from the file: the tests load no CSS).
    const shellCss = readFileSync(join(import.meta.dirname, '../styles/shell.css'), 'utf8');
    const animationOf = (name: string) =>
      new RegExp(`\\.${name}\\s*\\{[^}]*animation:\\s*tp-slide-right`).test(shellCss);
    const animated = (heading: HTMLElement) => {
      const wrapper = heading.closest('main')?.firstElementChild;
      return [...(wrapper?.classList ?? [])].some(animationOf);
    };
    // Opened from the link: shown at once.
    expect(animated(await screen.findByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' }))).toBe(
      false,
    );
    await act(() => router.navigate('/explore?t=tok'));
    expect(animated(await screen.findByRole('heading', { level: 1, name: 'Explore' }))).toBe(false);
    await act(() => router.navigate('/experiences?t=tok'));
    expect(animated(await screen.findByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' }))).toBe(
      true,
    );
  });

  it('refreshes the More badge on each page change (spec 4)', async () => {
    let unread = 2;
    const { calls, router } = renderApp('/pass/experiences?t=tok', makeData(), {
      'GET /partnerUser/1001/messages/unreadCount': () => ({ status: 200, body: { unread } }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'More, 2 unread messages' })).toBeInTheDocument();
    unread = 3;
    await act(() => router.navigate('/explore?t=tok'));
    expect(await within(nav).findByRole('link', { name: 'More, 3 unread messages' })).toBeInTheDocument();
    const counts = calls.filter((c) => c.url.pathname.endsWith('/messages/unreadCount'));
    expect(counts).toHaveLength(1);
  });

  it('opens More from the tab', async () => {
    renderApp('/pass/experiences?t=tok', makeData());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: /^More/ }));
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /^More/ })).toHaveAttribute('aria-current', 'page');
  });
});
