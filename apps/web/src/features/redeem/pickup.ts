import type { LatLng, OrderItem } from '@trailpass/contract';
import { isApiError } from '../../lib/api-client';
import { getUserLocation, HIGH_ACCURACY_TIMEOUT_MS, LOCATION_REFRESH_MS } from '../../lib/location';

/**
 * Spec 4 Pickup confirmation (decision 0015): `pin` needs the venue's code, `gpsOrPin` is satisfied by
 * the holder's location near the venue or else the code, and anything else confirms at once.
 */
export type PickupValidation = 'pin' | 'gpsOrPin' | 'none';

export function pickupValidation(value: string | null | undefined): PickupValidation {
  return value === 'pin' || value === 'gpsOrPin' ? value : 'none';
}

/**
 * Spec 4: an unredeemed picked_up item (redeemed empty, completed null) is a pending pickup, shown as
 * Pending Pickup with Confirm Pickup.
 */
export function isPendingPickup(
  item: Pick<OrderItem, 'delivery_method' | 'redeemed' | 'completed'>,
): boolean {
  return item.delivery_method === 'picked_up' && !item.redeemed && item.completed === null;
}

/**
 * The holder's location for a `gpsOrPin` pickup: the app's last known one (lib/location keeps it while a
 * page shows it), else one browser ask with high accuracy. Null when the browser has no location, it is
 * refused or it does not come in time: the code pad is the way then.
 */
export function locateForPickup(
  geolocation: Geolocation | null = typeof navigator === 'undefined' ? null : navigator.geolocation,
): Promise<LatLng | null> {
  const known = getUserLocation();
  if (known) return Promise.resolve(known);
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: HIGH_ACCURACY_TIMEOUT_MS, maximumAge: LOCATION_REFRESH_MS },
    );
  });
}

/**
 * The server asks for the code (422 naming pinNumber) after a `gpsOrPin` pickup was sent without one: the
 * location was not close enough to the venue. The pad opens rather than showing this as a failure.
 */
export function needsCode(error: unknown): boolean {
  return isApiError(error, 422) && typeof error.fields?.pinNumber === 'string';
}
