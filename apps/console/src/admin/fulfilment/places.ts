import type { PickupPlace, ShipTo } from '@trailpass/contract/console';

/** A shipping address as the lines of a label; a recipient the holder named is marked as such. */
export function shipToLines(shipTo: ShipTo | null): string[] {
  if (!shipTo) return [];
  const cityLine = [shipTo.city, [shipTo.state, shipTo.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [
    shipTo.recipient ? `${shipTo.name} (recipient)` : shipTo.name,
    shipTo.address,
    shipTo.address2,
    cityLine,
    shipTo.country,
  ].filter((line): line is string => Boolean(line?.trim()));
  // A holder who has not given an address yet: the item cannot go out until they do.
  if (!shipTo.address) lines.push('No address yet');
  return lines;
}

/** Where and when a pickup is collected: the venue, the slot the holder chose (on the venue's clock). */
export function pickupLines(pickup: PickupPlace | null): string[] {
  if (!pickup) return [];
  const lines: string[] = [];
  if (pickup.venueName) lines.push(pickup.venueName);
  if (pickup.slot) {
    const place = pickup.slot.pointName ? `${pickup.slot.pointName}, ` : '';
    lines.push(`${place}${pickup.slot.date} at ${pickup.slot.time} (${pickup.slot.timezone})`);
  }
  if (pickup.instructions) lines.push(pickup.instructions);
  return lines;
}
