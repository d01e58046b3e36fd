import Box from '@mui/material/Box';
import type { DataResponse } from '@trailpass/contract';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  headerLogoUrl,
  isLoggedIn,
  isPreview,
  passName,
  previewInfo,
  primaryColour,
} from '../../features/app-data';
import { InstallPrompt } from '../../features/install-prompt';
import { useUnreadCount } from '../../features/messages';
import type { RouteName } from '../../lib/routes';
import { getToken, useCartCount } from '../../lib/session';
import { previewTarget } from '../guards';
import { usePassHeadLinks } from '../head-links';
import { AppTheme } from './AppTheme';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './BottomNav';
import { bottomNavTabs, showsBottomNav } from './bottom-nav';
import { ClearStorageButton } from './ClearStorageButton';
import { hasTopBar } from './frame';
import { LoadingBar } from './LoadingBar';
import { SkipLink } from './SkipLink';
import { TopBar } from './TopBar';

export interface ShellProps {
  data: DataResponse;
  route: RouteName | null;
  /** The key that restarts the page's slide-in animation; null for a page without one. */
  transitionKey: string | null;
  loading: boolean;
  children: ReactNode;
}

/**
 * The pass's shell in MUI: the theme in the pass's colour, top bar, bottom navigation and install prompt around
 * the page. Its own chunk (RootLayout loads it), so that Pass Login, which has none of these, needs no MUI at
 * all (decision 0025); main.tsx starts loading it at once on any other page.
 */
export default function ThemedShell({ data, route, transitionKey, loading, children }: ShellProps) {
  const location = useLocation();
  const cartCount = useCartCount();
  const unreadCount = useUnreadCount(data);
  const preview = isPreview(data);
  const showNav = showsBottomNav({ dataLoaded: true, route });
  const staffTools = data.internal_staff || import.meta.env.DEV;
  usePassHeadLinks(data, getToken(location.search));
  return (
    <AppTheme primary={primaryColour(data)}>
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
    </AppTheme>
  );
}
