import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type DataResponse,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type OrderDeal,
} from '@trailpass/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData, makePartner } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { renderPage } from '../../../test/render';
import { dataQueryKey } from '../../app-data';
import { makeOrderProduct } from '../../modules/components/fixtures.test-helpers';
import { makeProduct } from '../../modules/test-fixtures';
import type { OfflineQueue } from '../../offline-queue';
import { addCall, allCalls, openQueueDb } from '../../offline-queue/db';
import { closeQueueDb } from '../../offline-queue/page-queue';
import { resetQueueState } from '../../offline-queue/queue-state';
import { freshIndexedDb, makeCall } from '../../offline-queue/test-helpers';
import { startOfflineRedeems } from '../offline-answers';
import { RedeemAction } from './RedeemAction';

const checkIn = makeProduct({ id: 502, name: 'Check in at Driftwood Brewing Co.', type: 'check-in' });
const REDEEMED_AT = '2026-03-02T15:20:00Z';
const WAITING = 'Waiting for a connection. Your check-in will be sent when you are back online.';
const WRONG_CODE = 'That code is not correct. Please try again.';

const orderDeal = (remaining: number, made: number): OrderDeal => ({
  id: 9103,
  deal_id: 201,
  order_id: 7003,
  redemptions_remaining: remaining,
  redemptions_made: made,
  added_max_redemptions: 1,
  type: 'deal',
});

function holderData(): DataResponse {
  return makeData({
    partner: makePartner({ timezone: 'America/Chicago' }),
    products: [checkIn],
    order_deals: [orderDeal(2, 5)],
    order_products: [makeOrderProduct({ id: 9306, product_id: 502, order_deal_id: 9103 })],
  });
}

const checkedIn = {
  order_products: [
    makeOrderProduct({
      id: 9306,
      product_id: 502,
      order_deal_id: 9103,
      redeemed: REDEEMED_AT,
      redemptions_remaining_use: 0,
    }),
  ],
  order_deals: [orderDeal(1, 6)],
  order_items: [],
  points_earned: 50,
  errors: [],
};

let queue: OfflineQueue | null = null;

/** As the browser does: navigator.onLine false, then the online event (TanStack Query listens to both). */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}
function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
}

beforeEach(() => {
  freshIndexedDb();
  resetQueueState();
});

afterEach(() => {
  onlineManager.setOnline(true);
  queue?.stop();
  queue = null;
  closeQueueDb();
});

async function renderCheckIn() {
  const data = holderData();
  const rendered = renderPage(<RedeemAction appData={data} product={checkIn} explain />, {
    data,
    url: '/pass/experiences/deal/201/product/502?t=tok&dealId=201',
  });
  // What main.tsx starts after load.
  queue = await startOfflineRedeems(rendered.client);
  return rendered;
}

async function checkInWith(pin: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Check In' }));
  const pad = await screen.findByRole('dialog', { name: 'Enter Validation Code' }, { timeout: 5000 });
  for (const digit of pin) await userEvent.click(within(pad).getByRole('button', { name: digit }));
  await userEvent.click(within(pad).getByRole('button', { name: 'Continue' }));
}

async function storedCalls() {
  const db = await openQueueDb();
  try {
    return await allCalls(db);
  } finally {
    db.close();
  }
}

// Opening the pad loads two chunks (MUI's theme island and the dialog): room for a loaded machine.
preloadLazyModules(() => import('./PinPadDialog'));

