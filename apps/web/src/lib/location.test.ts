import { act, renderHook } from '@testing-library/react';
import type { LatLng } from '@trailpass/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEBUG_DRIFT_DEGREES_PER_SECOND,
  HIGH_ACCURACY_TIMEOUT_MS,
  LOCATION_DEBUG_STORAGE_KEY,
  LOCATION_REFRESH_MS,
  LOW_ACCURACY_TIMEOUT_MS,
  resetLocationStoreForTests,
  useUserLocation,
} from './location';

const HIGH = { enableHighAccuracy: true, timeout: 10_000 };
const LOW = { enableHighAccuracy: false, timeout: 30_000 };
const PORT_ALDER: LatLng = { latitude: 44.0921, longitude: -87.6563 };

interface Ask {
  success: PositionCallback;
  error: PositionErrorCallback | null | undefined;
  options: PositionOptions | undefined;
}

/** A fake navigator.geolocation: each ask is recorded and answered by the test. */
let asks: Ask[];
let getCurrentPosition: ReturnType<typeof vi.fn>;

function installGeolocation() {
  asks = [];
  getCurrentPosition = vi.fn(
    (success: PositionCallback, error?: PositionErrorCallback | null, options?: PositionOptions) => {
      asks.push({ success, error, options });
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
    configurable: true,
  });
}

function lastAsk(): Ask {
  const ask = asks.at(-1);
  if (!ask) throw new Error('no location was asked for');
  return ask;
}

function answer(ask: Ask, at: LatLng) {
  act(() => {
    ask.success({
      coords: { latitude: at.latitude, longitude: at.longitude, accuracy: 10 },
      timestamp: Date.now(),
    } as GeolocationPosition);
  });
}

