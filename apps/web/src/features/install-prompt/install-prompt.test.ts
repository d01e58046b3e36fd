import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_AGENTS } from '../../test/user-agents';
import {
  captureInstallPrompt,
  dismissInstallPrompt,
  INSTALL_PROMPT_DELAY_MS,
  INSTALL_PROMPT_DISMISSED_KEY,
  installPlatform,
  installPromptEvent,
  isInstallPromptDismissed,
  isStandalone,
  shouldOfferInstall,
} from './install-prompt';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('install prompt rules (spec 2.3, 9)', () => {
  it('waits 10 seconds', () => {
    expect(INSTALL_PROMPT_DELAY_MS).toBe(10_000);
  });

  it('tells iOS (iPadOS included), Android and the rest apart by the user agent', () => {
    expect(installPlatform({ userAgent: USER_AGENTS.iphone, maxTouchPoints: 5 })).toBe('ios');
    expect(installPlatform({ userAgent: USER_AGENTS.ipadDesktopMode, maxTouchPoints: 5 })).toBe('ios');
    expect(installPlatform({ userAgent: USER_AGENTS.ipadDesktopMode, maxTouchPoints: 0 })).toBe('desktop');
    expect(installPlatform({ userAgent: USER_AGENTS.android, maxTouchPoints: 5 })).toBe('android');
    expect(installPlatform({ userAgent: USER_AGENTS.desktop, maxTouchPoints: 0 })).toBe('desktop');
  });

  it('offers the dialog only when logged in, in the browser, not dismissed, on a phone or with a prompt', () => {
    const base = { loggedIn: true, standalone: false, dismissed: false, canPrompt: false } as const;
    expect(shouldOfferInstall({ ...base, platform: 'ios' })).toBe(true);
    expect(shouldOfferInstall({ ...base, platform: 'android' })).toBe(true);
    expect(shouldOfferInstall({ ...base, platform: 'desktop' })).toBe(false);
    expect(shouldOfferInstall({ ...base, platform: 'desktop', canPrompt: true })).toBe(true);
    expect(shouldOfferInstall({ ...base, platform: 'ios', loggedIn: false })).toBe(false);
    expect(shouldOfferInstall({ ...base, platform: 'ios', standalone: true })).toBe(false);
    expect(shouldOfferInstall({ ...base, platform: 'android', dismissed: true })).toBe(false);
  });

  it('sees standalone mode through the display-mode query or navigator.standalone', () => {
    expect(isStandalone()).toBe(false);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    expect(isStandalone()).toBe(true);
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    try {
      expect(isStandalone()).toBe(true);
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });

  it('remembers a dismissal in local storage', () => {
    expect(isInstallPromptDismissed()).toBe(false);
    dismissInstallPrompt();
    expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).not.toBeNull();
    expect(isInstallPromptDismissed()).toBe(true);
  });

  it("keeps the browser's install offer and stops its own banner", () => {
    const stop = captureInstallPrompt();
    try {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      expect(installPromptEvent()).toBe(event);
    } finally {
      stop();
    }
    expect(installPromptEvent()).toBeNull();
  });
});
