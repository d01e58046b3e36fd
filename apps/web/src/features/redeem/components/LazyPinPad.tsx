import { Component, type ComponentType, lazy, type ReactNode } from 'react';
import { loadMuiTheme, MuiIsland } from '../../../components/mui-theme';
import { Button } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { importWithTimeout } from '../../../lib/lazy';
import type { PinPadDialogProps } from './PinPadDialog';

/** Fetches the pad's chunk; call it as a button is reached for (pointer enter, focus) so it opens at once. */
export const loadPinPad = () => importWithTimeout(() => import('./PinPadDialog'));

/** Starts loading the pad's chunk, ignoring a failure (the dialog reports it when it is opened). */
export function preloadPinPad(): void {
  void loadPinPad().catch(() => undefined);
}

/** Starts loading the pad and MUI's theme (PinPadIsland's two chunks), ignoring a failure. */
export function preloadPinPadIsland(): void {
  preloadPinPad();
  void loadMuiTheme().catch(() => undefined);
}

/**
 * When the pad's code cannot load (offline), say so in place of the dialog, and let it be closed. Plain
 * elements (decision 0027): it also stands in when MUI itself could not load.
 */
export function PinPadUnavailable({ open, onClose }: PinPadDialogProps) {
  const { t } = useTranslation('redeem');
  if (!open) return null;
  return (
    <div role="alert" style={{ marginTop: 8 }}>
      <p className="tp-body2 tp-error-text">{t('pinPadFailed')}</p>
      <Button size="small" onClick={onClose} style={{ minHeight: 48 }}>
        {t('ok')}
      </Button>
    </div>
  );
}

/**
 * Spec 2.18 PIN pad in its own chunk, loaded when a holder first reaches for it: no page's first JS
 * carries the pad. Render it inside Suspense, with MUI's theme around it (PinPadIsland does both).
 */
export const LazyPinPadDialog = lazy<ComponentType<PinPadDialogProps>>(() =>
  loadPinPad().catch((error: unknown) => {
    console.warn('The PIN pad could not be loaded', error);
    return { default: PinPadUnavailable };
  }),
);

/** Shows `fallback` once its children threw: MUI's theme chunk failed to load (MuiIsland throws). */
class PadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The PIN pad could not be loaded', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The pad as an MUI island (decision 0027): MUI and the pad's code load when a holder first opens it, so the
 * pages that offer Redeem draw no MUI before that. If either chunk cannot load, the plain message stands in.
 */
export function PinPadIsland(props: PinPadDialogProps) {
  return (
    <PadBoundary fallback={<PinPadUnavailable {...props} />}>
      <MuiIsland>
        <LazyPinPadDialog {...props} />
      </MuiIsland>
    </PadBoundary>
  );
}