describe('RedeemAction offline (issue 9)', { timeout: 20_000 }, () => {
  it('sends every holder attempt with a fresh idempotency key', async () => {
    const { calls } = mockApi({
      'POST /partnerUser/1001/checkIn': ({ body }) =>
        (body as { pinNumber: string }).pinNumber === '1357'
          ? { status: 200, body: checkedIn }
          : {
              status: 422,
              body: { error: { code: 'unprocessable', message: WRONG_CODE }, errors: [WRONG_CODE] },
            },
    });
    await renderCheckIn();
    await checkInWith('0000');
    const pad = screen.getByRole('dialog', { name: 'Enter Validation Code' });
    await within(pad).findByRole('alert');
    for (const digit of '1357') await userEvent.click(within(pad).getByRole('button', { name: digit }));
    await userEvent.click(within(pad).getByRole('button', { name: 'Continue' }));
    await screen.findByText(/Checked in/);
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keys[0]).not.toBe(keys[1]);
  }, 20_000);

  it('queues a check-in made offline, says it is waiting, and shows the answer once online', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { client } = await renderCheckIn();
    // The browser says it is offline (TanStack Query would pause a mutation then).
    goOffline();
    await checkInWith('1357');

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(WAITING));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Check In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const [stored] = await storedCalls();
    expect(stored).toMatchObject({
      token: 'tok',
      path: '/partnerUser/1001/checkIn',
      url: '/pass/api/partnerUser/1001/checkIn?t=tok&dealId=201',
      body: { partnerUserId: 1001, orderProductIds: [9306], pinNumber: '1357' },
      target: { kind: 'holder', partnerUserId: 1001, orderProductId: 9306, checkIn: true },
    });
    // The failed live attempt and the queued one are the same attempt: the same key.
    const liveKey = new Headers(vi.mocked(fetch).mock.calls[0]?.[1]?.headers).get(IDEMPOTENCY_KEY_HEADER);
    expect(stored?.key).toBe(liveKey);

    const { calls } = mockApi({ 'POST /partnerUser/1001/checkIn': () => ({ status: 200, body: checkedIn }) });
    goOnline();
    await waitFor(() => expect(status).toHaveTextContent('Checked in Mar 2, 2026, 9:20 AM'));
    expect(status).not.toHaveTextContent(WAITING);
    expect(screen.getByText('You earned 50 points.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => call.headers.get(IDEMPOTENCY_KEY_HEADER)),
    ).toEqual([stored?.key]);
    // The same update a live check-in makes: merged into /data, then read again.
    const cached = client.getQueryData<DataResponse>(dataQueryKey('tok'));
    expect(cached?.order_products[0]?.redeemed).toBe(REDEEMED_AT);
    expect(client.getQueryState(dataQueryKey('tok'))?.isInvalidated).toBe(true);
    expect(await storedCalls()).toEqual([]);
  });

  it('shows a queued check-in the server refused (a wrong code) as the ordinary error, and allows another', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await renderCheckIn();
    goOffline();
    await checkInWith('0000');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(WAITING));

    mockApi({
      'POST /partnerUser/1001/checkIn': () => ({
        status: 422,
        body: {
          error: { code: 'unprocessable', message: WRONG_CODE },
          order_products: [],
          errors: [WRONG_CODE],
        },
      }),
    });
    goOnline();
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(screen.getByRole('status')).not.toHaveTextContent(WAITING);
    expect(await storedCalls()).toEqual([]);

    // Trying again clears it; the pad starts empty.
    await userEvent.click(screen.getByRole('button', { name: 'Check In' }));
    const pad = await screen.findByRole('dialog', { name: 'Enter Validation Code' });
    expect(within(pad).getByText('0 of 4 digits entered')).toBeInTheDocument();
    expect(screen.queryByText(WRONG_CODE)).not.toBeInTheDocument();
  });

  it('still says it is waiting after a reload (read from the queue on start)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const db = await openQueueDb();
    await addCall(
      db,
      makeCall({ target: { kind: 'holder', partnerUserId: 1001, orderProductId: 9306, checkIn: true } }),
    );
    db.close();
    await renderCheckIn();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(WAITING));
    expect(screen.queryByRole('button', { name: 'Check In' })).not.toBeInTheDocument();
  });

  it('shows a refusal from the server as before when the device is online', async () => {
    mockApi({
      'POST /partnerUser/1001/checkIn': () => ({
        status: 422,
        body: {
          error: { code: 'unprocessable', message: WRONG_CODE },
          order_products: [],
          errors: [WRONG_CODE],
        },
      }),
    });
    await renderCheckIn();
    await checkInWith('0000');
    const pad = screen.getByRole('dialog', { name: 'Enter Validation Code' });
    expect(await within(pad).findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(await storedCalls()).toEqual([]);
  });
});
