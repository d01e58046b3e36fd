import {
  DEFAULT_PASS_LANGUAGE,
  MAX_ID,
  ORDER_HISTORY_DISPLAY,
  type Order,
  type OrderHistory,
  type PassLanguage,
} from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { localizedOrders } from './localize';
import { toOrders } from './mappers';
import { findHolderOrder, listHistoryOrderIds, loadOrderRows } from './repository';

/**
 * GET .../orders: one page of the holder's completed orders on the pass offer, newest first (spec 9:
 * display 20, page 1 unless asked otherwise). A fixed number of queries per page, however many orders.
 */
export async function loadOrderHistory(
  db: DbExecutor,
  holder: HolderSession,
  query: { page?: number | undefined; display?: number | undefined },
  now: Date,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
): Promise<OrderHistory> {
  const page = query.page ?? 1;
  const display = query.display ?? ORDER_HISTORY_DISPLAY;
  // Nobody has 2^31 orders: a larger offset reads the same empty page, and stays a safe integer.
  const offset = Math.min((page - 1) * display, MAX_ID);
  const { orderIds, total } = await listHistoryOrderIds(
    db,
    { partnerUserId: holder.partnerUserId, offerId: holder.offerId },
    { limit: display, offset },
  );
  const data = orderIds.length === 0 ? [] : toOrders(await loadOrderRows(db, orderIds), orderIds, now);
  return { data: await localizedOrders(db, data, language), page, display, total };
}

/** GET .../orders/{orderId}: any of the holder's orders on the pass offer but the cart (a draft); else 404. */
export async function loadOrder(
  db: DbExecutor,
  holder: HolderSession,
  orderId: number,
  now: Date,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
): Promise<Order> {
  const found = await findHolderOrder(db, {
    orderId,
    partnerUserId: holder.partnerUserId,
    offerId: holder.offerId,
  });
  if (!found || found.status === 'draft') throw notFound();
  const [order] = toOrders(await loadOrderRows(db, [found.id]), [found.id], now);
  if (!order) throw notFound();
  const [answer] = await localizedOrders(db, [order], language);
  return answer ?? order;
}
