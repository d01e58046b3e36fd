import type { LatLng } from '@trailpass/contract';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The user's location (spec 4 Location, spec 9 time-outs), one store for the whole app.
 *
 * - Asked only while some component shows it for a signed-in partner user: first with high accuracy
 *   (10 s), and on failure again with low accuracy (30 s). If both fail the error is logged and nothing
 *   is shown (spec 8: location update failures are logged only).
 * - Asked again at once when the partner user changes, then every 60 s. However many components use
 *   the hook there is one refresh timer, and it stops when the last of them unmounts.
 * - Without a geolocation API the location stays null; that is logged once.
 *
 * Debug mode, for checking distances without moving: open the app with `debugLocation=1` in the URL
 * (it then stays on until the page reloads) or set localStorage `trailpass-debug-location` to `1`.
 * The last known location then moves north by 1/69 degree of latitude (about a mile) every second.
 */

export const HIGH_ACCURACY_TIMEOUT_MS = 10_000;
export const LOW_ACCURACY_TIMEOUT_MS = 30_000;
export const LOCATION_REFRESH_MS = 60_000;
/** One degree of latitude is about 69 miles. */
export const DEBUG_DRIFT_DEGREES_PER_SECOND = 1 / 69;
export const DEBUG_DRIFT_INTERVAL_MS = 1_000;
export const LOCATION_DEBUG_QUERY = 'debugLocation';
export const LOCATION_DEBUG_STORAGE_KEY = 'trailpass-debug-location';

export const HIGH_ACCURACY_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: HIGH_ACCURACY_TIMEOUT_MS,
};
export const LOW_ACCURACY_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: LOW_ACCURACY_TIMEOUT_MS,
};

type Listener = () => void;

const listeners = new Set<Listener>();
/** Mounted hooks and the partner user each one was given. */
const consumers = new Map<object, number | null>();

let location: LatLng | null = null;
/** The user the location was last asked for, so a change of user asks again. */
let askedUser: number | null = null;
let lastAskedAt = Number.NEGATIVE_INFINITY;
let refreshTimer: ReturnType<typeof setInterval> | null = null;
let driftTimer: ReturnType<typeof setInterval> | null = null;
/** Each ask is numbered so an older answer arriving late never replaces a newer one. */
let requestCount = 0;
let appliedRequest = 0;
let missingApiLogged = false;
let debugFromUrl = false;

function setLocation(next: LatLng | null) {
  if (next?.latitude === location?.latitude && next?.longitude === location?.longitude) return;
  location = next;
  for (const listener of listeners) listener();
}

export function isLocationDebugEnabled(): boolean {
  if (typeof window === 'undefined') return false;
  // The app's links keep only `t`, so the query flag is remembered once seen.
  if (new URLSearchParams(window.location.search).get(LOCATION_DEBUG_QUERY) === '1') debugFromUrl = true;
  if (debugFromUrl) return true;
  try {
    return window.localStorage.getItem(LOCATION_DEBUG_STORAGE_KEY) === '1';
  } catch {
    // Storage can be blocked (private mode, embedded views); debug mode is then off.
    return false;
  }
}

function geolocation(): Geolocation | null {
  return (typeof navigator !== 'undefined' && navigator.geolocation) || null;
}

function requestLocation() {
  lastAskedAt = Date.now();
  const api = geolocation();
  if (!api) {
    if (!missingApiLogged) {
      missingApiLogged = true;
      console.error('Location is not available: this browser has no geolocation API.');
    }
    return;
  }
  const request = ++requestCount;
  const apply = (position: GeolocationPosition) => {
    if (request < appliedRequest) return;
    appliedRequest = request;
    setLocation({ latitude: position.coords.latitude, longitude: position.coords.longitude });
  };
  api.getCurrentPosition(
    apply,
    () => {
      api.getCurrentPosition(
        apply,
        (error) => console.error('Updating the user location failed:', error.message || error),
        LOW_ACCURACY_OPTIONS,
      );
    },
    HIGH_ACCURACY_OPTIONS,
  );
}

function drift() {
  if (!location) return;
  setLocation({
    latitude: location.latitude + DEBUG_DRIFT_DEGREES_PER_SECOND,
    longitude: location.longitude,
  });
}

function stopTimers() {
  if (refreshTimer !== null) clearInterval(refreshTimer);
  if (driftTimer !== null) clearInterval(driftTimer);
  refreshTimer = null;
  driftTimer = null;
}

function startRefresh() {
  if (refreshTimer !== null) clearInterval(refreshTimer);
  refreshTimer = setInterval(requestLocation, LOCATION_REFRESH_MS);
}

/** The user to locate: the one most recently given by a mounted hook, or null when none has one. */
function activeUser(): number | null {
  let user: number | null = null;
  for (const id of consumers.values()) if (id !== null) user = id;
  return user;
}

/** Starts, restarts or stops the asks and timers to match the mounted hooks. */
function reconcile() {
  const user = activeUser();
  if (user === null) {
    stopTimers();
    // Signed out while shown: the next sign-in is a change of user. With no hook mounted at all (between
    // pages) the user is kept, so moving around the app does not ask on every page.
    if (consumers.size > 0) askedUser = null;
    return;
  }
  if (user !== askedUser) {
    askedUser = user;
    requestLocation();
    startRefresh();
  } else if (refreshTimer === null) {
    // Back after every user of the hook unmounted: ask if the last answer is due for a refresh.
    if (Date.now() - lastAskedAt >= LOCATION_REFRESH_MS) requestLocation();
    startRefresh();
  }
  if (driftTimer === null && isLocationDebugEnabled()) {
    driftTimer = setInterval(drift, DEBUG_DRIFT_INTERVAL_MS);
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => location;
const getServerSnapshot = () => null;

/**
 * The user's last known location, or null: before the first answer, when location is unavailable or
 * refused, and without a partner user (nobody is signed in, so nobody is asked).
 */
export function useUserLocation(partnerUserId: number | null): LatLng | null {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    const consumer = {};
    consumers.set(consumer, partnerUserId);
    reconcile();
    return () => {
      consumers.delete(consumer);
      reconcile();
    };
  }, [partnerUserId]);
  return partnerUserId === null ? null : current;
}

/** The current location outside React (null until one is known). */
export function getUserLocation(): LatLng | null {
  return location;
}

/** Tests: forget everything, stop the timers and ignore answers to earlier asks. */
export function resetLocationStoreForTests(): void {
  stopTimers();
  consumers.clear();
  listeners.clear();
  location = null;
  askedUser = null;
  lastAskedAt = Number.NEGATIVE_INFINITY;
  appliedRequest = requestCount = requestCount + 1;
  missingApiLogged = false;
  debugFromUrl = false;
}
