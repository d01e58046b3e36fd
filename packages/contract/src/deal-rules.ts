/**
 * Deal rules the server and the app both apply (spec 2.5, demo README "deals"): one definition,
 * zod-free. Dates may be ISO strings (the app) or Dates (the server).
 */

/** A deal is gamified when it uses points in an offer that does not. */
export function isGamified(deal: { use_points: boolean }, offer: { use_points: boolean } | null): boolean {
  return deal.use_points && offer?.use_points !== true;
}

type DateLike = string | Date | null;

/** Milliseconds of a date; null for none (or a string that does not parse, which counts as none). */
function dateMs(value: DateLike): number | null {
  if (value === null) return null;
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** Spec 2.5 rewards order: points_valid_until latest first, deals without a date after, then by id. */
export function compareRewardsOrder(
  a: { id: number; points_valid_until: DateLike },
  b: { id: number; points_valid_until: DateLike },
): number {
  const at = dateMs(a.points_valid_until);
  const bt = dateMs(b.points_valid_until);
  if (at !== null && bt !== null && at !== bt) return bt - at;
  if (at === null && bt !== null) return 1;
  if (at !== null && bt === null) return -1;
  return a.id - b.id;
}
