import { DEVICE_ID_PATTERN } from '@trailpass/contract';
import { describe, expect, it, vi } from 'vitest';
import { getDeviceIds, LOCAL_DEVICE_ID_KEY, SESSION_DEVICE_ID_KEY } from './device-ids';
import { randomId } from './random-id';
import { clearSessionState, clearVuexLocalStorage } from './session';

describe('device ids (spec 9)', () => {
  it('creates a random session id and local id once, matching the contract', () => {
    const first = getDeviceIds();
    expect(first.session_device_id).toMatch(DEVICE_ID_PATTERN);
    expect(first.local_device_id).toMatch(DEVICE_ID_PATTERN);
    expect(first.session_device_id).not.toBe(first.local_device_id);
    expect(window.sessionStorage.getItem(SESSION_DEVICE_ID_KEY)).toBe(first.session_device_id);
    expect(window.localStorage.getItem(LOCAL_DEVICE_ID_KEY)).toBe(first.local_device_id);
    expect(getDeviceIds()).toEqual(first);
  });

  it('a new session (tab) gets a new session id and keeps the local id', () => {
    const first = getDeviceIds();
    window.sessionStorage.clear();
    const next = getDeviceIds();
    expect(next.local_device_id).toBe(first.local_device_id);
    expect(next.session_device_id).not.toBe(first.session_device_id);
  });

  it('the local id outlives the staff clear-storage button (it is not vuex- state)', () => {
    const first = getDeviceIds();
    clearSessionState();
    clearVuexLocalStorage();
    expect(getDeviceIds()).toEqual(first);
  });

  it('replaces a stored value that is not a device id', () => {
    window.localStorage.setItem(LOCAL_DEVICE_ID_KEY, 'not an id!');
    const { local_device_id } = getDeviceIds();
    expect(local_device_id).toMatch(DEVICE_ID_PATTERN);
    expect(window.localStorage.getItem(LOCAL_DEVICE_ID_KEY)).toBe(local_device_id);
  });

  it('with storage disabled, keeps one id per page load in memory', () => {
    const denied = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const local = vi.spyOn(window, 'localStorage', 'get').mockImplementation(denied);
    const session = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(denied);
    try {
      const first = getDeviceIds();
      expect(first.local_device_id).toMatch(DEVICE_ID_PATTERN);
      expect(first.session_device_id).toMatch(DEVICE_ID_PATTERN);
      expect(getDeviceIds()).toEqual(first);
    } finally {
      local.mockRestore();
      session.mockRestore();
    }
  });
});

describe('randomId', () => {
  it('is a UUID, also where crypto.randomUUID is missing (not a secure context)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomId()).toMatch(uuid);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => randomId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
