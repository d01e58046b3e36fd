/**
 * Availability rules (spec 7 Availability; decision 0017) as pure functions of rows and the current time.
 *
 * An availability entry belongs to one product or reward item and has a time zone, pickup points (maybe
 * none) and date rows: a calendar date in that zone, the pickup point it is offered at (null when the
 * entry has none) and "HH:MM" times, none meaning fully booked. Only what is still ahead counts: a date
 * before today in the zone is gone, and so is a time that has passed today.
 */

export interface AvailabilityEntry {
  id: number;
  timezone: string;
}

export interface AvailabilityDateRow {
  availability_id: number;
  position: number;
  date: string;
  pickup_point_id: number | null;
  times: string[];
}

/** Today's date and the time of day (to the minute) in a time zone. */
export interface LocalNow {
  date: string;
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function localNow(now: Date, timeZone: string): LocalNow {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A slot is ahead when its date is after today, or it is today and its time is later than now. */
export function isAhead(date: string, time: string, local: LocalNow): boolean {
  return date > local.date || (date === local.date && time > local.time);
}

export interface DateOffer {
  date: string;
  pickup_point_id: number | null;
  /** False when no time is left on it (fully booked). */
  available: boolean;
}

export interface TimeOffer {
  time: string;
  pickup_point_id: number | null;
}

export interface OfferInput {
  entries: readonly AvailabilityEntry[];
  dates: readonly AvailabilityDateRow[];
  /** Pickup point id -> its position in its entry, for a stable order. */
  pickupPointOrder: ReadonlyMap<number, number>;
  /** Only rows at this pickup point. */
  pickupPoint: number | null;
  now: Date;
}

/** The rows of the input's entries that match its pickup point filter, each with its zone's now. */
function rowsWithNow(input: OfferInput): Array<{ row: AvailabilityDateRow; local: LocalNow }> {
  const zoneOf = new Map(input.entries.map((entry) => [entry.id, entry.timezone]));
  const out: Array<{ row: AvailabilityDateRow; local: LocalNow }> = [];
  for (const row of input.dates) {
    const zone = zoneOf.get(row.availability_id);
    if (zone === undefined) continue;
    if (input.pickupPoint !== null && row.pickup_point_id !== input.pickupPoint) continue;
    out.push({ row, local: localNow(input.now, zone) });
  }
  return out;
}

const pointRank = (order: ReadonlyMap<number, number>, id: number | null) =>
  id === null ? -1 : (order.get(id) ?? Number.MAX_SAFE_INTEGER);

/**
 * The dates still ahead, once per (date, pickup point), ascending by date then pickup point order: each
 * available when some time on it is still ahead, not available (fully booked) when its row has no times.
 * A date whose times have all passed today is left out, as are past dates.
 */
export function offeredDates(input: OfferInput): DateOffer[] {
  const byKey = new Map<string, DateOffer>();
  for (const { row, local } of rowsWithNow(input)) {
    if (row.date < local.date) continue;
    const ahead = row.times.some((time) => isAhead(row.date, time, local));
    if (!ahead && row.times.length > 0) continue;
    const key = `${row.date}|${row.pickup_point_id}`;
    const found = byKey.get(key);
    if (found) found.available ||= ahead;
    else byKey.set(key, { date: row.date, pickup_point_id: row.pickup_point_id, available: ahead });
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      pointRank(input.pickupPointOrder, a.pickup_point_id) -
        pointRank(input.pickupPointOrder, b.pickup_point_id),
  );
}

/** The times on `date` still ahead, once per (time, pickup point), ascending by time then pickup point order. */
export function offeredTimes(input: OfferInput, date: string): TimeOffer[] {
  const byKey = new Map<string, TimeOffer>();
  for (const { row, local } of rowsWithNow(input)) {
    if (row.date !== date) continue;
    for (const time of row.times) {
      if (!isAhead(date, time, local)) continue;
      byKey.set(`${time}|${row.pickup_point_id}`, { time, pickup_point_id: row.pickup_point_id });
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.time.localeCompare(b.time) ||
      pointRank(input.pickupPointOrder, a.pickup_point_id) -
        pointRank(input.pickupPointOrder, b.pickup_point_id),
  );
}

export const NO_DATES_MESSAGE = 'This item has no dates to choose from.';
export const CHOOSE_PICKUP_POINT_MESSAGE = 'Choose a pickup point.';
export const PICKUP_POINT_NOT_OFFERED_MESSAGE = 'That pickup point is not offered for this item.';
export const TIME_NOT_OFFERED_MESSAGE = 'That time is not available. Choose one of the times offered.';
export const SHIPPED_ITEM_MESSAGE = 'This item is shipped, so it has no pickup time to choose.';
export const ALREADY_PICKED_UP_MESSAGE = 'This item has already been picked up.';

export interface SlotChoice {
  date: string;
  time: string;
  pickupPoint: number | null;
}

export type SlotProblem =
  | { field: 'pickupPoint'; message: string }
  | { field: 'time'; message: string }
  | null;

/**
 * Whether a chosen slot is one the item's availability offers now: the pickup point is one of the item's,
 * and the time is listed on that date at that point (no point: a row without one) and still ahead. An
 * item with pickup points needs one unless the slot is offered without.
 */
export function slotProblem(
  input: Omit<OfferInput, 'pickupPoint'> & { pickupPointIds: ReadonlySet<number> },
  choice: SlotChoice,
): SlotProblem {
  if (choice.pickupPoint !== null && !input.pickupPointIds.has(choice.pickupPoint)) {
    return { field: 'pickupPoint', message: PICKUP_POINT_NOT_OFFERED_MESSAGE };
  }
  const offered = offeredTimes({ ...input, pickupPoint: choice.pickupPoint }, choice.date).some(
    (slot) => slot.time === choice.time && slot.pickup_point_id === choice.pickupPoint,
  );
  if (offered) return null;
  if (choice.pickupPoint === null && input.pickupPointIds.size > 0) {
    return { field: 'pickupPoint', message: CHOOSE_PICKUP_POINT_MESSAGE };
  }
  return { field: 'time', message: TIME_NOT_OFFERED_MESSAGE };
}
