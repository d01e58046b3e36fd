import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { RouteError } from './RouteError';

const TOKEN = 'route-error-token-123456';

function Broken(): never {
  throw new TypeError(`Cannot read properties of undefined (token ${TOKEN})`);
}

function renderRoute(path: string) {
  window.history.replaceState(null, '', `/pass${path}?t=${TOKEN}`);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [
          { path: 'rewards', handle: { name: 'Rewards' }, element: <Broken />, errorElement: <RouteError /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('reports a page that failed to render, with its route name (when sampled)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Math, 'random').mockReturnValue(0.01);
    const { calls } = mockApi({ 'POST /events/error': () => ({ status: 204 }) });
    renderRoute('/rewards');
    expect(await screen.findByText('Something went wrong on this page. Please reload.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: 5000 });
    expect(calls[0]?.body).toMatchObject({
      name: 'TypeError',
      message: 'Cannot read properties of undefined (token [redacted])',
      url: '/pass/rewards?t=[redacted]',
      route_name: 'Rewards',
    });
  });

  it('does not report a page that does not exist', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.01);
    const { calls } = mockApi({ 'POST /events/error': () => ({ status: 204 }) });
    renderRoute('/nowhere');
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
