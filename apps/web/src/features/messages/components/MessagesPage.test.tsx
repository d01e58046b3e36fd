import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse, Message } from '@trailpass/contract';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { useUnreadCount } from '../api/unread-count';
import { ageInDays, ageText } from '../messages';
import MessagesPage, { NO_MESSAGES_TEXT } from './MessagesPage';

const LIST = 'GET /partnerUser/1001/messages';
const COUNT = 'GET /partnerUser/1001/messages/unreadCount';
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** Ava's four Brew Trail messages (demo 701-704), newest first as the server answers them. */
function avaMessages(): Message[] {
  return [
    {
      id: 704,
      subject: 'Tap takeover this Saturday',
      image: null,
      message:
        '<p>Six guest taps at Anchor &amp; Oar this Saturday from noon.</p><img src="x" onerror="alert(\'demo-xss\')"><p><a href="javascript:alert(\'demo-xss\')">Claim your bonus pint</a></p><p>See you there!</p>',
      delivered_at: ago(0.5),
      read_at: null,
    },
    {
      id: 703,
      subject: 'Your growler fill is ready for pickup',
      image: null,
      message: '<p>Your <em>Growler Fill at Anchor &amp; Oar</em> is ready.</p>',
      delivered_at: ago(48),
      read_at: ago(24),
    },
    {
      id: 702,
      subject: 'New stop: Driftwood Brewing Co. patio is open',
      image: '/pass/media/driftwood-header.svg',
      message:
        '<p>The Driftwood beach patio opened. Check in there for <strong>50 trail points</strong>.</p><p><a href="https://driftwoodbrewing.example/patio">See the patio menu</a></p>',
      delivered_at: ago(6 * 24 + 1),
      read_at: null,
    },
    {
      id: 701,
      subject: 'Welcome to the Lakeshore Brew Trail!',
      image: null,
      message: '<p>Hi Ava,</p><p>Your <strong>Brew Trail Passport</strong> is active.</p>',
      delivered_at: ago(39 * 24),
      read_at: ago(39 * 24),
    },
  ];
}

/** What the shell shows beside the page: the unread badge, from the same query. */
function UnreadBadge({ data }: { data: DataResponse }) {
  return <output aria-label="Unread badge">{useUnreadCount(data)}</output>;
}

function renderMessages(handlers: Record<string, MockHandler>, data: DataResponse = makeData()) {
  const api = mockApi(handlers);
  const utils = renderPage(
    <>
      <MessagesPage />
      <UnreadBadge data={data} />
    </>,
    { data, url: '/pass/account/messages?t=tok' },
  );
  return { ...api, ...utils };
}

const listHandler =
  (messages: Message[] = avaMessages()): MockHandler =>
  () => ({ status: 200, body: { data: messages } });

describe('Messages list (spec 2.12)', () => {
  it('lists each message with an unread dot, subject, age in days and a sanitised preview', async () => {
    const { calls, container } = renderMessages({ [LIST]: listHandler() });
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Unread: Tap takeover this Saturday, Today',
      'Your growler fill is ready for pickup, 2 days ago',
      'Unread: New stop: Driftwood Brewing Co. patio is open, 6 days ago',
      'Welcome to the Lakeshore Brew Trail!, 39 days ago',
    ]);
    expect(container.querySelectorAll('[data-unread-dot]')).toHaveLength(2);

    // The preview is HTML (emphasis kept) without pictures, links or handlers: it sits in a button.
    const takeover = rows[0] as HTMLElement;
    expect(takeover).toHaveAccessibleDescription(
      'Six guest taps at Anchor & Oar this Saturday from noon. Claim your bonus pint See you there!',
    );
    expect(takeover.querySelector('img, a, [onerror]')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('50 trail points').tagName).toBe('STRONG');
    expect(list.querySelector('a')).toBeNull();

    const [call] = calls;
    expect(call?.url.searchParams.get('offerId')).toBe('101');
    expect(call?.url.searchParams.get('t')).toBe('tok');
  });

  it('says so when there are no messages', async () => {
    renderMessages({ [LIST]: listHandler([]) });
    expect(await screen.findByText(NO_MESSAGES_TEXT)).toBeInTheDocument();
    expect(NO_MESSAGES_TEXT).toBe('You have not received any messages...');
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error that can be retried', async () => {
    let fail = true;
    renderMessages({
      [LIST]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : listHandler()({} as never),
    });
    expect(screen.getByText('Loading messages…')).toBeInTheDocument();
    // The app's client retries 5xx; this test client does not.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your messages could not be loaded.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeInTheDocument();
  });
});

