import type { DataResponse } from '@trailpass/contract';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { MuiIsland, PassColourContext } from '../../components/mui-theme';
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
import { useTranslation } from '../../i18n';
import type { RouteName } from '../../lib/routes';
import { getToken, useCartCount } from '../../lib/session';
import { previewTarget } from '../guards';
import { usePassHeadLinks } from '../head-links';
import { MUI_PAGES } from '../mui-pages';
import { BottomNav } from './BottomNav';
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

/** What a page still drawn with MUI shows while MUI's core and the theme load (MUI_PAGES). */
function MuiPageLoading() {
  return <div className="tp-page-loading" aria-busy="true" />;
}

/**
 * The pass's shell in plain components (decision 0027): top bar, bottom navigation and the install prompt
 * around the page, in the pass's colour. Part of the entry, so a page never waits for it; a page that is
 * still drawn with MUI (MUI_PAGES) gets MUI's theme around it, loaded with the page.
 */
export function Shell({ data, route, transitionKey, loading, children }: ShellProps) {
  const location = useLocation();
  // The bottom navigation's labels (bottomNavTabs) follow the holder's language: render again when it changes.
  useTranslation('shell');
  const cartCount = useCartCount();
  const unreadCount = useUnreadCount(data);
  const preview = isPreview(data);
  const showNav = showsBottomNav({ dataLoaded: true, route });
  const staffTools = data.internal_staff || import.meta.env.DEV;
  usePassHeadLinks(data, getToken(location.search));
  const page =
    route !== null && MUI_PAGES.has(route) ? (
      <MuiIsland fallback={<MuiPageLoading />}>{children}</MuiIsland>
    ) : (
      children
    );
  return (
    <PassColourContext.Provider value={primaryColour(data)}>
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
      {/* overflow-x clip, not hidden (styles/shell.css): hidden would make <main> the scroll container of
          position: sticky, and the fixed ImageShowcase (spec 2.4) would scroll away instead of staying. */}
      <main id="main-content" tabIndex={-1} className={showNav ? 'tp-main tp-main-nav' : 'tp-main'}>
        <div key={transitionKey ?? 'page'} className={transitionKey ? 'tp-slide-in' : undefined}>
          {page}
        </div>
      </main>
      {showNav && <BottomNav tabs={bottomNavTabs(data, cartCount, unreadCount)} route={route} />}
      <InstallPrompt loggedIn={isLoggedIn(data)} />
    </PassColourContext.Provider>
  );
}
