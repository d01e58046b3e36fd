import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@trailpass/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { mockApi } from '../../../test/api-mock';
import {
  attemptRedeem,
  isOfflineFailure,
  REDEEM_FAILED_MESSAGE,
  redeemCall,
  redeemErrorMessages,
} from './redeem';

describe('redeemCall (spec 7 Redeem)', () => {
  it('uses /redeem, or /checkIn for a check-in, under the holder, with one order product', () => {
    const holder = { kind: 'holder', partnerUserId: 1001, orderProductId: 9311 } as const;
    expect(redeemCall({ ...holder, checkIn: false }, '1357')).toEqual({
      path: '/partnerUser/1001/redeem',
      body: { partnerUserId: 1001, orderProductIds: [9311], pinNumber: '1357' },
    });
    expect(redeemCall({ ...holder, orderProductId: 9306, checkIn: true }, '1357').path).toBe(
      '/partnerUser/1001/checkIn',
    );
  });

  it('uses the preview forms with the previewed product’s id', () => {
    expect(redeemCall({ kind: 'preview', productId: 504, checkIn: false }, '4821')).toEqual({
      path: '/preview/redeem',
      body: { orderProductIds: [504], pinNumber: '4821' },
    });
    expect(redeemCall({ kind: 'preview', productId: 501, checkIn: true }, '4821').path).toBe(
      '/preview/checkIn',
    );
  });
});

describe('redeemCall for a pickup (spec 4, decision 0015)', () => {
  const pickup = { kind: 'pickup', partnerUserId: 1001, orderItemId: 9412 } as const;

  it('sends the order item to /redeem with the code', () => {
    expect(redeemCall(pickup, '4821')).toEqual({
      path: '/partnerUser/1001/redeem',
      body: { partnerUserId: 1001, orderItemIds: [9412], pinNumber: '4821' },
    });
  });

  it('leaves the code out when there is none, and adds the location when there is one', () => {
    expect(redeemCall(pickup, '').body).toEqual({ partnerUserId: 1001, orderItemIds: [9412] });
    expect(redeemCall({ ...pickup, location: { latitude: 44.0887, longitude: -87.6501 } }, '').body).toEqual({
      partnerUserId: 1001,
      orderItemIds: [9412],
      latitude: 44.0887,
      longitude: -87.6501,
    });
  });
});

describe('redeemErrorMessages (spec 8)', () => {
  const refusal = (body: unknown, message = 'That code is not correct. Please try again.') =>
    new ApiError(422, 'unprocessable', message, undefined, body);

  it('is the errors array when it has messages', () => {
    expect(
      redeemErrorMessages(
        refusal({
          error: { code: 'unprocessable', message: 'x' },
          order_products: [],
          errors: ['One.', 'Two.'],
        }),
      ),
    ).toEqual(['One.', 'Two.']);
  });

  it('else the response message', () => {
    expect(redeemErrorMessages(refusal({ errors: [] }, 'Enter the 4-digit validation code.'))).toEqual([
      'Enter the 4-digit validation code.',
    ]);
    expect(redeemErrorMessages(refusal(undefined, 'This has already been redeemed.'))).toEqual([
      'This has already been redeemed.',
    ]);
  });

  it('else a general message: no JSON answer, or no answer at all', () => {
    expect(redeemErrorMessages(new ApiError(502, 'unknown', 'Request failed with status 502'))).toEqual([
      REDEEM_FAILED_MESSAGE,
    ]);
    expect(redeemErrorMessages(new TypeError('Failed to fetch'))).toEqual([REDEEM_FAILED_MESSAGE]);
  });
});

describe('attemptRedeem: the idempotency key of each attempt (issue 9)', () => {
  const answer = { order_products: [], order_deals: [], order_items: [], points_earned: 0, errors: [] };

  it('sends a holder’s redeem, check-in and pickup with a fresh key each, and a preview with none', async () => {
    window.history.replaceState(null, '', '/pass/experiences?t=tok');
    const { calls } = mockApi({
      'POST /partnerUser/1001/redeem': () => ({ status: 200, body: answer }),
      'POST /partnerUser/1001/checkIn': () => ({ status: 200, body: answer }),
      'POST /preview/redeem': () => ({ status: 200, body: answer }),
    });
    const holder = { kind: 'holder', partnerUserId: 1001, orderProductId: 9311 } as const;
    await attemptRedeem({ target: { ...holder, checkIn: false }, pin: '1357' });
    await attemptRedeem({ target: { ...holder, checkIn: false }, pin: '1357' });
    await attemptRedeem({ target: { ...holder, checkIn: true }, pin: '1357' });
    await attemptRedeem({ target: { kind: 'pickup', partnerUserId: 1001, orderItemId: 9412 }, pin: '4821' });
    await attemptRedeem({ target: { kind: 'preview', productId: 504, checkIn: false }, pin: '4821' });
    const keys = calls.map((call) => call.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys.slice(0, 4).every((key) => key !== null && IDEMPOTENCY_KEY_PATTERN.test(key))).toBe(true);
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    expect(keys[4]).toBeNull();
  });

  it('rethrows a pickup’s network error (only redeems and check-ins are queued)', async () => {
    window.history.replaceState(null, '', '/pass/account/orders/9003?t=tok');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(
      attemptRedeem({ target: { kind: 'pickup', partnerUserId: 1001, orderItemId: 9412 }, pin: '4821' }),
    ).rejects.toBeInstanceOf(TypeError);
  });
});

describe('isOfflineFailure', () => {
  it('is a network error, or any failure while the browser is offline; never an answer of the server', () => {
    expect(isOfflineFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOfflineFailure(new ApiError(503, 'unknown', 'Request failed with status 503'))).toBe(false);
    expect(isOfflineFailure(new Error('something else'))).toBe(false);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOfflineFailure(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isOfflineFailure(new ApiError(422, 'unprocessable', 'Wrong code'))).toBe(false);
    onLine.mockRestore();
  });
});
