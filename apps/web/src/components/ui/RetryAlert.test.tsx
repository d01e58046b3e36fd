import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RETRYING_MESSAGE, RetryAlert } from './RetryAlert';

const MESSAGE = 'We could not load your orders. Check your connection and try again.';

describe('RetryAlert', () => {
  it('is an alert with the page’s message and a Try again button inside it', () => {
    render(<RetryAlert onRetry={() => {}}>{MESSAGE}</RetryAlert>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGE);
    expect(alert).toHaveClass('tp-alert-error');
    const button = within(alert).getByRole('button', { name: 'Try again' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('aria-disabled');
    // The polite status beside it says nothing until a retry is under way.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('calls the retry on a click, and on Enter or Space from the keyboard', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<RetryAlert onRetry={onRetry}>{MESSAGE}</RetryAlert>);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onRetry).toHaveBeenCalledTimes(3);
  });

  it('while retrying: the button keeps its name and focus, is aria-disabled, ignores presses, and the status says so', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = render(<RetryAlert onRetry={onRetry}>{MESSAGE}</RetryAlert>);
    const button = screen.getByRole('button', { name: 'Try again' });
    await user.click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(
      <RetryAlert onRetry={onRetry} retrying>
        {MESSAGE}
      </RetryAlert>,
    );
    // The same button, still focused (a disabled button would drop the keyboard's focus to the page).
    expect(screen.getByRole('button', { name: 'Try again' })).toBe(button);
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(RETRYING_MESSAGE);
    // The spinner only shows it: hidden from assistive technology, which hears the status.
    expect(within(button).queryByRole('progressbar')).toBeNull();
    expect(within(button).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    button.click();
    expect(onRetry).toHaveBeenCalledTimes(1);

    // The retry failed again: the alert stays and can be tried once more.
    rerender(<RetryAlert onRetry={onRetry}>{MESSAGE}</RetryAlert>);
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(button);
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('is announced as an alert as a warning too', () => {
    render(
      <RetryAlert onRetry={() => {}} severity="warning">
        Your mailing lists could not be loaded. Check your connection and try again.
      </RetryAlert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('tp-alert-warning');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
