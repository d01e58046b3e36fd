import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { REDEEM_FAILED_MESSAGE, redeemCall, redeemErrorMessages } from './redeem';

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
