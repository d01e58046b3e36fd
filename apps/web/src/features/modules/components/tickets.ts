import { QueryClientContext } from '@tanstack/react-query';
import type { DataResponse, OrderProduct, Product } from '@trailpass/contract';
import { useContext, useEffect, useState } from 'react';
import { dataQueryKey } from '../../app-data';

/** Spec 4 ticket timer: 0 is a check-in, -1 an expired (hidden) ticket, a positive number seconds left. */
export const CHECK_IN_TIMER = 0;
export const EXPIRED_TIMER = -1;

export interface ActiveTicket {
  orderProduct: OrderProduct;
  product: Product | null;
  /** Seconds left when /data was loaded (0 for a check-in). */
  timer: number;
}

/**
 * The user's tickets to show: order products with a ticket whose timer is known and not -1. A null
 * timer means the ticket has no hide rule yet (spec 4: absent until redeemed), so there is nothing to show.
 */
export function activeTickets(
  orderProducts: readonly OrderProduct[],
  findProduct: (id: number) => Product | null,
): ActiveTicket[] {
  return orderProducts.flatMap((orderProduct): ActiveTicket[] => {
    const timer = orderProduct.ticket?.timer;
    if (timer === null || timer === undefined || timer === EXPIRED_TIMER || timer < 0) return [];
    return [{ orderProduct, product: findProduct(orderProduct.product_id), timer }];
  });
}

/** "09:59" under an hour, "1:59:59" from an hour up (a days-long hide would make minutes unreadable). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(secs)}` : `${two(minutes)}:${two(secs)}`;
}

/** When a /data answer was first seen, for data that did not come through the query cache. */
const firstSeen = new WeakMap<object, number>();

/**
 * When this /data answer was loaded: the timers in it count from then, not from when a lazily loaded
 * module first rendered. The query cache knows (dataUpdatedAt); data handed over some other way counts
 * from the first time it is seen.
 */
export function useDataLoadedAt(appData: DataResponse): number {
  const client = useContext(QueryClientContext);
  const state = client?.getQueryState(dataQueryKey());
  if (state?.data === appData && state.dataUpdatedAt > 0) return state.dataUpdatedAt;
  let seen = firstSeen.get(appData);
  if (seen === undefined) {
    seen = Date.now();
    firstSeen.set(appData, seen);
  }
  return seen;
}

/**
 * The clock, ticking once a second until `until` (a timestamp; null for not at all): one interval for a
 * whole module, not one per ticket, and none once the last countdown is over.
 */
export function useSecondClock(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const running = until !== null && now < until;
  useEffect(() => {
    if (!running) return;
    const interval = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(interval);
  }, [running]);
  return now;
}
