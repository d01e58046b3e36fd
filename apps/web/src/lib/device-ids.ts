import { DEVICE_ID_PATTERN } from '@trailpass/contract';
import { randomId } from './random-id';

/**
 * Spec 9: a session-scoped and a local random device id, kept in storage and sent with page views and
 * error reports, so that events of one tab (session) and of one browser (local) can be told apart
 * without knowing who it is.
 *
 * The local id lives in localStorage under its own key, outside the clearable `vuex-` state and without
 * the local-storage helper's expiry: it names the device, not a piece of app state, and it must stay
 * long-term. If the staff clear-storage button (or a 1-hour expiry) renewed it, one browser would count as
 * many devices in the analytics. Clearing the site's data in the browser still resets it, as it should.
 */
export const SESSION_DEVICE_ID_KEY = 'trailpass-session-device-id';
export const LOCAL_DEVICE_ID_KEY = 'trailpass-local-device-id';

export interface DeviceIds {
  session_device_id: string;
  local_device_id: string;
}

/** Ids of this page load when storage is disabled: still valid, only not kept. */
const inMemory = new Map<string, string>();

function storedId(area: () => Storage, key: string): string {
  try {
    const store = area();
    const existing = store.getItem(key);
    // Anything else there (edited by hand, another app's format) is replaced.
    if (existing !== null && DEVICE_ID_PATTERN.test(existing)) return existing;
    const id = randomId();
    store.setItem(key, id);
    return id;
  } catch {
    // Disabled or full storage: one id for the rest of this page load.
    let id = inMemory.get(key);
    if (!id) {
      id = randomId();
      inMemory.set(key, id);
    }
    return id;
  }
}

/** The session id (sessionStorage: one per tab) and the local id (localStorage), created once. */
export function getDeviceIds(): DeviceIds {
  return {
    session_device_id: storedId(() => window.sessionStorage, SESSION_DEVICE_ID_KEY),
    local_device_id: storedId(() => window.localStorage, LOCAL_DEVICE_ID_KEY),
  };
}
