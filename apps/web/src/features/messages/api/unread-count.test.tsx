import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { DataResponse } from '@trailpass/contract';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData, makePreview, makeSignedOut } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { useRefetchUnreadCountOnRouteChange, useUnreadCount } from './unread-count';

const COUNT_PATH = '/pass/api/partnerUser/1001/messages/unreadCount';

/** What the shell does: refetch on each route change, and show the count. */
function Badge({ data }: { data: DataResponse }) {
  const { pathname } = useLocation();
  useRefetchUnreadCountOnRouteChange(data, pathname);
  return <p>Unread: {useUnreadCount(data)}</p>;
}

function renderBadge(data: DataResponse, handler: MockHandler) {
  window.history.replaceState(null, '', '/pass/experiences?t=tok');
  const api = mockApi({ 'GET /partnerUser/1001/messages/unreadCount': handler });
  const router = createMemoryRouter([{ path: '*', element: <Badge data={data} /> }], {
    initialEntries: ['/experiences?t=tok'],
  });
  render(
    <QueryClientProvider client={testQueryClient(data)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const countCalls = () => api.calls.filter((call) => call.url.pathname === COUNT_PATH);
  return { router, countCalls };
}

describe('unread message count (spec 4)', () => {
  it("starts from /data's count and fetches it again on each route change", async () => {
    let unread = 5;
    const { router, countCalls } = renderBadge(makeData(), () => ({ status: 200, body: { unread } }));
    expect(screen.getByText('Unread: 2')).toBeInTheDocument();
    expect(countCalls()).toHaveLength(0);

    await act(() => router.navigate('/explore?t=tok'));
    expect(await screen.findByText('Unread: 5')).toBeInTheDocument();
    expect(countCalls()).toHaveLength(1);
    const [call] = countCalls();
    expect(call?.url.searchParams.get('offerId')).toBe('101');
    expect(call?.url.searchParams.get('t')).toBe('tok');
    expect(call?.headers.get('X-Pass-Token')).toBe('tok');

    // Only the query changed: not a route change.
    await act(() => router.navigate('/explore?t=tok&x=1'));
    expect(countCalls()).toHaveLength(1);

    unread = 0;
    await act(() => router.navigate('/account?t=tok'));
    expect(await screen.findByText('Unread: 0')).toBeInTheDocument();
    expect(countCalls()).toHaveLength(2);
  });

  it('is not fetched in preview, which shows no count', async () => {
    const data = makePreview({ type: 'venue', typeId: 302 }, { messageCounts: { unread: 3 } });
    const { router, countCalls } = renderBadge(data, () => ({ status: 200, body: { unread: 9 } }));
    await act(() => router.navigate('/experiences/venue/302/product/504?t=tok'));
    await act(() => router.navigate('/experiences/venue/302?t=tok'));
    expect(screen.getByText('Unread: 0')).toBeInTheDocument();
    expect(countCalls()).toHaveLength(0);
  });

  it('is not fetched without a signed-in user', async () => {
    const { router, countCalls } = renderBadge(makeSignedOut(), () => ({ status: 200, body: { unread: 9 } }));
    await act(() => router.navigate('/support/questions?t=tok'));
    expect(screen.getByText('Unread: 0')).toBeInTheDocument();
    expect(countCalls()).toHaveLength(0);
  });

  it('keeps the last count and only logs when the request fails (spec 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router, countCalls } = renderBadge(makeData(), () => ({
      status: 500,
      body: { error: { code: 'internal', message: 'x' } },
    }));
    await act(() => router.navigate('/explore?t=tok'));
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Unread message count not refreshed', expect.anything()),
    );
    expect(countCalls()).toHaveLength(1);
    expect(screen.getByText('Unread: 2')).toBeInTheDocument();
  });
});
