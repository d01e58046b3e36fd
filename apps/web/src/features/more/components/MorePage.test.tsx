import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { resetLanguageForTests } from '../../../i18n/language';
import { setCart } from '../../../lib/session';
import { mockApi } from '../../../test/api-mock';
import { makeData, makeDeal, makeOffer, makeSignedOut, makeUser } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { renderPage } from '../../../test/render';
import MorePage from './MorePage';
import { initials, phoneHref } from './more';

preloadLazyModules(
  () => import('./PhoneDialog'),
  () => import('../../support/components/NeedHelpDialog'),
  () => import('../../support/components/SuggestionDialog'),
);

describe('MorePage signed in (spec 2.11)', () => {
  it('shows the profile header and every group', () => {
    mockApi({});
    renderPage(<MorePage />, { data: makeData() });
    const profile = screen.getByRole('region', { name: 'Your profile' });
    expect(within(profile).getByText('AL')).toBeInTheDocument();
    expect(within(profile).getByText('Ava Lindqvist')).toBeInTheDocument();
    expect(within(profile).getByText('ava@example.com')).toBeInTheDocument();
    // Spec 2.11 phone, formatted internationally (stored as +19205550123).
    expect(within(profile).getByText('+1 920 555 0123')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute(
      'href',
      '/account/messages?t=tok',
    );
    expect(screen.getByRole('link', { name: 'Manage Subscriptions' })).toHaveAttribute(
      'href',
      '/subscriptions?t=tok',
    );
    expect(screen.getByRole('link', { name: 'Order History' })).toHaveAttribute(
      'href',
      '/orderhistory?t=tok',
    );

    const rewards = screen.getByRole('region', { name: 'Rewards' });
    expect(within(rewards).getByRole('link', { name: 'Rewards History' })).toHaveAttribute(
      'href',
      '/account/rewards?t=tok',
    );

    const help = screen.getByRole('region', { name: 'Need Help?' });
    expect(within(help).getByRole('button', { name: 'Request Support' })).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: 'Common Questions' })).toHaveAttribute(
      'href',
      '/support/questions?t=tok',
    );
    expect(within(help).getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:+19205550142');
    expect(within(help).getByRole('link', { name: /^Text/ })).toHaveAttribute('href', 'sms:+19205550199');

    const suggestions = screen.getByRole('region', { name: 'App Suggestions' });
    expect(
      within(suggestions).getByRole('button', { name: 'Suggest Feature/Improvements' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows a stored phone that does not parse as it is, and none when there is none', () => {
    mockApi({});
    const { unmount } = renderPage(<MorePage />, {
      data: makeData({ partner_user: makeUser({ phone: 'ext. 42' }) }),
    });
    expect(
      within(screen.getByRole('region', { name: 'Your profile' })).getByText('ext. 42'),
    ).toBeInTheDocument();
    unmount();
    renderPage(<MorePage />, { data: makeData({ partner_user: makeUser({ phone: null }) }) });
    expect(
      within(screen.getByRole('region', { name: 'Your profile' })).queryByText(/^\+/),
    ).not.toBeInTheDocument();
  });

  it('hides Rewards History without points or gamified deals with orders', () => {
    mockApi({});
    renderPage(<MorePage />, { data: makeData({ deals: [makeDeal({ order_deals: [] })] }) });
    expect(screen.queryByRole('region', { name: 'Rewards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rewards History' })).not.toBeInTheDocument();
  });

  it('shows Rewards History on a points offer and omits contacts the offer lacks', () => {
    mockApi({});
    renderPage(<MorePage />, {
      data: makeData({
        offer: makeOffer({ use_points: true, support_text: null }),
        deals: [],
        messageCounts: { unread: 0 },
      }),
    });
    expect(screen.getByRole('link', { name: 'Rewards History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Text/ })).not.toBeInTheDocument();
  });

  it('Request Support opens the Need Help form (no chat widget is plugged in)', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderPage(<MorePage />, { data: makeData() });
    const support = screen.getByRole('button', { name: 'Request Support' });
    expect(support).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(support);
    const dialog = await screen.findByRole('dialog', { name: 'Need Help?' });
    expect(within(dialog).getByRole('combobox', { name: 'Select option' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Enter your request here' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(support).toHaveFocus();
  });

  it('signs out: logout, clears the stored cart, reloads the data and goes to Login keeping t', async () => {
    let signedIn = true;
    const { calls } = mockApi({
      'POST /logout': () => {
        signedIn = false;
        return { status: 200, body: { ok: true } };
      },
      'GET /data': () => ({ status: 200, body: signedIn ? makeData() : makeSignedOut() }),
    });
    setCart({ orderId: 1, items: [], expiresAt: null });
    const user = userEvent.setup();
    const { router } = renderPage(<MorePage />, { data: makeData() });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?t=tok');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /pass/api/logout',
      'GET /pass/api/data',
    ]);
    expect(window.sessionStorage.getItem('trailpass:tok')).toBeNull();
  });
});

const SUGGESTIONS = 'POST /partnerUser/1001/suggestions';
const UPDATE = 'POST /partnerUser/1001/update';

describe('Suggest Feature/Improvements (spec 2.17, 5)', () => {
  it('defaults to Nice to Have and Yes, needs text, and once sent resets, shows Email Sent! and closes', async () => {
    let answer!: () => void;
    const { calls } = mockApi({
      [SUGGESTIONS]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: { id: 31, message: 'Email Sent!' } });
        }),
    });
    const user = userEvent.setup();
    renderPage(<MorePage />, { data: makeData() });
    const open = screen.getByRole('button', { name: 'Suggest Feature/Improvements' });
    await user.click(open);
    const form = await screen.findByRole('dialog', { name: 'Suggest Feature/Improvements' });
    const text = within(form).getByRole('textbox', { name: 'Your suggestion' });
    const submit = within(form).getByRole('button', { name: 'Submit' });
    expect(text).toHaveFocus();
    const priority = within(form).getByRole('radiogroup', { name: 'Priority' });
    expect(
      within(priority)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Nice to Have', 'Important', 'Critical']);
    expect(within(priority).getByRole('radio', { name: 'Nice to Have' })).toBeChecked();
    const contact = within(form).getByRole('radiogroup', {
      name: 'May we contact you about your suggestion?',
    });
    expect(within(contact).getByRole('radio', { name: 'Yes' })).toBeChecked();

    // Spec 5: disabled while the text is empty (spaces count as empty).
    expect(submit).toBeDisabled();
    await user.type(text, '   ');
    expect(submit).toBeDisabled();
    await user.type(text, 'Show the brewery hours on the map.');
    expect(submit).toBeEnabled();
    await user.click(within(priority).getByRole('radio', { name: 'Important' }));
    await user.click(within(contact).getByRole('radio', { name: 'No' }));
    await user.click(submit);
    // And while it is sending.
    await waitFor(() => expect(within(form).getByRole('button', { name: /Submit/ })).toBeDisabled());
    expect(calls.at(-1)?.body).toEqual({
      suggestion: 'Show the brewery hours on the map.',
      priority: 'Important',
      contactPermission: 0,
      partnerName: 'Visit Lakeshore',
      offerId: 101,
      partnerId: 1,
      partnerUserId: 1001,
    });
    answer();

    const sent = await screen.findByRole('dialog', { name: 'Email Sent!' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Suggest Feature/Improvements' })).not.toBeInTheDocument(),
    );
    await user.click(within(sent).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();

    // Reset: opened again, the form is as new.
    await user.click(open);
    const again = await screen.findByRole('dialog', { name: 'Suggest Feature/Improvements' });
    expect(within(again).getByRole('textbox', { name: 'Your suggestion' })).toHaveValue('');
    expect(within(again).getByRole('radio', { name: 'Nice to Have' })).toBeChecked();
    expect(within(again).getByRole('radio', { name: 'Yes' })).toBeChecked();
  });

  it('keeps the text and says so when sending fails', async () => {
    mockApi({
      [SUGGESTIONS]: () => ({
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Slow down' } },
      }),
    });
    const user = userEvent.setup();
    renderPage(<MorePage />, { data: makeData() });
    await user.click(screen.getByRole('button', { name: 'Suggest Feature/Improvements' }));
    const form = await screen.findByRole('dialog', { name: 'Suggest Feature/Improvements' });
    await user.type(within(form).getByRole('textbox', { name: 'Your suggestion' }), 'More stops');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText(/Wait a minute and try again/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Your suggestion' })).toHaveValue('More stops');
    expect(screen.queryByRole('dialog', { name: 'Email Sent!' })).not.toBeInTheDocument();
  });
});

describe('Phone update from the profile header (spec 7 Update phone, 2.19)', () => {
  it('saves a new number in E.164, shows it in the header and confirms', async () => {
    const { calls } = mockApi({
      [UPDATE]: ({ body }) => ({
        status: 200,
        body: makeUser({ phone: (body as { phone: string | null }).phone }),
      }),
    });
    const user = userEvent.setup();
    const { client } = renderPage(<MorePage />, { data: makeData() });
    const profile = screen.getByRole('region', { name: 'Your profile' });
    await user.click(within(profile).getByRole('button', { name: 'Edit phone number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone Number' }, { timeout: 5000 });
    const input = within(dialog).getByRole('textbox', { name: /Phone/ });
    expect(input).toHaveValue('+1 920 555 0123');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    // Unchanged: nothing to save.
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, '+1 123');
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, '9205550177');
    expect(input).toHaveValue('+1 920 555 0177');
    await user.click(save);

    expect(await screen.findByText('Your phone number has been updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.at(-1)?.url.pathname).toBe('/pass/api/partnerUser/1001/update');
    expect(calls.at(-1)?.body).toEqual({ phone: '+19205550177' });
    expect(within(profile).getByText('+1 920 555 0177')).toBeInTheDocument();
    expect(client.getQueryData<ReturnType<typeof makeData>>(['data', 'tok'])?.partner_user?.phone).toBe(
      '+19205550177',
    );
  });

  it('removes the number when the field is emptied, and offers to add one again', async () => {
    const { calls } = mockApi({ [UPDATE]: () => ({ status: 200, body: makeUser({ phone: null }) }) });
    const user = userEvent.setup();
    renderPage(<MorePage />, { data: makeData() });
    const profile = screen.getByRole('region', { name: 'Your profile' });
    await user.click(within(profile).getByRole('button', { name: 'Edit phone number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone Number' }, { timeout: 5000 });
    await user.clear(within(dialog).getByRole('textbox', { name: /Phone/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your phone number has been removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.at(-1)?.body).toEqual({ phone: null });
    expect(within(profile).queryByText(/^\+1/)).not.toBeInTheDocument();
    expect(within(profile).getByRole('button', { name: 'Add a phone number' })).toBeInTheDocument();
  });

  it('keeps the dialog open with an explanation when saving fails, and Cancel leaves the number', async () => {
    mockApi({ [UPDATE]: () => ({ status: 500, body: { error: { code: 'internal', message: 'Down' } } }) });
    const user = userEvent.setup();
    renderPage(<MorePage />, { data: makeData() });
    const edit = screen.getByRole('button', { name: 'Edit phone number' });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Phone Number' }, { timeout: 5000 });
    const input = within(dialog).getByRole('textbox', { name: /Phone/ });
    await user.clear(input);
    await user.type(input, '+44 20 7946 0958');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/could not be saved/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('+1 920 555 0123')).toBeInTheDocument();
    expect(edit).toHaveFocus();
  });
});

describe('MorePage signed out (spec 2.11, 6)', () => {
  it('shows only Need Help? with Common Questions and the support contacts', () => {
    mockApi({});
    renderPage(<MorePage />, { data: makeSignedOut() });
    expect(screen.queryByRole('region', { name: 'Your profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Need Help?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Common Questions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Call/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Text/ })).toBeInTheDocument();
    for (const name of ['Messages', 'Manage Subscriptions', 'Order History', 'Rewards History']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    for (const name of ['Request Support', 'Suggest Feature/Improvements', 'Sign Out', /phone/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'App Suggestions' })).not.toBeInTheDocument();
  });
});

describe('More helpers', () => {
  it('makes initials and phone links', () => {
    expect(initials({ first_name: 'Ava', last_name: 'Lindqvist', name: 'x' })).toBe('AL');
    expect(initials({ first_name: '', last_name: '', name: 'sam quinn' })).toBe('SQ');
    expect(initials({ first_name: 'Noah', last_name: '', name: 'Noah' })).toBe('N');
    expect(phoneHref('tel', '+1 (920) 555-0142')).toBe('tel:+19205550142');
    expect(phoneHref('sms', '920.555.0199')).toBe('sms:9205550199');
  });
});

describe('the language item (issue 32, decision 0050)', () => {
  afterEach(async () => {
    window.sessionStorage.clear();
    resetLanguageForTests();
    i18n.activate('en');
    document.documentElement.lang = 'en';
  });

  it('lists the languages in their own names, saves the choice with PUT /language and switches', async () => {
    const { calls } = mockApi({
      'PUT /language': ({ body }) => ({ status: 200, body }),
    });
    renderPage(<MorePage />, { data: makeData() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Language/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Language' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Language' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
    ]);
    // Each name in its own language, for a screen reader's voice.
    expect(within(group).getByText('Deutsch')).toHaveAttribute('lang', 'de');
    expect(within(group).getByRole('radio', { name: 'English' })).toBeChecked();
    // The keyboard moves through the group.
    within(group).getByRole('radio', { name: 'English' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(group).getByRole('radio', { name: 'Deutsch' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The German catalogue is a chunk of its own: a moment to load.
    // (Text queries: role queries of the whole page are slow on a loaded machine.)
    expect(
      (await screen.findByText('Abmelden', undefined, { timeout: 10_000 })).closest('button'),
    ).not.toBeNull();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { language: 'de' },
    ]);
    expect(document.documentElement.lang).toBe('de');
    // The dialog closes once the switch is done (and its exit transition has run).
    await waitFor(() => expect(screen.queryByText('Speichern')).toBeNull(), { timeout: 10_000 });
    expect(screen.getByRole('button', { name: /^Sprache/ })).toHaveTextContent('Deutsch');
  });

  it('switches without saving for a holder who is not signed in, and says when a save fails', async () => {
    const { calls } = mockApi({
      'PUT /language': () => ({ status: 500, body: { error: { code: 'internal', message: 'x' } } }),
    });
    const { unmount } = renderPage(<MorePage />, { data: makeSignedOut() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('radio', { name: 'Español' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findByText('Idioma', undefined, { timeout: 10_000 })).closest('[role=button]'),
    ).not.toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    unmount();

    renderPage(<MorePage />, { data: makeData() });
    await user.click(screen.getByRole('button', { name: /^Idioma/ }));
    await user.click(await screen.findByRole('radio', { name: 'Français' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Votre langue n’a pas pu être enregistrée pour vos autres appareils. Vérifiez votre connexion et réessayez.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Se déconnecter').closest('button')).not.toBeNull();
  });
});
