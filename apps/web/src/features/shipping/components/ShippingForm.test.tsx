import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AddressSource } from '../shipping-form';
import { ShippingForm, type ShippingFormProps } from './ShippingForm';

/** The demo's pass holders as /data gives them (address fields only). */
const AVA: AddressSource = {
  first_name: 'Ava',
  last_name: 'Lindqvist',
  email: 'ava@example.com',
  phone: '+19205550123',
  address: '742 Birch Lane',
  address_2: 'Apt 3',
  city: 'Port Alder',
  state: 'WI',
  zip_code: '54290',
  country: 'US',
};
const SAM: AddressSource = {
  first_name: 'Sam',
  last_name: 'Staff',
  email: 'sam@trailpass.example',
  phone: null,
  address: null,
  address_2: null,
  city: null,
  state: null,
  zip_code: null,
  country: 'GB',
};
const HARPER: AddressSource = {
  first_name: 'Harper',
  last_name: 'Harbor',
  email: 'harper@example.com',
  phone: '+15195550144',
  address: '15 Lakeview Crescent',
  address_2: null,
  city: 'Maple Cove',
  state: 'ON',
  zip_code: 'N0A 1N0',
  country: 'CA',
};

function renderForm(props: Partial<ShippingFormProps> = {}) {
  const onSubmit = vi.fn(async () => {});
  render(
    <ShippingForm
      holderEmail={String(props.customer?.email ?? AVA.email)}
      customer={AVA}
      distribute={null}
      giftable={false}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });
const next = () => screen.getByRole('button', { name: 'Next: Review Order' });

/** The message shown under a field, through the field's aria-describedby. */
function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  // MUI keeps an empty helper line as a zero-width space, so the layout does not jump.
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  return texts
    .join(' ')
    .replace(/\u200b/g, '')
    .trim();
}

