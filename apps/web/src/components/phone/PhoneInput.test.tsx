import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PhoneInput, type PhoneInputProps } from './PhoneInput';
import type { PhoneValidity } from './phone-number';

/** A form around the input, as pages use it: it keeps the value and records what the input emits. */
function Harness({
  initial = '',
  onEmit,
  onSubmit = vi.fn(),
  ...props
}: Partial<PhoneInputProps> & {
  initial?: string;
  onEmit?: (value: string, validity: PhoneValidity) => void;
  onSubmit?: () => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PhoneInput
        id="phone"
        value={value}
        onChange={(next, validity) => {
          setValue(next);
          onEmit?.(next, validity);
        }}
        {...props}
      />
      <button type="submit">Send</button>
    </form>
  );
}

const phoneBox = () => screen.getByRole('textbox', { name: /Phone/ });

/** The page behind a dialog is hidden from assistive technology until the dialog has gone. */
async function dialogGone() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

// The country list is its own chunk of about 250 rows: the first test that opens it pays for compiling
// and rendering it in jsdom, which on a busy two-core machine can pass the 5 s default.
const DIALOG_TIMEOUT = 20_000;

describe('PhoneInput (spec 2.19)', { timeout: 15_000 }, () => {
  it('shows the default placeholder, a tel input with autocomplete, and the country button', () => {
    render(<Harness />);
    const input = phoneBox();
    expect(input).toHaveAttribute('placeholder', 'Enter a phone number');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByRole('button', { name: 'Country: United States +1. Change country' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });

  it('keeps only phone characters and formats internationally as typed, emitting the trimmed number', async () => {
    const user = userEvent.setup();
    const onEmit = vi.fn();
    render(<Harness onEmit={onEmit} />);
    await user.type(phoneBox(), 'abc920x555 0123 ');
    expect(phoneBox()).toHaveValue('+1 920 555 0123');
    expect(onEmit).toHaveBeenLastCalledWith('+1 920 555 0123', {
      valid: true,
      message: null,
      e164: '+19205550123',
    });
    for (const [value] of onEmit.mock.calls) expect(value).toBe(String(value).trim());
  });

  it('follows the country a typed number names', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(phoneBox(), '+15195550144');
    expect(phoneBox()).toHaveValue('+1 519 555 0144');
    expect(screen.getByRole('button', { name: /^Country: Canada \+1/ })).toBeInTheDocument();
  });

  it('blocks Enter: the form around it is not submitted', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} initial="+1 920 555 0123" />);
    await user.type(phoneBox(), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(phoneBox()).toHaveValue('+1 920 555 0123');
  });

  it('shows Invalid phone number only once the field was left, tied to the input', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(phoneBox(), '+1 123');
    expect(screen.queryByText('Invalid phone number')).not.toBeInTheDocument();
    expect(phoneBox()).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    const message = screen.getByText('Invalid phone number');
    expect(phoneBox()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneBox().getAttribute('aria-describedby')).toContain(message.id);
  });

  it('required and empty: Phone number is required after the field was left; optional and empty is fine', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness required />);
    await user.click(phoneBox());
    await user.tab();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    unmount();

    render(<Harness />);
    await user.click(phoneBox());
    await user.tab();
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid phone number')).not.toBeInTheDocument();
  });

  it('lets the parent say when the field counts as touched', () => {
    render(<Harness initial="+1 123" touched />);
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
  });

  it(
    'searches the country list and swaps the calling code for the chosen country',
    async () => {
      const user = userEvent.setup();
      const onEmit = vi.fn();
      render(<Harness initial="+1 20 7946 0958" onEmit={onEmit} />);
      await user.click(screen.getByRole('button', { name: /^Country: United States/ }));

      const dialog = await screen.findByRole('dialog', { name: 'Choose a country' });
      const search = within(dialog).getByRole('combobox', { name: 'Search countries' });
      expect(search).toHaveFocus();
      // The whole list, US and Canada first.
      const options = within(dialog).getAllByRole('option');
      expect(options.length).toBeGreaterThan(240);
      expect(options[0]).toHaveTextContent('United States+1');
      expect(options[1]).toHaveTextContent('Canada+1');

      await user.type(search, 'united k');
      const matches = within(dialog).getAllByRole('option');
      expect(matches).toHaveLength(1);
      await user.click(matches[0] as HTMLElement);
      await dialogGone();

      expect(phoneBox()).toHaveValue('+44 20 7946 0958');
      expect(onEmit).toHaveBeenLastCalledWith('+44 20 7946 0958', expect.objectContaining({ valid: true }));
      expect(
        screen.getByRole('button', { name: 'Country: United Kingdom +44. Change country' }),
      ).toBeInTheDocument();
    },
    DIALOG_TIMEOUT,
  );

  it(
    'finds countries by calling code and closes on Cancel without a change',
    async () => {
      const user = userEvent.setup();
      const onEmit = vi.fn();
      render(<Harness onEmit={onEmit} />);
      await user.click(screen.getByRole('button', { name: /^Country: United States/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose a country' });
      await user.type(within(dialog).getByRole('combobox', { name: 'Search countries' }), '+353');
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Ireland+353']);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await dialogGone();
      expect(onEmit).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: /^Country: United States/ })).toBeInTheDocument();
    },
    DIALOG_TIMEOUT,
  );

  it(
    'choosing a country with the field empty only sets the country for what is typed next',
    async () => {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getByRole('button', { name: /^Country: United States/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose a country' });
      await user.type(within(dialog).getByRole('combobox', { name: 'Search countries' }), 'canada{Enter}');
      await dialogGone();
      expect(phoneBox()).toHaveValue('');
      expect(screen.getByRole('button', { name: /^Country: Canada \+1/ })).toBeInTheDocument();
      await user.type(phoneBox(), '4165550199');
      expect(phoneBox()).toHaveValue('+1 416 555 0199');
    },
    DIALOG_TIMEOUT,
  );
});
