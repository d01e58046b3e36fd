import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { DataResponse } from '@trailpass/contract';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { testQueryClient } from '../../test/render';

/** Where the app went: any other route renders this line. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders one page at `url` (inside /pass, with t=tok) under its route pattern; every other path renders
 * its own location, so a test can see where the page navigated.
 */
export function renderRoute(
  element: ReactNode,
  { path, url, data }: { path: string; url: string; data: DataResponse },
) {
  window.history.replaceState(null, '', url);
  const client = testQueryClient(data, 'tok');
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url.replace(/^\/pass/, '')] },
  );
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}
