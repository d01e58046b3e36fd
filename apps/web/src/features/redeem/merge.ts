import type { DataResponse, OrderProduct, RedeemResponse } from '@trailpass/contract';
import { EXPIRED_TIMER } from '../modules/components/tickets';

/**
 * A ticket timer from a /data answer loaded `elapsedSeconds` ago, as it would be now: the modules count
 * timers from when the data was loaded, and merging a redemption makes the cached answer "loaded now".
 * Check-ins (0), hidden tickets (-1) and unknown timers stay as they are; one that has run out is hidden.
 */
function agedTimer(timer: number | null, elapsedSeconds: number): number | null {
  if (timer === null || timer <= 0) return timer;
  const left = timer - elapsedSeconds;
  return left > 0 ? left : EXPIRED_TIMER;
}

function aged(orderProduct: OrderProduct, elapsedSeconds: number): OrderProduct {
  const ticket = orderProduct.ticket;
  if (!ticket || elapsedSeconds <= 0) return orderProduct;
  const timer = agedTimer(ticket.timer, elapsedSeconds);
  return timer === ticket.timer ? orderProduct : { ...orderProduct, ticket: { ...ticket, timer } };
}

function replaceById<T extends { id: number }>(list: readonly T[], updates: readonly T[]): T[] {
  const byId = new Map(updates.map((item) => [item.id, item]));
  return list.map((item) => byId.get(item.id) ?? item);
}

/**
 * The cached /data answer with a redemption's changes (spec 7: the answer holds the updated order
 * products and order deal, as /data spells them), so the page shows the new state before /data is read
 * again. The other tickets' timers are aged by the time since /data was loaded (see agedTimer).
 */
export function mergeRedeemResult(
  data: DataResponse,
  result: Pick<RedeemResponse, 'order_products' | 'order_deals'>,
  elapsedSeconds: number,
): DataResponse {
  const updated = new Map(result.order_products.map((item) => [item.id, item]));
  return {
    ...data,
    order_products: data.order_products.map(
      (item) => updated.get(item.id) ?? aged(item, Math.floor(elapsedSeconds)),
    ),
    order_deals: replaceById(data.order_deals, result.order_deals),
  };
}
