import './lib/zod-jitless';
import './styles/index.css';
import { APP_BASE } from '@trailpass/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { isMuiPath } from './app/RootLayout';
import { isRouteHandle } from './app/route-handle';
import { createAppRouter } from './app/router';
import { loadMuiTheme } from './components/mui-theme';
import { dataQueryOptions, startLanguage } from './features/app-data';
import { installErrorReporting } from './features/error-reporting';
import { captureInstallPrompt } from './features/install-prompt';
import { keepFirstVisitWhenWorkerTakesControl, registerWorkerWhenIdle } from './features/offline';
import { afterFirstScreen } from './lib/first-screen';
import { getToken, replaceTokensThrough } from './lib/session';
import { yieldToMain } from './lib/yield-to-main';

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
// The holder's language (decision 0050): the link's, else the saved one of an embedded /data, else the
// browser's. Its catalogues (a chunk of their own, none for English) load beside the data and the page's
// chunks; the first render waits for them below, so a known language never shows English first.
const languageReady = startLanguage(queryClient);
// Start the initial-data request at once, in parallel with the first page chunk. For a public link's token it
// also gets this visitor a token of their own and puts it in the address bar (decision 0022), before the
// page shows anything: through the router, which is created below, long before any answer arrives.
if (getToken()) void queryClient.prefetchQuery(dataQueryOptions());
// MUI's core and the pass's theme (a chunk of their own) beside the data and the page's chunk, for a page still
// drawn with MUI (decision 0027); the others load MUI only if a part of them needs it (a dialog).
if (isMuiPath(window.location.pathname.slice(APP_BASE.length) || '/')) {
  loadMuiTheme().catch(() => {
    // The page's MuiIsland asks again when it shows, and its error boundary shows the error then.
  });
}
// The offline check-in queue (IndexedDB, its own chunk) once the first screen is there and the browser is
// idle: check-ins waiting from before a reload show as waiting, and are sent if the connection is back.
if (getToken()) {
  afterFirstScreen(() => {
    import('./features/redeem/offline-answers')
      .then(({ startOfflineRedeems }) => startOfflineRedeems(queryClient))
      .catch((error: unknown) => console.warn('The offline check-in queue did not start', error));
  });
}
// The service worker once the first page has settled; the first visit's reads went past it, since it did
// not exist yet: they are asked for again once it controls the page.
registerWorkerWhenIdle();
keepFirstVisitWhenWorkerTakesControl();

// Start-up in three tasks rather than one (decision 0027): evaluating the entry's code, making the router
// (it ranks and matches every route) and starting the first render. On a phone each is tens of
// milliseconds; together they were one task that blocked input for over a hundred.
await yieldToMain();
router = createAppRouter(queryClient);
replaceTokensThrough(router);
await yieldToMain();
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const reactRoot = createRoot(root);
const appRouter = router;
// The first render waits for the language's catalogues (decision 0050), but not with a top-level await: the
// catalogue chunk imports from this entry chunk, and an import of a module still evaluating (held by its
// own top-level await) waits for it to finish, which would never happen.
void languageReady
  .catch((error: unknown) => console.warn('The language did not load', error))
  .then(() => {
    // A transition: React renders the first tree in slices of a few milliseconds, yielding to the browser
    // between them, rather than in one long task that holds up input on a phone (decision 0025, round two).
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <Providers client={queryClient}>
            <RouterProvider router={appRouter} />
          </Providers>
        </StrictMode>,
      );
    });
  });
