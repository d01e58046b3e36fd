import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageList } from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SUBSCRIPTION_LIST_FAILED } from '../api/subscriptions';
import SubscriptionsPage, { SNACKBAR_MS, SUBSCRIPTIONS_UPDATED } from './SubscriptionsPage';

const LISTS = 'GET /partnerUser/1001/messageLists';

/** The Visit Lakeshore lists with Ava's choices (demo: 2 of 3 subscribed). */
function avaLists(): MessageList[] {
  return [
    {
      id: 801,
      name: 'Brew Trail News',
      description: '<p>Monthly <strong>new stops</strong> and tap releases.</p>',
      subscribed: 1,
    },
    {
      id: 802,
      name: 'Lakeshore Events',
      description: '<p>Festivals, concerts &amp; <em>seasonal</em> happenings.</p>',
      subscribed: 1,
    },
    { id: 803, name: 'Partner Offers', description: null, subscribed: 0 },
  ];
}

/** The server: the lists, and each PUT answering the list with its new flag. */
function listsApi(lists: MessageList[], extra: Record<string, MockHandler> = {}) {
  const handlers: Record<string, MockHandler> = {
    [LISTS]: () => ({ status: 200, body: { data: lists } }),
    ...extra,
  };
  for (const list of lists) {
    handlers[`PUT /partnerUser/1001/messageLists/${list.id}`] ??= ({ body }) => {
      const { subscribed } = body as { subscribed: 0 | 1 };
      list.subscribed = subscribed;
      return { status: 200, body: { ...list } };
    };
  }
  return mockApi(handlers);
}

const renderSubscriptions = (data = makeData()) =>
  renderPage(<SubscriptionsPage />, { data, url: '/pass/subscriptions?t=tok' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Subscriptions (spec 2.15)', () => {
  it('greets the holder and shows each list as a checkbox with its name and description', async () => {
    const { calls } = listsApi(avaLists());
    renderSubscriptions();
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Ava,' })).toBeInTheDocument();
    expect(
      screen.getByText("Update your preferences below for which emails you'd like to receive."),
    ).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Subscriptions' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Subscriptions' })).toBeInTheDocument();

    const news = await within(section).findByRole('checkbox', { name: 'Brew Trail News' });
    expect(news).toBeChecked();
    expect(news).toHaveAccessibleDescription('Monthly new stops and tap releases.');
    expect(within(section).getByText('new stops').tagName).toBe('STRONG');
    expect(within(section).getByRole('checkbox', { name: 'Lakeshore Events' })).toBeChecked();
    const offers = within(section).getByRole('checkbox', { name: 'Partner Offers' });
    expect(offers).not.toBeChecked();
    expect(offers).not.toHaveAccessibleDescription();

    expect(screen.getByText('Unsubscribe from all email lists.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe All' })).toBeEnabled();
    expect(calls[0]?.url.pathname).toBe('/pass/api/partnerUser/1001/messageLists');
    expect(calls[0]?.url.searchParams.get('offerId')).toBe('101');
  });

  it('sends a ticked box at once and shows the snackbar for 2000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = listsApi(avaLists());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSubscriptions();
    const offers = await screen.findByRole('checkbox', { name: 'Partner Offers' });
    await user.click(offers);
    expect(offers).toBeChecked();
    expect(await screen.findByText(SUBSCRIPTIONS_UPDATED)).toBeInTheDocument();
    expect(SUBSCRIPTIONS_UPDATED).toBe('Subscription settings updated');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.url.pathname, call.body])).toEqual([
      ['/pass/api/partnerUser/1001/messageLists/803', { id: 803, subscribed: 1 }],
    ]);

    expect(SNACKBAR_MS).toBe(2000);
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByText(SUBSCRIPTIONS_UPDATED)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText(SUBSCRIPTIONS_UPDATED)).not.toBeInTheDocument());

    // Unticking sends 0.
    await user.click(screen.getByRole('checkbox', { name: 'Brew Trail News' }));
    await screen.findByText(SUBSCRIPTIONS_UPDATED);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ id: 801, subscribed: 0 });
    expect(screen.getByRole('checkbox', { name: 'Brew Trail News' })).not.toBeChecked();
  });

  it('Unsubscribe All sends one update per subscribed list, then is disabled', async () => {
    const { calls } = listsApi(avaLists());
    const user = userEvent.setup();
    renderSubscriptions();
    await screen.findByRole('checkbox', { name: 'Brew Trail News' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe All' }));
    expect(await screen.findByText(SUBSCRIPTIONS_UPDATED)).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([
      { id: 801, subscribed: 0 },
      { id: 802, subscribed: 0 },
    ]);
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Unsubscribe All' })).toBeDisabled();
    // The focus stays on the page, on the lists' heading, rather than on the disabled button.
    expect(screen.getByRole('heading', { level: 2, name: 'Subscriptions' })).toHaveFocus();
  });

  it('disables Unsubscribe All when no list is subscribed (Noah)', async () => {
    listsApi(avaLists().map((list) => ({ ...list, subscribed: 0 as const })));
    renderSubscriptions(makeData({ partner_user: makeUser({ first_name: 'Noah', name: 'Noah Empty' }) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Noah,' })).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Brew Trail News' });
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Unsubscribe All' })).toBeDisabled();
  });

  it('puts a box back and says so when its update is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    listsApi(avaLists(), {
      'PUT /partnerUser/1001/messageLists/802': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Down' } },
      }),
    });
    const user = userEvent.setup();
    renderSubscriptions();
    const events = await screen.findByRole('checkbox', { name: 'Lakeshore Events' });
    await user.click(events);
    expect(await screen.findByText(/could not be saved/)).toBeInTheDocument();
    expect(events).toBeChecked();
    expect(warn).toHaveBeenCalledWith('Subscription not updated', expect.anything());
  });

  it('logs a failed load as spec 8 says and shows no lists, with a way to try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    listsApi(avaLists(), {
      [LISTS]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Down' } } }
          : { status: 200, body: { data: avaLists() } },
    });
    const user = userEvent.setup();
    renderSubscriptions();
    expect(screen.getByText('Loading your mailing lists…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your mailing lists could not be loaded.');
    expect(error).toHaveBeenCalledWith(SUBSCRIPTION_LIST_FAILED, expect.anything());
    expect(SUBSCRIPTION_LIST_FAILED).toBe('Failed to grab subscription list');
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Unsubscribe All' })).toBeDisabled();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Brew Trail News' })).toBeChecked();
  });

  it('says so when the partner has no lists', async () => {
    listsApi([]);
    renderSubscriptions();
    expect(await screen.findByText('There are no mailing lists for this pass yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe All' })).toBeDisabled();
  });
});
