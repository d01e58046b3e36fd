/** Spec 9: the add-to-home-screen check runs this long after the app has loaded. */
export const INSTALL_PROMPT_DELAY_MS = 10_000;
/** Local-storage flag set when the dialog is closed (spec 2.3: not shown again once dismissed). */
export const INSTALL_PROMPT_DISMISSED_KEY = 'trailpass-install-prompt-dismissed';

export type InstallPlatform = 'ios' | 'android' | 'desktop';

/** Chromium's install offer (`beforeinstallprompt`); not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function installPlatform(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator,
): InstallPlatform {
  const agent = nav.userAgent;
  // iPadOS reports a Mac user agent; only its touch screen tells them apart.
  if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && nav.maxTouchPoints > 1)) return 'ios';
  return /Android/.test(agent) ? 'android' : 'desktop';
}

/** Running as the installed app: the display-mode query, or iOS Safari's own flag. */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

export function isInstallPromptDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function dismissInstallPrompt(): void {
  try {
    window.localStorage.setItem(INSTALL_PROMPT_DISMISSED_KEY, '1');
  } catch {
    // Storage disabled: the dialog may show again on the next visit.
  }
}

let captured: BeforeInstallPromptEvent | null = null;

/** The browser's install offer, if one was captured and not used yet. */
export const installPromptEvent = () => captured;

/**
 * Keeps the browser's install offer for the dialog's "Yes, Please!" (and stops the browser's own
 * banner). Called at start-up: the event can fire before the app has rendered.
 */
export function captureInstallPrompt(): () => void {
  const keep = (event: Event) => {
    event.preventDefault();
    captured = event as BeforeInstallPromptEvent;
  };
  window.addEventListener('beforeinstallprompt', keep);
  return () => {
    window.removeEventListener('beforeinstallprompt', keep);
    captured = null;
  };
}

/**
 * Spec 2.3: logged in, not in standalone mode, not dismissed, and on iOS or Android. Elsewhere (the
 * desktop fallback) only when the browser offered to install, since "Yes, Please!" needs that offer.
 */
export function shouldOfferInstall(check: {
  loggedIn: boolean;
  standalone: boolean;
  dismissed: boolean;
  platform: InstallPlatform;
  canPrompt: boolean;
}): boolean {
  const { loggedIn, standalone, dismissed, platform, canPrompt } = check;
  return loggedIn && !standalone && !dismissed && (platform !== 'desktop' || canPrompt);
}
