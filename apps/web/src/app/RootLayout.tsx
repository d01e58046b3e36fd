import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import { useQuery } from '@tanstack/react-query';
import { APP_BASE, type DataResponse } from '@trailpass/contract';
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
import { HEADER_HEIGHT } from '../components/layout';
import {
  dataQueryOptions,
  headerLogoUrl,
  isLoggedIn,
  isPreview,
  isUnregistered,
  passName,
  previewInfo,
} from '../features/app-data';
import { InstallPrompt } from '../features/install-prompt';
import { useRefetchUnreadCountOnRouteChange, useUnreadCount } from '../features/messages';
import { OfflineIndicator } from '../features/offline';
import { isApiError } from '../lib/api-client';
import { buildHref, type RouteName } from '../lib/routes';
import { getToken, useCartCount } from '../lib/session';
import { InvalidLinkPage, LoadErrorPage } from './FullPageMessage';
import { decideLanding, type GuardSession, isNavigationBlocked, previewTarget, routeNameOf } from './guards';
import { usePassHeadLinks } from './head-links';
import { usePageViews } from './page-views';
import { currentHandle } from './route-handle';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './shell/BottomNav';
import { bottomNavTabs, showsBottomNav } from './shell/bottom-nav';
import { ClearStorageButton } from './shell/ClearStorageButton';
import { LoadingBar } from './shell/LoadingBar';
import { printStaffBanner } from './shell/staff-banner';
import { TopBar } from './shell/TopBar';

export function guardSession(data: DataResponse): GuardSession {
  return {
    loggedIn: isLoggedIn(data),
    isPreview: isPreview(data),
    isUnregistered: isUnregistered(data),
    preview: previewInfo(data),
  };
}

const hasTopBar = (route: RouteName | null) => route !== 'Login' && route !== 'Signup';

function SkipLink() {
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        p: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}

/** While the initial data loads: progress bar and, off Login, a header with a spinner for the logo. */
export function LoadingFrame({ route }: { route: RouteName | null }) {
  return (
    <>
      <LoadingBar active />
      {hasTopBar(route) && (
        <AppBar position="sticky" elevation={1}>
          <Toolbar sx={{ minHeight: HEADER_HEIGHT, height: HEADER_HEIGHT, justifyContent: 'center' }}>
            <CircularProgress size={20} color="inherit" aria-label="Loading logo" />
          </Toolbar>
        </AppBar>
      )}
      <Box component="main" aria-busy="true" sx={{ minHeight: '50vh' }} />
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

function Shell({
  data,
  route,
  transitionKey,
  loading,
  children,
}: {
  data: DataResponse;
  route: RouteName | null;
  transitionKey: string | null;
  loading: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const cartCount = useCartCount();
  const unreadCount = useUnreadCount(data);
  const preview = isPreview(data);
  const showNav = showsBottomNav({ dataLoaded: true, route });
  const staffTools = data.internal_staff || import.meta.env.DEV;
  usePassHeadLinks(data, getToken(location.search));
  return (
    <>
      <SkipLink />
      <LoadingBar active={loading} />
      {hasTopBar(route) && (
        <TopBar
          logoUrl={headerLogoUrl(data)}
          name={passName(data)}
          isPreview={preview}
          previewTarget={preview ? previewTarget(previewInfo(data), location.search) : null}
          endSlot={staffTools ? <ClearStorageButton /> : null}
        />
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          outline: 'none',
          // clip, not hidden: hidden would make <main> the scroll container of position: sticky, and the
          // fixed ImageShowcase (spec 2.4) would scroll away instead of staying under the top bar.
          overflowX: 'clip',
          pb: showNav ? `calc(${BOTTOM_NAV_HEIGHT}px + env(safe-area-inset-bottom))` : 0,
        }}
      >
        <Box
          key={transitionKey ?? 'page'}
          sx={
            transitionKey
              ? {
                  animation: 'tp-slide-right 250ms ease-out',
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }
              : undefined
          }
        >
          {children}
        </Box>
      </Box>
      {showNav && <BottomNav tabs={bottomNavTabs(data, cartCount, unreadCount)} route={route} />}
      <InstallPrompt loggedIn={isLoggedIn(data)} />
    </>
  );
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

  const transitionKey = current?.handle.transition ? location.pathname : null;
  return (
    <Shell data={data} route={route} transitionKey={transitionKey} loading={navigation.state === 'loading'}>
      <Outlet />
    </Shell>
  );
}
