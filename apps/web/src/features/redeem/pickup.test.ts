import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { resetLocationStoreForTests } from '../../lib/location';
import { isPendingPickup, locateForPickup, needsCode, pickupValidation } from './pickup';

afterEach(() => resetLocationStoreForTests());

function geolocation(answer: { latitude: number; longitude: number } | null): Geolocation {
  return {
    getCurrentPosition: vi.fn((success: PositionCallback, error?: PositionErrorCallback | null) => {
      if (answer) success({ coords: { ...answer, accuracy: 5 }, timestamp: 0 } as GeolocationPosition);
      else error?.({ code: 3, message: 'Timeout expired' } as GeolocationPositionError);
    }),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  };
}

describe('pickup confirmation rules (spec 4, decision 0015)', () => {
  it('reads pin and gpsOrPin; anything else confirms at once', () => {
    expect(pickupValidation('pin')).toBe('pin');
    expect(pickupValidation('gpsOrPin')).toBe('gpsOrPin');
    expect(pickupValidation('none')).toBe('none');
    expect(pickupValidation(null)).toBe('none');
    expect(pickupValidation('qr')).toBe('none');
  });

  it('calls an unredeemed picked_up item a pending pickup', () => {
    const item = { delivery_method: 'picked_up', redeemed: null, completed: null } as const;
    expect(isPendingPickup(item)).toBe(true);
    expect(isPendingPickup({ ...item, redeemed: '2026-03-02T12:00:00Z' })).toBe(false);
    expect(isPendingPickup({ ...item, completed: '2026-03-02T12:00:00Z' })).toBe(false);
    expect(isPendingPickup({ ...item, delivery_method: 'shipped' })).toBe(false);
  });

  it('asks the browser for the location once, and gives up on a refusal or no API', async () => {
    const beach = { latitude: 44.0887, longitude: -87.6501 };
    const api = geolocation(beach);
    await expect(locateForPickup(api)).resolves.toEqual(beach);
    expect(api.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 60_000,
    });
    await expect(locateForPickup(geolocation(null))).resolves.toBeNull();
    await expect(locateForPickup(null)).resolves.toBeNull();
  });

  it('opens the pad when the server asks for the code (422 naming pinNumber), not for other refusals', () => {
    const ask = 'Enter the 4-digit validation code.';
    expect(needsCode(new ApiError(422, 'unprocessable', ask, { pinNumber: ask }))).toBe(true);
    expect(needsCode(new ApiError(422, 'unprocessable', 'Expired.'))).toBe(false);
    expect(needsCode(new ApiError(409, 'conflict', 'This pickup has already been confirmed.'))).toBe(false);
    expect(needsCode(new TypeError('Failed to fetch'))).toBe(false);
  });
});
