import { BOOT_READS_ELEMENT_ID } from '@trailpass/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BOOT_READ_MAX_AGE_MS,
  bootInitialData,
  forgetBootReadsForTests,
  refetchOnMountUnlessEmbedded,
  takeBootRead,
} from './boot-reads';

// Decision 0026: the page's first answers come embedded in #tp-boot, for the token in the page URL.

const DATA = { path: '/data', query: {} };
const ORDERS = { path: '/partnerUser/1001/orders', query: { offerId: 101, display: 20, page: 1 } };

/** A page served for `?t=tok` with these answers, as the server embeds them. */
function servePage(
  reads: Record<string, { at: number; body: unknown }>,
  sentAt = Date.now(),
  url = '/pass/x?t=tok',
) {
  window.history.replaceState(null, '', url);
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_READS_ELEMENT_ID;
  script.textContent = JSON.stringify({ sentAt, reads });
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(BOOT_READS_ELEMENT_ID)?.remove();
  forgetBootReadsForTests();
});

describe('takeBootRead', () => {
  it('hands each answer out once, then asks the server as before', () => {
    servePage({ '/data': { at: Date.now(), body: { offer: 'a' } } });
    expect(takeBootRead(DATA, 'tok')?.data).toEqual({ offer: 'a' });
    expect(takeBootRead(DATA, 'tok')).toBeUndefined();
    // The element is read once and taken out of the page.
    expect(document.getElementById(BOOT_READS_ELEMENT_ID)).toBeNull();
  });

  it('finds an answer only under its own path and query, as the app sends the call', () => {
    servePage({
      '/partnerUser/1001/orders?offerId=101&display=20&page=1': { at: Date.now(), body: { data: [] } },
    });
    expect(takeBootRead({ ...ORDERS, query: { ...ORDERS.query, page: 2 } }, 'tok')).toBeUndefined();
    expect(takeBootRead(DATA, 'tok')).toBeUndefined();
    expect(takeBootRead(ORDERS, 'tok')?.data).toEqual({ data: [] });
  });

  it('adds the page’s dealId to the key, as every call carries it', () => {
    servePage({ '/data?dealId=201': { at: Date.now(), body: 1 } }, Date.now(), '/pass/x?t=tok&dealId=201');
    expect(takeBootRead(DATA, 'tok', { pageSearch: '?t=tok' })).toBeUndefined();
    expect(takeBootRead(DATA, 'tok')?.data).toBe(1);
  });

  it('is only for the token the page was served for', () => {
    servePage({ '/data': { at: Date.now(), body: 1 } });
    expect(takeBootRead(DATA, 'other')).toBeUndefined();
    expect(takeBootRead(DATA, null)).toBeUndefined();
    expect(takeBootRead(null, 'tok')).toBeUndefined();
    expect(takeBootRead(DATA, 'tok')?.data).toBe(1);
  });

  it('ignores a malformed element, and a page without one', () => {
    window.history.replaceState(null, '', '/pass/x?t=tok');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = BOOT_READS_ELEMENT_ID;
    script.textContent = '{"sentAt": 1, "reads": {"/data": {"at": 1, "body": ';
    document.body.append(script);
    expect(() => takeBootRead(DATA, 'tok')).not.toThrow();
    expect(takeBootRead(DATA, 'tok')).toBeUndefined();
    forgetBootReadsForTests();
    expect(takeBootRead(DATA, 'tok')).toBeUndefined();
  });

  it('dates an answer by its age when the page left the server, on this device’s clock', () => {
    // The server's clock is an hour ahead; the answer was 300 ms old when the page was sent.
    const serverNow = Date.now() + 3_600_000;
    servePage({ '/data': { at: serverNow - 300, body: 1 } }, serverNow);
    const taken = takeBootRead(DATA, 'tok');
    expect(taken?.updatedAt).toBeLessThanOrEqual(Date.now() - 300);
    expect(taken?.updatedAt).toBeGreaterThan(Date.now() - 5_000);
  });

  it('drops an answer that is too old to be worth showing', () => {
    const now = Date.now();
    servePage({ '/data': { at: now - BOOT_READ_MAX_AGE_MS - 1_000, body: 1 } }, now);
    expect(takeBootRead(DATA, 'tok')).toBeUndefined();
  });

  it('leaves an answer the caller refuses for a later caller', () => {
    servePage({ '/data': { at: Date.now(), body: { public_link: true } } });
    const accept = (data: { public_link: boolean }) => !data.public_link;
    expect(takeBootRead(DATA, 'tok', { accept })).toBeUndefined();
    expect(takeBootRead<{ public_link: boolean }>(DATA, 'tok')?.data.public_link).toBe(true);
  });
});

describe('bootInitialData', () => {
  it('gives the answer and its time, once, in the order React Query asks', () => {
    servePage({ '/data': { at: Date.now() - 100, body: { a: 1 } } });
    const options = bootInitialData<{ a: number }, { wrapped: { a: number } }>(DATA, 'tok', {
      wrap: (data) => ({ wrapped: data }),
    });
    expect(options.initialData()).toEqual({ wrapped: { a: 1 } });
    expect(options.initialDataUpdatedAt()).toBeLessThanOrEqual(Date.now() - 100);
    expect(bootInitialData(DATA, 'tok').initialData()).toBeUndefined();
  });
});

describe('refetchOnMountUnlessEmbedded', () => {
  it('keeps a young embedded answer from being asked for again on mount, and nothing else', () => {
    const now = Date.now();
    const state = (data: unknown, dataUpdateCount: number, dataUpdatedAt: number) => ({
      state: { data, dataUpdateCount, dataUpdatedAt },
    });
    expect(refetchOnMountUnlessEmbedded(state(1, 0, now - 1_000))).toBe(false);
    expect(refetchOnMountUnlessEmbedded(state(1, 0, now - BOOT_READ_MAX_AGE_MS - 1))).toBe(true);
    expect(refetchOnMountUnlessEmbedded(state(1, 1, now))).toBe(true);
    expect(refetchOnMountUnlessEmbedded(state(undefined, 0, 0))).toBe(true);
  });
});
