import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCart } from '../../../lib/session';
import { mockApi } from '../../../test/api-mock';
import { makeData, makeDeal, makeOffer, makeSignedOut, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import MorePage from './MorePage';
import { initials, phoneHref } from './more';

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

  it('opens an honest, closable placeholder for Request Support and Suggest Feature/Improvements', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderPage(<MorePage />, { data: makeData() });
    await user.click(screen.getByRole('button', { name: 'Request Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Support' });
    expect(dialog).toHaveTextContent(/coming soon/i);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Suggest Feature/Improvements' }));
    expect(await screen.findByRole('dialog', { name: 'Suggest Feature/Improvements' })).toHaveTextContent(
      /coming soon/i,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
    for (const name of ['Request Support', 'Suggest Feature/Improvements', 'Sign Out']) {
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
