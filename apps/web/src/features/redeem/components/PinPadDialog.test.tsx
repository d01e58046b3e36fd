import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import PinPadDialog, { type PinPadDialogProps } from './PinPadDialog';

const HELP = 'The 4 digit code must be entered by an attendee to redeem.';

function renderPad(overrides: Partial<PinPadDialogProps> = {}) {
  const props: PinPadDialogProps = {
    open: true,
    pending: false,
    errors: [],
    onSubmit: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  const utils = render(<PinPadDialog {...props} />);
  return {
    ...utils,
    props,
    rerenderWith: (next: Partial<PinPadDialogProps>) => utils.rerender(<PinPadDialog {...props} {...next} />),
  };
}

function key(name: string) {
  return screen.getByRole('button', { name });
}

async function press(...names: string[]) {
  for (const name of names) await userEvent.click(key(name));
}

function filledSlots(): number {
  return document.querySelectorAll('[data-filled="true"]').length;
}

/** Opens and closes the pad as a caller would. */
function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <PinPadDialog
        open={open}
        pending={false}
        errors={[]}
        onSubmit={vi.fn()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('PinPadDialog (spec 2.18)', () => {
  it('is titled Enter Validation Code, with the help text, four empty slots and the keys', () => {
    renderPad();
    const dialog = screen.getByRole('dialog', { name: 'Enter Validation Code' });
    expect(dialog).toHaveAccessibleDescription(HELP);
    expect(within(dialog).getByText(HELP)).toBeInTheDocument();
    expect(within(dialog).getByText('0 of 4 digits entered')).toBeInTheDocument();
    expect(filledSlots()).toBe(0);
    const keypad = within(dialog).getByRole('group', { name: 'Keypad' });
    expect(
      within(keypad)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'Delete']);
    expect(key('Continue')).toBeDisabled();
    expect(key('Cancel')).toBeEnabled();
  });

  it('fills a slot per digit, ignores a fifth, deletes the last; Continue only at 4 digits', async () => {
    const { props } = renderPad();
    await press('1', '3', '5');
    expect(screen.getByText('3 of 4 digits entered')).toBeInTheDocument();
    expect(filledSlots()).toBe(3);
    expect(key('Continue')).toBeDisabled();
    await press('7', '9');
    expect(screen.getByText('4 of 4 digits entered')).toBeInTheDocument();
    await press('Delete');
    expect(filledSlots()).toBe(3);
    expect(key('Continue')).toBeDisabled();
    await press('7');
    expect(key('Continue')).toBeEnabled();
    await press('Continue');
    expect(props.onSubmit).toHaveBeenCalledWith('1357');
  });

  it('shows dots, never the digits', async () => {
    renderPad();
    await press('4', '8');
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/48/);
  });

  it('takes digits, Backspace and Enter from a physical keyboard', async () => {
    const { props } = renderPad();
    await userEvent.keyboard('2468');
    expect(filledSlots()).toBe(4);
    await userEvent.keyboard('{Backspace}1');
    await userEvent.keyboard('{Enter}');
    expect(props.onSubmit).toHaveBeenCalledWith('2461');
  });

  it('replaces the help text with an error alert listing each message, and clears the pin', async () => {
    const { rerenderWith } = renderPad();
    await press('0', '0', '0', '0');
    rerenderWith({ errors: ['That code is not correct. Please try again.'] });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('That code is not correct. Please try again.');
    expect(screen.queryByText(HELP)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'That code is not correct. Please try again.',
    );
    expect(filledSlots()).toBe(0);
    expect(key('Continue')).toBeDisabled();

    rerenderWith({ errors: ['This has expired and can no longer be redeemed.', 'Another reason.'] });
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['This has expired and can no longer be redeemed.', 'Another reason.']);
  });

  it('waits while the code is checked, then clears the pin and returns focus to the keys', async () => {
    const { rerenderWith } = renderPad();
    await press('1', '3', '5', '7', 'Continue');
    rerenderWith({ pending: true });
    expect(key('1')).toBeDisabled();
    expect(key('Cancel')).toBeDisabled();
    expect(key('Continue')).toBeDisabled();
    expect(filledSlots()).toBe(4);
    // Keys typed meanwhile are ignored.
    await userEvent.keyboard('{Backspace}');
    expect(filledSlots()).toBe(4);
    rerenderWith({ pending: false });
    expect(filledSlots()).toBe(0);
    expect(key('1')).toHaveFocus();
  });

  it('closes with Cancel or Escape, but not by a tap beside it, nor while the code is checked', async () => {
    const { props, rerenderWith } = renderPad();
    await press('Cancel');
    expect(props.onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(2);
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await userEvent.click(backdrop as Element);
    expect(props.onClose).toHaveBeenCalledTimes(2);
    rerenderWith({ pending: true });
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('starts empty each time it opens', async () => {
    render(<Harness />);
    await press('1', '2');
    await press('Cancel');
    await userEvent.click(await screen.findByRole('button', { name: 'Open', hidden: true }));
    expect(await screen.findByText('0 of 4 digits entered')).toBeInTheDocument();
  });
});