function refuse(ask: Ask, code = 3) {
  act(() => {
    ask.error?.({
      code,
      message: code === 1 ? 'User denied Geolocation' : 'Timeout expired',
    } as GeolocationPositionError);
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  resetLocationStoreForTests();
  installGeolocation();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  resetLocationStoreForTests();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
  window.history.replaceState(null, '', '/');
});

describe('constants (spec 9)', () => {
  it('match the spec', () => {
    expect(HIGH_ACCURACY_TIMEOUT_MS).toBe(10_000);
    expect(LOW_ACCURACY_TIMEOUT_MS).toBe(30_000);
    expect(LOCATION_REFRESH_MS).toBe(60_000);
    expect(DEBUG_DRIFT_DEGREES_PER_SECOND).toBe(1 / 69);
  });
});

describe('useUserLocation (spec 4 Location)', () => {
  it('asks with high accuracy first and shows the answer', () => {
    const { result } = renderHook(() => useUserLocation(7));
    expect(result.current).toBeNull();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(lastAsk().options).toEqual(HIGH);
    answer(lastAsk(), PORT_ALDER);
    expect(result.current).toEqual(PORT_ALDER);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('retries with low accuracy when the high-accuracy attempt fails', () => {
    const { result } = renderHook(() => useUserLocation(7));
    refuse(lastAsk());
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(lastAsk().options).toEqual(LOW);
    expect(result.current).toBeNull();
    answer(lastAsk(), PORT_ALDER);
    expect(result.current).toEqual(PORT_ALDER);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('only logs an error when both attempts fail', () => {
    const { result } = renderHook(() => useUserLocation(7));
    refuse(lastAsk(), 1);
    refuse(lastAsk(), 1);
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(result.current).toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/location/i);
  });

  it('keeps the last known location when a later refresh fails', () => {
    const { result } = renderHook(() => useUserLocation(7));
    answer(lastAsk(), PORT_ALDER);
    advance(LOCATION_REFRESH_MS);
    refuse(lastAsk());
    refuse(lastAsk());
    expect(result.current).toEqual(PORT_ALDER);
  });

  it('refreshes every 60 seconds with one timer for every component', () => {
    const first = renderHook(() => useUserLocation(7));
    const second = renderHook(() => useUserLocation(7));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    answer(lastAsk(), PORT_ALDER);

    advance(LOCATION_REFRESH_MS - 1);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    advance(1);
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(lastAsk().options).toEqual(HIGH);
    const moved = { latitude: 44.1, longitude: -87.7 };
    answer(lastAsk(), moved);
    expect(first.result.current).toEqual(moved);
    expect(second.result.current).toEqual(moved);

    advance(LOCATION_REFRESH_MS * 2);
    expect(getCurrentPosition).toHaveBeenCalledTimes(4);
  });

  it('stops asking when no component uses it', () => {
    const first = renderHook(() => useUserLocation(7));
    const second = renderHook(() => useUserLocation(7));
    first.unmount();
    advance(LOCATION_REFRESH_MS);
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    second.unmount();
    advance(LOCATION_REFRESH_MS * 5);
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  it('does not ask again on every page, but catches up on a refresh that fell due while unmounted', () => {
    const page = renderHook(() => useUserLocation(7));
    answer(lastAsk(), PORT_ALDER);
    page.unmount();
    advance(10_000);
    const next = renderHook(() => useUserLocation(7));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(next.result.current).toEqual(PORT_ALDER);
    next.unmount();
    advance(LOCATION_REFRESH_MS);
    renderHook(() => useUserLocation(7));
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  it('asks again at once when the partner user changes, then every 60 seconds from then', () => {
    const { result, rerender } = renderHook(({ user }) => useUserLocation(user), {
      initialProps: { user: 7 as number | null },
    });
    answer(lastAsk(), PORT_ALDER);
    advance(30_000);
    rerender({ user: 8 });
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(lastAsk().options).toEqual(HIGH);
    expect(result.current).toEqual(PORT_ALDER);
    advance(30_000);
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    advance(30_000);
    expect(getCurrentPosition).toHaveBeenCalledTimes(3);
  });

  it('asks nobody without a partner user, and asks once one signs in', () => {
    const { result, rerender } = renderHook(({ user }) => useUserLocation(user), {
      initialProps: { user: null as number | null },
    });
    advance(LOCATION_REFRESH_MS * 2);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    rerender({ user: 7 });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    answer(lastAsk(), PORT_ALDER);
    expect(result.current).toEqual(PORT_ALDER);
    // Signing out hides the location and stops asking; signing back in asks again at once.
    rerender({ user: null });
    expect(result.current).toBeNull();
    advance(LOCATION_REFRESH_MS * 2);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    rerender({ user: 7 });
    expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    // Even when the last ask was only moments ago.
    rerender({ user: null });
    advance(1_000);
    rerender({ user: 7 });
    expect(getCurrentPosition).toHaveBeenCalledTimes(3);
  });

  it('never lets an older answer replace a newer one', () => {
    const { result, rerender } = renderHook(({ user }) => useUserLocation(user), {
      initialProps: { user: 7 },
    });
    const slow = lastAsk();
    rerender({ user: 8 });
    const fresh = { latitude: 45, longitude: -88 };
    answer(lastAsk(), fresh);
    answer(slow, PORT_ALDER);
    expect(result.current).toEqual(fresh);
  });

  it('stays null and logs once without a geolocation API', () => {
    Reflect.deleteProperty(navigator, 'geolocation');
    expect('geolocation' in navigator).toBe(false);
    const { result } = renderHook(() => useUserLocation(7));
    advance(LOCATION_REFRESH_MS * 3);
    expect(result.current).toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe('debug mode', () => {
  it('moves the location north by 1/69 degree every second with debugLocation=1 in the URL', () => {
    window.history.replaceState(null, '', '/pass/experiences?t=x&debugLocation=1');
    const { result } = renderHook(() => useUserLocation(7));
    answer(lastAsk(), PORT_ALDER);
    advance(999);
    expect(result.current).toEqual(PORT_ALDER);
    advance(1);
    expect(result.current?.latitude).toBeCloseTo(PORT_ALDER.latitude + 1 / 69, 12);
    expect(result.current?.longitude).toBe(PORT_ALDER.longitude);
    advance(2_000);
    expect(result.current?.latitude).toBeCloseTo(PORT_ALDER.latitude + 3 / 69, 12);
  });

  it('stays on after navigation drops the query, and restarts from each new answer', () => {
    window.history.replaceState(null, '', '/pass/experiences?debugLocation=1');
    const first = renderHook(() => useUserLocation(7));
    answer(lastAsk(), PORT_ALDER);
    first.unmount();
    window.history.replaceState(null, '', '/pass/explore');
    const { result } = renderHook(() => useUserLocation(7));
    advance(LOCATION_REFRESH_MS);
    expect(result.current?.latitude).toBeCloseTo(PORT_ALDER.latitude + 60 / 69, 10);
    const fresh = { latitude: 10, longitude: 20 };
    answer(lastAsk(), fresh);
    advance(1_000);
    expect(result.current?.latitude).toBeCloseTo(10 + 1 / 69, 12);
  });

  it('is turned on by the local-storage key too', () => {
    window.localStorage.setItem(LOCATION_DEBUG_STORAGE_KEY, '1');
    const { result } = renderHook(() => useUserLocation(7));
    answer(lastAsk(), PORT_ALDER);
    advance(5_000);
    expect(result.current?.latitude).toBeCloseTo(PORT_ALDER.latitude + 5 / 69, 12);
  });

  it('is off otherwise: the location does not move between answers', () => {
    const { result } = renderHook(() => useUserLocation(7));
    answer(lastAsk(), PORT_ALDER);
    advance(LOCATION_REFRESH_MS - 1);
    expect(result.current).toEqual(PORT_ALDER);
  });
});
