import { describe, expect, it } from 'vitest';
import { isKeptRead, isSessionChange } from './kept-reads';

const ORIGIN = 'https://pass.example';

function kept(path: string, method = 'GET', origin = ORIGIN): boolean {
  const url = new URL(path, origin);
  return isKeptRead(new Request(url, { method }), url, ORIGIN);
}

describe('isKeptRead', () => {
  it('keeps the reads the pass needs to open offline', () => {
    expect(kept('/pass/api/data?t=x')).toBe(true);
    expect(
      kept('/pass/api/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101'),
    ).toBe(true);
    expect(kept('/pass/api/partnerUser/1001/moduleAssignment/77')).toBe(true);
    expect(kept('/pass/api/partnerUser/1001/points/current?offerId=101&dealId=201')).toBe(true);
    expect(kept('/pass/api/partnerUser/1001/points/history?offerId=101&dealId=201&page=1')).toBe(true);
    expect(kept('/pass/api/partnerUser/1001/rewards?offerId=101&dealId=201')).toBe(true);
    expect(kept('/products/504?t=x')).toBe(true);
  });

  it('leaves everything else to the network', () => {
    expect(kept('/pass/api/partnerUser/1001/messages/unreadCount?offerId=101')).toBe(false);
    expect(kept('/pass/api/partnerUser/1001/messages')).toBe(false);
    expect(kept('/pass/api/partnerUser/1001/orders')).toBe(false);
    expect(kept('/pass/api/cart')).toBe(false);
    expect(kept('/pass/api/manifest.webmanifest?o=101&t=x')).toBe(false);
    expect(kept('/pass/api/data/extra')).toBe(false);
    expect(kept('/pass/api/partnerUser/1001/points/current/x')).toBe(false);
  });

  it('keeps only GETs of this origin', () => {
    expect(kept('/pass/api/data', 'POST')).toBe(false);
    expect(kept('/pass/api/data', 'GET', 'https://elsewhere.example')).toBe(false);
  });
});

describe('isSessionChange', () => {
  const change = (path: string, method = 'POST') => {
    const url = new URL(path, ORIGIN);
    return isSessionChange(new Request(url, { method }), url, ORIGIN);
  };

  it('is a POST of login or logout', () => {
    expect(change('/pass/api/login')).toBe(true);
    expect(change('/pass/api/logout?t=x')).toBe(true);
    expect(change('/pass/api/login', 'GET')).toBe(false);
    expect(change('/pass/api/partnerUser/1001/update')).toBe(false);
  });
});
