import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { DataResponse } from '@trailpass/contract';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { dataQueryKey } from '../features/app-data';

export function testQueryClient(data?: DataResponse, token = 'tok') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  if (data) client.setQueryData(dataQueryKey(token), data);
  return client;
}

/** Renders one page element at a URL (inside /pass) with the data already loaded. */
export function renderPage(
  element: ReactNode,
  {
    data,
    url = '/pass/account?t=tok',
    token = 'tok',
    path = '*',
  }: {
    data?: DataResponse;
    url?: string;
    token?: string;
    /** The route pattern, for pages that read their params (routePaths of lib/routes). */
    path?: string;
  } = {},
) {
  window.history.replaceState(null, '', url);
  const client = testQueryClient(data, token);
  const router = createMemoryRouter([{ path, element }], {
    initialEntries: [url.replace(/^\/pass/, '')],
  });
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}
