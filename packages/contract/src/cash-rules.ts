/**
 * Spec 9 cash rule, one definition for the three pages that show an order's payment: My Bag (spec 2.8),
 * OrderHistory and OrderDetails (spec 2.9). Zod-free (the app's pages import it without pulling in zod).
 */

/** Spec 2.9 OrderHistory: "points spent or Paid With Cash". */
export const PAID_WITH_CASH = 'Paid With Cash';

/** A money string of the API ("39.00") as a number; 0 for anything that does not parse. */
export function cashAmount(pricePaid: string): number {
  const value = pricePaid.trim() === '' ? Number.NaN : Number(pricePaid);
  return Number.isFinite(value) ? value : 0;
}

/**
 * Spec 9 "Cash totals are shown when price_paid equals 0.00" (demo README ambiguity 10: either reading can be
 * checked). Read as: the cash lines belong to an order that cost money, so they show when price_paid is
 * above 0.00 (decision 0033). Order 9003 ($39.00) shows "Order Cash Total $39.00" on My Bag and OrderDetails
 * and Paid With Cash on OrderHistory; an order paid in points shows no "$0.00" that says nothing.
 */
export function showsCash(order: { price_paid: string }): boolean {
  return cashAmount(order.price_paid) > 0;
}

/**
 * What OrderHistory says an order was paid with (spec 2.9 "points spent or Paid With Cash"): Paid With Cash
 * when the cash rule shows cash (`showsCash`), the points spent when any were, and for an order that cost
 * neither (a free deal) its 0 points. `points` is null when only cash was paid.
 */
export interface OrderPayment {
  points: number | null;
  paidWithCash: boolean;
}

export function paymentOf(order: { points_paid: number; price_paid: string }): OrderPayment {
  const paidWithCash = showsCash(order);
  const points = order.points_paid > 0 || !paidWithCash ? order.points_paid : null;
  return { points, paidWithCash };
}
