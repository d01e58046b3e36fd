/**
 * Spec 9 orderings. Both return a new array and leave their input alone (query data is shared).
 */

/**
 * Names compare the way people read them: by the browser's locale, ignoring case, with numbers in
 * number order ("Stop 2" before "Stop 10").
 */
// Made on first use: building a collator loads the locale's rules, which is slow enough to matter when
// every chunk that imports this file is loaded for a page's first paint.
let nameCollator: Intl.Collator | null = null;

export function compareNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return nameCollator.compare(a, b);
}

const COUPON_TYPE = 'coupon';

/** Spec 9 product sort: coupons last, then redemptions ascending (null counts as 0), then name. Stable. */
export function sortProducts<T extends { type: string; redemptions: number | null; name: string }>(
  products: readonly T[],
): T[] {
  const isCoupon = (product: T) => (product.type.toLowerCase() === COUPON_TYPE ? 1 : 0);
  return [...products].sort(
    (a, b) =>
      isCoupon(a) - isCoupon(b) ||
      (a.redemptions ?? 0) - (b.redemptions ?? 0) ||
      compareNames(a.name, b.name),
  );
}

/**
 * Spec 9 item ordering (the rewards module's `data.sorted` and its cap in `data.value`): the items whose
 * ids are listed come first, in the listed order (ids with no item are skipped, a repeated id counts
 * once), then the rest by name. `cap` limits how many are returned: null, undefined, a negative number
 * or NaN means no cap, 0 means none.
 */
export function orderItems<T extends { id: number; name: string }>(
  items: readonly T[],
  listedIds: readonly number[] = [],
  cap?: number | null,
): T[] {
  const byId = new Map<number, T>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);

  const listed: T[] = [];
  const taken = new Set<T>();
  for (const id of listedIds) {
    const item = byId.get(id);
    if (item && !taken.has(item)) {
      listed.push(item);
      taken.add(item);
    }
  }
  const rest = items.filter((item) => !taken.has(item)).sort((a, b) => compareNames(a.name, b.name));
  const ordered = [...listed, ...rest];

  if (cap === null || cap === undefined || Number.isNaN(cap) || cap < 0) return ordered;
  return ordered.slice(0, Math.floor(cap));
}