// Typing into a dozen MUI fields in jsdom takes seconds on a busy two-core machine.
describe('ShippingForm (spec 2.7 and 5)', { timeout: 15_000 }, () => {
  it('starts from the holder’s details, the recipient locked, and Next enabled when all is valid (Ava)', async () => {
    renderForm();
    expect(field(/First Name/)).toHaveValue('Ava');
    expect(field(/First Name/)).toHaveAttribute('readonly');
    expect(field(/Last Name/)).toHaveAttribute('readonly');
    expect(field(/Email/)).toHaveAttribute('readonly');
    expect(field(/Phone/)).toHaveValue('+1 920 555 0123');
    expect(field(/Phone/)).not.toHaveAttribute('readonly');
    expect(field(/Street Address/)).toHaveValue('742 Birch Lane');
    expect(field(/Suite\/Apt/)).toHaveValue('Apt 3');
    expect(select(/Country/)).toHaveValue('US');
    expect(select(/^State/)).toHaveValue('WI');
    expect(field(/ZIP Code/)).toHaveValue('54290');
    // Not giftable: no checkbox.
    expect(screen.queryByRole('checkbox', { name: 'Ship to Someone Else' })).not.toBeInTheDocument();
    await waitFor(() => expect(next()).toBeEnabled());
  });

  it('sets autocomplete tokens for the browser’s own details and shipping address', () => {
    renderForm();
    expect(field(/First Name/)).toHaveAttribute('autocomplete', 'given-name');
    expect(field(/Street Address/)).toHaveAttribute('autocomplete', 'shipping address-line1');
    expect(select(/^State/)).toHaveAttribute('autocomplete', 'shipping address-level1');
    expect(field(/ZIP Code/)).toHaveAttribute('autocomplete', 'shipping postal-code');
  });

  it('falls back to US for another country and shows errors only once a field was left (Sam, GB)', async () => {
    const { user } = renderForm({ customer: SAM });
    expect(select(/Country/)).toHaveValue('US');
    expect(select(/^State/)).toHaveValue('');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await waitFor(() => expect(next()).toBeDisabled());

    await user.click(field(/Street Address/));
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.tab();
    expect(describedText(field(/Street Address/))).toBe('Required');
    expect(field(/Street Address/)).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(field(/City/))).toBe('');
  });

  it('says Required for each required field left empty, and nothing for Suite/Apt', async () => {
    const { user } = renderForm({ customer: SAM });
    for (const box of [field(/Street Address/), field(/Suite\/Apt/), field(/City/), field(/ZIP Code/)]) {
      await user.click(box);
      await user.tab();
    }
    await user.click(select(/^State/));
    await user.tab();
    expect(describedText(field(/Street Address/))).toBe('Required');
    expect(describedText(field(/City/))).toBe('Required');
    expect(describedText(field(/ZIP Code/))).toBe('Required');
    expect(describedText(select(/^State/))).toBe('Required');
    expect(describedText(field(/Suite\/Apt/))).toBe('');
  });

  it('enables Next once the address is complete, and not while the phone is invalid', async () => {
    const { user, onSubmit } = renderForm({ customer: SAM });
    await user.type(field(/Street Address/), '1 Harbour Road');
    await user.type(field(/City/), 'Port Alder');
    await user.selectOptions(select(/^State/), 'WI');
    await user.type(field(/ZIP Code/), '54290');
    await waitFor(() => expect(next()).toBeEnabled());

    await user.type(field(/Phone/), '+1 123');
    await waitFor(() => expect(next()).toBeDisabled());
    await user.clear(field(/Phone/));
    await user.type(field(/Phone/), '9205550188');
    await waitFor(() => expect(next()).toBeEnabled());

    await user.click(next());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      shipToSomeoneElse: false,
      address: {
        first_name: 'Sam',
        last_name: 'Staff',
        email: 'sam@trailpass.example',
        phone: '+19205550188',
        address: '1 Harbour Road',
        address_2: null,
        country: 'US',
        state: 'WI',
        city: 'Port Alder',
        zip_code: '54290',
      },
    });
  });

  it('lists the provinces for Canada and clears a state that is not in the new list (Harper, ON)', async () => {
    const { user } = renderForm({ customer: HARPER, holderEmail: 'harper@example.com' });
    expect(select(/Country/)).toHaveValue('CA');
    expect(select(/Province\/Territory/)).toHaveValue('ON');
    expect(field(/Postal Code/)).toHaveValue('N0A 1N0');
    expect(within(select(/Province\/Territory/)).getAllByRole('option')).toHaveLength(14);

    await user.selectOptions(select(/Country/), 'US');
    expect(select(/^State/)).toHaveValue('');
    expect(
      within(select(/^State/)).getByRole('option', { name: 'District of Columbia' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(next()).toBeDisabled());

    await user.selectOptions(select(/^State/), 'NY');
    await user.selectOptions(select(/Country/), 'US');
    expect(select(/^State/)).toHaveValue('NY');
  });

  it('Ship to Someone Else unlocks the recipient, reloads from the order’s recipient, and back', async () => {
    const { user } = renderForm({ giftable: true });
    const checkbox = screen.getByRole('checkbox', { name: 'Ship to Someone Else' });
    expect(checkbox).not.toBeChecked();

    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    // No recipient on the order yet: a blank form, open for typing, on US.
    expect(field(/First Name/)).toHaveValue('');
    expect(field(/First Name/)).not.toHaveAttribute('readonly');
    expect(field(/Email/)).not.toHaveAttribute('readonly');
    expect(field(/Street Address/)).toHaveValue('');
    expect(select(/Country/)).toHaveValue('US');
    await user.type(field(/First Name/), 'Mia');

    await user.click(checkbox);
    expect(field(/First Name/)).toHaveValue('Ava');
    expect(field(/First Name/)).toHaveAttribute('readonly');
    expect(field(/Street Address/)).toHaveValue('742 Birch Lane');
  });

  it('starts on the order’s recipient when it has one', () => {
    renderForm({
      giftable: true,
      distribute: { ...HARPER, email: 'harper@example.com' },
    });
    expect(screen.getByRole('checkbox', { name: 'Ship to Someone Else' })).toBeChecked();
    expect(field(/First Name/)).toHaveValue('Harper');
    expect(select(/Country/)).toHaveValue('CA');
    expect(field(/Phone/)).toHaveValue('+1 519 555 0144');
  });

  it('refuses the holder’s own e-mail for a recipient: You cannot ship this to yourself', async () => {
    const { user } = renderForm({ giftable: true, distribute: { ...HARPER, email: null } });
    await user.type(field(/Email/), 'AVA@example.com');
    await user.tab();
    expect(describedText(field(/Email/))).toBe('You cannot ship this to yourself');
    await waitFor(() => expect(next()).toBeDisabled());

    await user.clear(field(/Email/));
    await user.type(field(/Email/), 'harper@example');
    expect(describedText(field(/Email/))).toBe('Enter a Valid Email');
    await user.type(field(/Email/), '.com');
    expect(describedText(field(/Email/))).toBe('We may send them delivery updates.');
    await waitFor(() => expect(next()).toBeEnabled());
  });

  it('keeps a locked field open when the holder’s record cannot fill it validly', () => {
    renderForm({ customer: { ...SAM, last_name: '' }, holderEmail: 'sam@trailpass.example' });
    expect(field(/First Name/)).toHaveAttribute('readonly');
    expect(field(/Last Name/)).not.toHaveAttribute('readonly');
  });

  it('shows a refusal of the last submit', () => {
    renderForm({ submitError: 'Your Order Has Expired' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your Order Has Expired');
  });
});
