import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse, OrderDeal, OrderProduct, RedeemResponse } from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData, makePartner, makePreview } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { renderPage } from '../../../test/render';
import { dataQueryKey } from '../../app-data';
import { makeOrderProduct } from '../../modules/components/fixtures.test-helpers';
import { makeProduct } from '../../modules/test-fixtures';
import { RedeemAction, type RedeemActionProps } from './RedeemAction';

const tour = makeProduct({ id: 507, name: 'Brewery Tour for Two', type: 'ticket', redemptions: 2 });
const checkIn = makeProduct({ id: 502, name: 'Check in at Driftwood Brewing Co.', type: 'check-in' });
const REDEEMED_AT = '2026-03-02T15:20:00Z';

function orderDeal(remaining: number, made: number): OrderDeal {
  return {
    id: 9103,
    deal_id: 201,
    order_id: 7003,
    redemptions_remaining: remaining,
    redemptions_made: made,
    added_max_redemptions: 1,
    type: 'deal',
  };
}

function holderData(overrides: Partial<DataResponse> = {}): DataResponse {
  return makeData({
    partner: makePartner({ timezone: 'America/Chicago' }),
    products: [tour, checkIn],
    order_deals: [orderDeal(2, 5)],
    order_products: [
      makeOrderProduct({ id: 9311, product_id: 507, order_deal_id: 9103, redemptions_remaining_use: 2 }),
      makeOrderProduct({ id: 9306, product_id: 502, order_deal_id: 9103 }),
    ],
    ...overrides,
  });
}

function redeemedAnswer(
  orderProduct: Partial<OrderProduct> & Pick<OrderProduct, 'id'>,
  timer: number,
): RedeemResponse {
  return {
    order_products: [
      makeOrderProduct({
        product_id: 507,
        order_deal_id: 9103,
        redeemed: REDEEMED_AT,
        redemptions_remaining_use: 1,
        ticket: { id: 9600, order_product_id: orderProduct.id, timer, initialTimer: timer },
        ...orderProduct,
      }),
    ],
    order_deals: [orderDeal(1, 6)],
    order_items: [],
    points_earned: 0,
    errors: [],
  };
}

function renderAction(props: Partial<RedeemActionProps> = {}, data: DataResponse = holderData()) {
  return renderPage(<RedeemAction appData={data} product={tour} explain {...props} />, {
    data,
    url: '/pass/experiences/deal/201/product/507?t=tok',
  });
}

async function openPad(name = 'Redeem') {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Enter Validation Code' }, { timeout: 5000 });
}

async function enter(pad: HTMLElement, pin: string) {
  for (const digit of pin) await userEvent.click(within(pad).getByRole('button', { name: digit }));
  await userEvent.click(within(pad).getByRole('button', { name: 'Continue' }));
}

afterEach(() => {
  vi.useRealTimers();
});

// Opening the pad loads two chunks (MUI's theme island and the dialog): room for a loaded machine.
preloadLazyModules(() => import('./PinPadDialog'));

