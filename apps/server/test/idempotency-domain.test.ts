import { describe, expect, it } from 'vitest';
import { canonicalJson, isStoredStatus, requestHash } from '../src/modules/idempotency/domain';

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([undefined, null, 'x'])).toBe('[null,null,"x"]');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('requestHash', () => {
  const base = { method: 'POST', route: '/pass/api/partnerUser/:id/checkIn', params: { id: 1001 } };
  it('is the same for the same request in any key order', () => {
    expect(requestHash({ ...base, body: { pinNumber: '1357', orderProductIds: [9306] } })).toBe(
      requestHash({ ...base, body: { orderProductIds: [9306], pinNumber: '1357' } }),
    );
  });
  it('differs for another body, route, method or path parameter', () => {
    const hash = requestHash({ ...base, body: { orderProductIds: [9306] } });
    expect(requestHash({ ...base, body: { orderProductIds: [9307] } })).not.toBe(hash);
    expect(
      requestHash({ ...base, route: '/pass/api/partnerUser/:id/redeem', body: { orderProductIds: [9306] } }),
    ).not.toBe(hash);
    expect(requestHash({ ...base, method: 'PUT', body: { orderProductIds: [9306] } })).not.toBe(hash);
    expect(requestHash({ ...base, params: { id: 1002 }, body: { orderProductIds: [9306] } })).not.toBe(hash);
  });
});

describe('isStoredStatus', () => {
  it('keeps successes and decided refusals, not limits or failures', () => {
    for (const status of [200, 201, 204, 400, 404, 409, 422])
      expect(isStoredStatus(status), String(status)).toBe(true);
    for (const status of [401, 403, 413, 415, 429, 500, 503])
      expect(isStoredStatus(status), String(status)).toBe(false);
  });
});