describe('Opening a message (spec 2.12, 4)', () => {
  it('opens it full screen, marks an unread one read once, and updates the dot and the badge', async () => {
    let unread = 2;
    const { calls } = renderMessages({
      [LIST]: listHandler(),
      'PUT /partnerUser/1001/messages/702': () => {
        unread = 1;
        return { status: 200, body: { id: 702, read_at: '2030-01-01T10:00:00.000Z' } };
      },
      [COUNT]: () => ({ status: 200, body: { unread } }),
    });
    const user = userEvent.setup();
    expect(screen.getByRole('status', { name: 'Unread badge', hidden: true })).toHaveTextContent('2');
    const row = await screen.findByRole('button', { name: /^Unread: New stop/ });
    await user.click(row);

    const dialog = await screen.findByRole('dialog', {
      name: 'New stop: Driftwood Brewing Co. patio is open',
    });
    expect(within(dialog).getByText('6 days ago')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/pass/media/driftwood-header.svg');
    const link = within(dialog).getByRole('link', { name: 'See the patio menu' });
    expect(link).toHaveAttribute('href', 'https://driftwoodbrewing.example/patio');
    expect(link).toHaveAttribute('target', '_blank');

    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe('/pass/api/partnerUser/1001/messages/702');
    expect(put?.body).toEqual({ read: true });
    // The badge drops at once and ends on the server's count, asked for again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname.endsWith('/unreadCount'))).toHaveLength(1),
    );
    expect(screen.getByRole('status', { name: 'Unread badge', hidden: true })).toHaveTextContent('1');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const readRow = screen.getByRole('button', {
      name: 'New stop: Driftwood Brewing Co. patio is open, 6 days ago',
    });
    // Focus goes back to the row that opened it.
    expect(readRow).toHaveFocus();

    // Opening it again sends nothing: it is read.
    await user.click(readRow);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows the XSS demo message sanitised, and opening a read message sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = renderMessages({
      [LIST]: listHandler(),
      'PUT /partnerUser/1001/messages/704': () => ({ status: 200, body: { id: 704, read_at: ago(0) } }),
      [COUNT]: () => ({ status: 200, body: { unread: 1 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Unread: Tap takeover/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Tap takeover this Saturday' });
    expect(dialog.querySelector('script, [onerror]')).toBeNull();
    expect(within(dialog).getByText('Claim your bonus pint')).not.toHaveAttribute('href');
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Welcome to the Lakeshore/ }));
    expect(
      await screen.findByRole('dialog', { name: 'Welcome to the Lakeshore Brew Trail!' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url.pathname)).toEqual([
      '/pass/api/partnerUser/1001/messages/704',
    ]);
  });

  it('keeps the message unread when marking it read is refused, and says nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderMessages({
      [LIST]: listHandler(),
      'PUT /partnerUser/1001/messages/704': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Database down' } },
      }),
      [COUNT]: () => ({ status: 200, body: { unread: 2 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Unread: Tap takeover/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Tap takeover this Saturday' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Message not marked as read', expect.anything()));
    expect(within(dialog).getByText('See you there!')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: /^Unread: Tap takeover/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Unread badge', hidden: true })).toHaveTextContent('2'),
    );
  });
});

describe('message age (spec 2.12, 9)', () => {
  it('counts whole days since delivery', () => {
    const now = Date.parse('2030-05-10T12:00:00Z');
    expect(ageInDays('2030-05-10T11:30:00Z', now)).toBe(0);
    expect(ageInDays('2030-05-09T12:00:01Z', now)).toBe(0);
    expect(ageInDays('2030-05-09T12:00:00Z', now)).toBe(1);
    expect(ageInDays('2030-04-01T12:00:00Z', now)).toBe(39);
    // A clock a little behind the server's never shows a negative age.
    expect(ageInDays('2030-05-10T12:05:00Z', now)).toBe(0);
    expect(ageInDays('not a date', now)).toBe(0);
    expect([0, 1, 6].map(ageText)).toEqual(['Today', '1 day ago', '6 days ago']);
  });
});
