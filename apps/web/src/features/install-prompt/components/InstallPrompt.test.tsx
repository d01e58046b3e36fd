import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeData } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { testQueryClient } from '../../../test/render';
import { USER_AGENTS } from '../../../test/user-agents';
import {
  captureInstallPrompt,
  INSTALL_PROMPT_DELAY_MS,
  INSTALL_PROMPT_DISMISSED_KEY,
} from '../install-prompt';
import { InstallPrompt } from './InstallPrompt';

const CLOSE_TAB_TEXT = 'Once you install the app, you may close this tab.';

beforeAll(async () => {
  // Load the lazy chunk once, so that each test waits for React only.
  await import('./InstallPromptDialog');
});

beforeEach(() => {
  window.history.replaceState(null, '', '/pass/experiences?t=tok');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function useAgent(agent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(agent);
}

function renderPrompt({ loggedIn = true, reload = vi.fn() } = {}) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const utils = render(
    <QueryClientProvider client={testQueryClient(makeData())}>
      <InstallPrompt loggedIn={loggedIn} reload={reload} />
    </QueryClientProvider>,
  );
  return { ...utils, reload };
}

/** Moves the clock on, then lets the lazy dialog render with real timers. */
async function passTime(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
  vi.useRealTimers();
  await act(async () => {});
}

/** A captured `beforeinstallprompt` with a controllable user choice. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const stop = captureInstallPrompt();
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  window.dispatchEvent(event);
  return { prompt, stop };
}

preloadLazyModules(() => import('./InstallPromptDialog'));

describe('add-to-home-screen dialog (spec 2.3)', () => {
  it('is not shown before 10 seconds, then on iOS asks to add to the home screen', async () => {
    useAgent(USER_AGENTS.iphone);
    renderPrompt();
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS - 1);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await passTime(1);
    const dialog = await screen.findByRole('dialog', { name: 'Add to Home Screen?' });
    expect(dialog).toHaveTextContent(/tap the share icon/);
    expect(dialog).toHaveTextContent(/scroll to Add to Home Screen/);
    expect(dialog).toHaveTextContent(/Lakeshore Brew Trail/);
    expect(within(dialog).getByText(CLOSE_TAB_TEXT)).toBeInTheDocument();
    expect(dialog.querySelector('[data-testid="IosShareIcon"]')).toHaveAttribute('aria-hidden', 'true');
    // Nothing to prompt with on iOS: instructions only.
    expect(within(dialog).queryByRole('button', { name: 'Yes, Please!' })).not.toBeInTheDocument();
    // Focus moves into the dialog, onto its close button.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('on Android asks to install the app, with the browser menu', async () => {
    useAgent(USER_AGENTS.android);
    renderPrompt();
    await passTime(INSTALL_PROMPT_DELAY_MS);
    const dialog = await screen.findByRole('dialog', { name: 'Install App?' });
    expect(dialog).toHaveTextContent(/tap the menu icon/);
    expect(dialog.querySelector('[data-testid="MoreVertIcon"]')).toHaveAttribute('aria-hidden', 'true');
    expect(within(dialog).getByText(CLOSE_TAB_TEXT)).toBeInTheDocument();
  });

  it('is not shown once dismissed', async () => {
    useAgent(USER_AGENTS.iphone);
    window.localStorage.setItem(INSTALL_PROMPT_DISMISSED_KEY, '1');
    renderPrompt();
    await passTime(INSTALL_PROMPT_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown in standalone mode', async () => {
    useAgent(USER_AGENTS.android);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    renderPrompt();
    await passTime(INSTALL_PROMPT_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown when signed out', async () => {
    useAgent(USER_AGENTS.iphone);
    renderPrompt({ loggedIn: false });
    await passTime(INSTALL_PROMPT_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown on a desktop browser that offers no install', async () => {
    useAgent(USER_AGENTS.desktop);
    renderPrompt();
    await passTime(INSTALL_PROMPT_DELAY_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sets the dismissed flag when closed with its close button', async () => {
    useAgent(USER_AGENTS.iphone);
    renderPrompt();
    await passTime(INSTALL_PROMPT_DELAY_MS);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).not.toBeNull();
  });

  it('closes on Escape and remembers it', async () => {
    useAgent(USER_AGENTS.android);
    renderPrompt();
    await passTime(INSTALL_PROMPT_DELAY_MS);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).not.toBeNull();
  });

  it('offers Yes, Please! on desktop when the browser can install, and a declined prompt dismisses', async () => {
    useAgent(USER_AGENTS.desktop);
    const { prompt, stop } = offerInstall('dismissed');
    try {
      renderPrompt();
      await passTime(INSTALL_PROMPT_DELAY_MS);
      const dialog = await screen.findByRole('dialog', { name: 'Install App?' });
      const yes = within(dialog).getByRole('button', { name: 'Yes, Please!' });
      expect(yes).toHaveFocus();
      await userEvent.click(yes);
      expect(prompt).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).not.toBeNull();
    } finally {
      stop();
    }
  });

  it('hides and reloads the page after the app is installed', async () => {
    useAgent(USER_AGENTS.android);
    const { prompt, stop } = offerInstall('accepted');
    try {
      const { reload } = renderPrompt();
      await passTime(INSTALL_PROMPT_DELAY_MS);
      await userEvent.click(await screen.findByRole('button', { name: 'Yes, Please!' }));
      expect(prompt).toHaveBeenCalledTimes(1);
      // Accepted: it stays until the browser reports the installation.
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      act(() => {
        window.dispatchEvent(new Event('appinstalled'));
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(reload).toHaveBeenCalledTimes(1);
      // Installed is not dismissed.
      expect(window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).toBeNull();
    } finally {
      stop();
    }
  });

  it('checks once: signing in after the check does not show it', async () => {
    useAgent(USER_AGENTS.iphone);
    const { rerender } = renderPrompt({ loggedIn: false });
    await passTime(INSTALL_PROMPT_DELAY_MS);
    rerender(
      <QueryClientProvider client={testQueryClient(makeData())}>
        <InstallPrompt loggedIn reload={vi.fn()} />
      </QueryClientProvider>,
    );
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
