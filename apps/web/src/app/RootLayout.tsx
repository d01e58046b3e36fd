import { useQuery } from '@tanstack/react-query';
import { APP_BASE, type DataResponse, loginLogoToShow } from '@trailpass/contract';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import {
  type BlockerFunction,
  Navigate,
  Outlet,
  useBlocker,
  useLocation,
  useMatches,
  useNavigation,
} from 'react-router';
import {
  dataQueryOptions,
  isLoggedIn,
  isPreview,
  isUnregistered,
  previewInfo,
  primaryColour,
} from '../features/app-data';
import { useRefetchUnreadCountOnRouteChange } from '../features/messages';
import { OfflineIndicator } from '../features/offline';
import { useTranslation } from '../i18n';
import { isApiError } from '../lib/api-client';
import { preloadImage } from '../lib/preload-image';
import { accessiblePrimary } from '../lib/primary-colour';
import { buildHref, type RouteName } from '../lib/routes';
import { getToken } from '../lib/session';
import { InvalidLinkPage, LoadErrorPage } from './FullPageMessage';
import { decideLanding, type GuardSession, isNavigationBlocked, routeNameOf } from './guards';
import { usePassHeadLinks } from './head-links';
import { MUI_PAGES } from './mui-pages';
import { usePageViews } from './page-views';
import { PLAIN_ROUTES } from './plain-routes';
import { currentHandle } from './route-handle';
import { hasTopBar } from './shell/frame';
import { LoadingBar } from './shell/LoadingBar';
import { Shell } from './shell/Shell';
import { SkipLink } from './shell/SkipLink';
import { printStaffBanner } from './shell/staff-banner';

export function guardSession(data: DataResponse): GuardSession {
  return {
    loggedIn: isLoggedIn(data),
    isPreview: isPreview(data),
    isUnregistered: isUnregistered(data),
    preview: previewInfo(data),
  };
}

/**
 * Whether the page at this path (inside the /pass basename) is still drawn with MUI (MUI_PAGES): main.tsx
 * then starts loading MUI's core and the theme at once, beside the page's own chunk (decision 0027).
 */
export function isMuiPath(pathname: string): boolean {
  const route = routeNameOf(pathname);
  return route !== null && MUI_PAGES.has(route);
}

/**
 * While the initial data loads: progress bar and, off Login, a header with a spinner for the logo. Plain
 * HTML (index.html's classes): it shows before the app's stylesheet has loaded.
 */
export function LoadingFrame({ route }: { route: RouteName | null }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <LoadingBar active />
      {hasTopBar(route) && (
        <header className="tp-header">
          <div className="tp-spinner" role="progressbar" aria-label={t('loadingLogo')} />
        </header>
      )}
      <main aria-busy="true" style={{ minHeight: '50vh' }} />
    </>
  );
}

export function HydrateFallback() {
  const { pathname } = window.location;
  const route = routeNameOf(
    pathname.startsWith(APP_BASE) ? pathname.slice(APP_BASE.length) || '/' : pathname,
  );
  return <LoadingFrame route={route} />;
}

/** Pass Login's frame: no header, no navigation. */
function PlainShell({
  data,
  loading,
  children,
}: {
  data: DataResponse;
  loading: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  usePassHeadLinks(data, getToken(location.search));
  return (
    <>
      <SkipLink />
      <LoadingBar active={loading} />
      <main id="main-content" tabIndex={-1} style={{ outline: 'none', overflowX: 'clip' }}>
        {children}
      </main>
    </>
  );
}

/** The pass's colour for the plain pages' CSS (index.html's --tp-primary), as the MUI theme has it. */
function usePrimaryColourVariable(data: DataResponse | undefined) {
  const primary = data ? accessiblePrimary(primaryColour(data)) : null;
  useLayoutEffect(() => {
    if (primary) document.documentElement.style.setProperty('--tp-primary', primary);
  }, [primary]);
}

/** Root of every page: the offline indicator above whatever the page is (decision 0021). */
export function RootLayout() {
  return (
    <>
      <OfflineIndicator />
      <RootPage />
    </>
  );
}

/** Loads the initial data, applies the routing rules (spec 2.2) and the shell. */
function RootPage() {
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const current = currentHandle(matches);
  const route = current?.handle.name ?? null;
  const token = getToken(location.search);
  const query = useQuery({ ...dataQueryOptions(token), enabled: token !== null });
  const data = query.data;

  const session = data ? guardSession(data) : null;
  const decision = session ? decideLanding(route, session, location.search) : null;
  const showing = decision?.kind === 'allow';

  // Spec 2.2: once a preview page has loaded, navigation is locked to the previewable routes.
  const lock = useRef({ isPreview: false, pageLoaded: false });
  lock.current.isPreview = session?.isPreview ?? false;
  useEffect(() => {
    if (showing) lock.current.pageLoaded = true;
  }, [showing]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ nextLocation }) => isNavigationBlocked({ ...lock.current, to: routeNameOf(nextLocation.pathname) }),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  usePageViews(showing, route, location.pathname, current?.match.params ?? {});
  useRefetchUnreadCountOnRouteChange(data, location.pathname);

  // Spec 2.1: every navigation scrolls to the top.
  useLayoutEffect(() => {
    if (location.key) window.scrollTo(0, 0);
  }, [location.key]);

  usePrimaryColourVariable(data);
  // A public link's first answer already names the pass's logo, which is Pass Login's largest paint: it
  // loads while this visitor's own session is made and read (decision 0022), not after.
  const loginLogo = route === 'Login' && data !== undefined ? loginLogoToShow(data) : null;
  useEffect(() => {
    if (loginLogo) preloadImage(loginLogo);
  }, [loginLogo]);

  const internalStaff = data?.internal_staff === true;
  useEffect(() => {
    if (internalStaff) printStaffBanner();
  }, [internalStaff]);

  if (token === null || isApiError(query.error, 401)) return <InvalidLinkPage />;
  if (!data) {
    if (query.isError) return <LoadErrorPage onRetry={() => void query.refetch()} />;
    return <LoadingFrame route={route} />;
  }
  // A public link's token (decision 0022): its read has put a visitor token of this visitor's own in t, whose
  // data follows; this answer is never shown, so no page or redirect ever carries the shared token.
  if (data.public_link) return <LoadingFrame route={route} />;
  if (decision?.kind === 'redirect') return <Navigate replace to={buildHref(decision.to, location.search)} />;

  const loading = navigation.state === 'loading';
  if (route !== null && PLAIN_ROUTES.has(route)) {
    return (
      <PlainShell data={data} loading={loading}>
        <Outlet />
      </PlainShell>
    );
  }
  // Spec 2.1's transition animates a navigation to the page, not the app's first page: the first entry of
  // the history ('default') is shown at once, so its first paint (and the largest one) is not a fading frame.
  const transitionKey = current?.handle.transition && location.key !== 'default' ? location.pathname : null;
  return (
    <Shell data={data} route={route} transitionKey={transitionKey} loading={loading}>
      <Outlet />
    </Shell>
  );
}
