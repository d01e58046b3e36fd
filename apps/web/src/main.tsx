import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { isRouteHandle } from './app/route-handle';
import { createAppRouter } from './app/router';
import { dataQueryOptions } from './features/app-data';
import { installErrorReporting } from './features/error-reporting';
import { captureInstallPrompt } from './features/install-prompt';
import { refetchWhenWorkerTakesControl } from './features/offline';
import { getToken, replaceTokensThrough } from './lib/session';

let router: ReturnType<typeof createAppRouter> | undefined;
// First, so that errors of the start-up are reported too (sampled; the sender loads when needed).
installErrorReporting({
  routeName: () => {
    const handle = router?.state.matches.findLast((match) => isRouteHandle(match.route.handle))?.route.handle;
    return isRouteHandle(handle) ? handle.name : null;
  },
});

// The browser's install offer can come before the first render; keep it for the install dialog.
captureInstallPrompt();
const queryClient = createQueryClient();
// Start the initial-data request at once, in parallel with the first page chunk. For a public link's token it
// also gets this visitor a token of their own and puts it in the address bar (decision 0022), before the
// page shows anything: through the router, which is created below, long before any answer arrives.
if (getToken()) void queryClient.prefetchQuery(dataQueryOptions());
// The offline check-in queue (IndexedDB, its own chunk) once the page has loaded: check-ins waiting from
// before a reload show as waiting, and are sent if the connection is back.
if (getToken()) {
  window.addEventListener(
    'load',
    () => {
      import('./features/redeem/offline-answers')
        .then(({ startOfflineRedeems }) => startOfflineRedeems(queryClient))
        .catch((error: unknown) => console.warn('The offline check-in queue did not start', error));
    },
    { once: true },
  );
}
// The first visit's reads go past the service worker, which does not exist yet: ask again once it does.
refetchWhenWorkerTakesControl(queryClient);

router = createAppRouter(queryClient);
replaceTokensThrough(router);
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
