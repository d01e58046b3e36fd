import { type ComponentType, lazy, useEffect, useRef, useState } from 'react';
import { MuiIsland } from '../../../components/mui-theme';
import { importWithTimeout } from '../../../lib/lazy';
import {
  type BeforeInstallPromptEvent,
  dismissInstallPrompt,
  INSTALL_PROMPT_DELAY_MS,
  type InstallPlatform,
  installPlatform,
  installPromptEvent,
  isInstallPromptDismissed,
  isStandalone,
  shouldOfferInstall,
} from '../install-prompt';
import type { InstallPromptDialogProps } from './InstallPromptDialog';

// Its own chunk: most visits never show it, so it stays out of the initial JS.
const InstallPromptDialog = lazy<ComponentType<InstallPromptDialogProps>>(() =>
  importWithTimeout(() => import('./InstallPromptDialog')).catch((error: unknown) => {
    // An optional dialog: when its chunk cannot load, the page carries on without it.
    console.warn('The install dialog could not be loaded', error);
    return { default: () => null };
  }),
);

interface Offer {
  platform: InstallPlatform;
  /** The browser's install offer as it was when the dialog opened (it can be used once). */
  prompt: BeforeInstallPromptEvent | null;
  open: boolean;
}

/** Spec 2.3: the add-to-home-screen dialog, checked once, 10 seconds after the app has loaded. */
export function InstallPrompt({
  loggedIn,
  reload = () => window.location.reload(),
}: {
  loggedIn: boolean;
  reload?: () => void;
}) {
  const [offer, setOffer] = useState<Offer | null>(null);
  // Read when the check runs, without restarting the 10 seconds when it changes.
  const loggedInNow = useRef(loggedIn);
  loggedInNow.current = loggedIn;

  useEffect(() => {
    const timer = setTimeout(() => {
      const platform = installPlatform();
      const prompt = installPromptEvent();
      const check = {
        loggedIn: loggedInNow.current,
        standalone: isStandalone(),
        dismissed: isInstallPromptDismissed(),
        platform,
        canPrompt: prompt !== null,
      };
      if (shouldOfferInstall(check)) setOffer({ platform, prompt, open: true });
    }, INSTALL_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!offer) return null;
  const close = () => setOffer({ ...offer, open: false });
  return (
    // An MUI dialog: MUI's core and the theme load with it (decision 0027).
    <MuiIsland>
      <InstallPromptDialog
        open={offer.open && loggedIn}
        platform={offer.platform}
        prompt={offer.prompt}
        onClose={() => {
          dismissInstallPrompt();
          close();
        }}
        onInstalled={() => {
          close();
          reload();
        }}
      />
    </MuiIsland>
  );
}
