import { formatWallClock, SLOT_DATETIME_FORMAT } from '../../lib/dates';
import type { PickupSlot } from './cart-store';

/**
 * A chosen pickup slot as one phrase, in the entry's time zone: `Taproom bar, Tue, Nov 24, 4:00 PM` (the
 * pickup point, else the venue, then the day and time as the venue's clock reads them).
 */
export function formatPickupSlot(
  slot: Pick<PickupSlot, 'date' | 'time' | 'timezone' | 'pickupPointName' | 'venueName'>,
  format: string = SLOT_DATETIME_FORMAT,
): string {
  const where = slot.pickupPointName ?? slot.venueName;
  const when = formatWallClock(slot.date, slot.time, slot.timezone, format);
  return [where, when].filter((part) => part !== null && part !== '').join(', ');
}
