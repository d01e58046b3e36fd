import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineIndicator } from './OfflineIndicator';

/** jsdom is always online: the browser's answer is set here, and the event it would fire is sent. */
function goOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineIndicator', () => {
  it('shows nothing while online, but its status region is already there to announce a change', () => {
    render(<OfflineIndicator />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it('says You are offline in the status region when the connection goes, and nothing once it is back', () => {
    render(<OfflineIndicator />);
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(/^You are offline$/);
    expect(screen.getByText('You are offline')).toBeVisible();
    goOnline(true);
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it('shows the text at once on a page opened without a connection', () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
  });
});
