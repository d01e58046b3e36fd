import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { importWithTimeout } from '../../lib/lazy';

/** MUI's core and the theme's chunk; call it early to have it ready before an island shows. */
export const loadMuiTheme = () => importWithTimeout(() => import('./MuiTheme'));
const MuiTheme = lazy<ComponentType<{ children: ReactNode }>>(loadMuiTheme);

/**
 * A part of the app drawn with MUI (a dialog, a form, a page not yet in plain components): its children get
 * the pass's MUI theme, loaded on first use (decision 0027). `fallback` shows while MUI loads (nothing by
 * default: most islands are dialogs that open on a tap). A chunk that fails to load throws to the nearest
 * error boundary, as a page chunk does.
 */
export function MuiIsland({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <MuiTheme>{children}</MuiTheme>
    </Suspense>
  );
}