describe('RedeemAction', { timeout: 20_000 }, () => {
  it('redeems the holder’s order product with the code, then says when, with the ticket countdown', async () => {
    const { calls } = mockApi({
      'POST /partnerUser/1001/redeem': () => ({ status: 200, body: redeemedAnswer({ id: 9311 }, 600) }),
    });
    const { client } = renderAction();
    const pad = await openPad();
    await enter(pad, '1357');

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Redeemed Mar 2, 2026, 9:20 AM'));
    expect(screen.getByRole('timer', { name: 'Time left for Brewery Tour for Two' })).toHaveTextContent(
      /^(10:00|09:59)$/,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus lands on the result, which the status region has announced.
    await waitFor(() => expect(status).toHaveFocus());

    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ partnerUserId: 1001, orderProductIds: [9311], pinNumber: '1357' });
    // The cached /data shows the redemption at once (spec 4: the deal's counters moved).
    const cached = client.getQueryData<DataResponse>(dataQueryKey('tok'));
    expect(cached?.order_products.find((item) => item.id === 9311)?.redeemed).toBe(REDEEMED_AT);
    expect(cached?.order_deals[0]).toMatchObject({ redemptions_made: 6, redemptions_remaining: 1 });
    expect(client.getQueryState(dataQueryKey('tok'))?.isInvalidated).toBe(true);
  });

  it('counts the ticket down and drops the countdown at 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(REDEEMED_AT));
    mockApi({
      'POST /partnerUser/1001/redeem': () => ({ status: 200, body: redeemedAnswer({ id: 9311 }, 3) }),
    });
    renderAction();
    const pad = await openPad();
    await enter(pad, '1357');
    const timer = await screen.findByRole('timer', { name: 'Time left for Brewery Tour for Two' });
    expect(timer).toHaveTextContent('00:03');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Redeemed');
  });

  it('checks in a check-in product with the check-in call', async () => {
    const { calls } = mockApi({
      'POST /partnerUser/1001/checkIn': () => ({
        status: 200,
        body: {
          ...redeemedAnswer({ id: 9306, product_id: 502, redemptions_remaining_use: 0 }, 0),
          points_earned: 50,
        },
      }),
    });
    renderAction({ product: checkIn });
    const pad = await openPad('Check In');
    await enter(pad, '1357');
    expect(await screen.findByText(/Checked in/)).toHaveTextContent('Checked in Mar 2, 2026, 9:20 AM');
    expect(screen.getByText('You earned 50 points.')).toBeInTheDocument();
    // A check-in (timer 0) has no countdown.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      partnerUserId: 1001,
      orderProductIds: [9306],
      pinNumber: '1357',
    });
  });

  it('shows a wrong code’s errors in the pad, empties the slots, and redeems with the right one', async () => {
    let attempts = 0;
    mockApi({
      'POST /partnerUser/1001/redeem': ({ body }) => {
        attempts += 1;
        return (body as { pinNumber: string }).pinNumber === '1357'
          ? { status: 200, body: redeemedAnswer({ id: 9311 }, 600) }
          : {
              status: 422,
              body: {
                error: { code: 'unprocessable', message: 'That code is not correct. Please try again.' },
                order_products: [],
                errors: ['That code is not correct. Please try again.'],
              },
            };
      },
    });
    renderAction();
    const pad = await openPad();
    await enter(pad, '0000');
    expect(await within(pad).findByRole('alert')).toHaveTextContent(
      'That code is not correct. Please try again.',
    );
    expect(within(pad).queryByText('The 4 digit code must be entered by an attendee to redeem.')).toBeNull();
    expect(within(pad).getByText('0 of 4 digits entered')).toBeInTheDocument();
    await enter(pad, '1357');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Redeemed Mar 2, 2026, 9:20 AM'),
    );
    expect(attempts).toBe(2);
  });

  it('falls back to the response message, then to a general one (spec 8)', async () => {
    mockApi({
      'POST /partnerUser/1001/redeem': () => ({
        status: 429,
        body: {
          error: {
            code: 'rate_limited',
            message: 'Too many wrong codes. Please wait 15 minutes and try again.',
          },
        },
      }),
    });
    renderAction();
    const pad = await openPad();
    await enter(pad, '1111');
    expect(await within(pad).findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Please wait 15 minutes and try again.',
    );

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await enter(pad, '1111');
    await waitFor(() =>
      expect(within(pad).getByRole('alert')).toHaveTextContent('We could not redeem this. Please try again.'),
    );
  });

  it('gives focus back to the button when the pad is cancelled', async () => {
    mockApi({});
    renderAction();
    const pad = await openPad();
    await userEvent.click(within(pad).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Redeem' })).toHaveFocus();
  });

  it('says when a used repeating product is available again, with no button', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(REDEEMED_AT));
    const data = holderData({
      order_products: [
        makeOrderProduct({
          id: 9309,
          product_id: 507,
          order_deal_id: 9103,
          redeemed: '2026-03-02T12:20:00Z',
          duplicate_date: '2026-03-03T12:20:00Z',
          redemptions_remaining_use: null,
        }),
      ],
    });
    renderAction({}, data);
    expect(screen.getByText('Available again Mar 3, 2026, 6:20 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing in a card (no explain) when nothing can be redeemed, nor for a product not held', () => {
    const data = holderData({ order_deals: [orderDeal(0, 7)] });
    const { container, unmount } = renderAction({ explain: false }, data);
    expect(container).toBeEmptyDOMElement();
    unmount();
    renderAction({ product: makeProduct({ id: 999, name: 'Other' }) });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the product in the button where several share a list', () => {
    renderAction({ nameInLabel: true });
    expect(screen.getByRole('button', { name: 'Redeem Brewery Tour for Two' })).toBeInTheDocument();
  });

  it('redeems a previewed product with the preview call, and keeps the answer out of /data', async () => {
    const preview = makePreview({ type: 'product', typeId: 504 });
    const product = makeProduct({ id: 504, name: 'Free Tasting Flight' });
    const { calls } = mockApi({
      'POST /preview/redeem': () => ({
        status: 200,
        body: redeemedAnswer({ id: 504, product_id: 504, order_deal_id: null }, 15),
      }),
    });
    const { client } = renderPage(<RedeemAction appData={preview} product={product} preview explain />, {
      data: preview,
      url: '/pass/experiences/product/504?t=tok',
    });
    const pad = await openPad();
    await enter(pad, '4821');
    expect(await screen.findByRole('timer', { name: 'Time left for Free Tasting Flight' })).toHaveTextContent(
      /^00:1[45]$/,
    );
    expect(screen.getByText('This is a preview: nothing was saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      orderProductIds: [504],
      pinNumber: '4821',
    });
    expect(client.getQueryData(dataQueryKey('tok'))).toBe(preview);
    expect(client.getQueryState(dataQueryKey('tok'))?.isInvalidated).toBe(false);
  });
});
