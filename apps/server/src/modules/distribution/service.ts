import type {
  Address,
  DistributionEntry,
  DistributionResponse,
  DistributionsResponse,
} from '@trailpass/contract';
import type { AppDb, DbExecutor } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import {
  ALREADY_SHIPPED_MESSAGE,
  ITEM_TYPE_OF,
  NOT_COMPLETED_MESSAGE,
  NOT_GIFTABLE_MESSAGE,
  NOT_SHIPPED_MESSAGE,
  recipientProblem,
} from './domain';
import { listOrderItemStates, lockHolderOrder, setCompletedOrderRecipient } from './repository';

/**
 * One recipient change inside the caller's transaction, under the order's row lock: 404 unless the
 * order is the holder's on this offer and holds the item; 409 unless it is completed and nothing of it
 * has been shipped yet; 422 for an item that is not shipped, a recipient for an item that may not be a
 * gift (the item's giftable and the offer's gifting), or an address spec 5 refuses. Shipping to oneself
 * with an address (`customer`) changes the holder's own address on the order.
 */
async function changeRecipient(
  tx: DbExecutor,
  holder: HolderSession,
  entry: DistributionEntry,
  fieldPrefix: string,
  now: Date,
): Promise<DistributionResponse> {
  const order = await lockHolderOrder(tx, {
    orderId: entry.orderId,
    partnerUserId: holder.partnerUserId,
    offerId: holder.offerId,
  });
  if (!order) throw notFound();
  const items = await listOrderItemStates(tx, order.id);
  const item = items.find((row) => row.id === entry.itemId && row.type === ITEM_TYPE_OF[entry.itemType]);
  if (!item) throw notFound();
  if (order.status !== 'completed') throw conflict(NOT_COMPLETED_MESSAGE);
  if (item.delivery_method !== 'shipped') {
    throw unprocessable(NOT_SHIPPED_MESSAGE, { [`${fieldPrefix}itemId`]: NOT_SHIPPED_MESSAGE });
  }
  if (items.some((row) => row.delivery_method === 'shipped' && row.completed !== null)) {
    throw conflict(ALREADY_SHIPPED_MESSAGE);
  }
  const distribute = entry.distribute === false ? false : (entry.distribute as Address);
  if (distribute !== false && !(item.giftable && order.gifting)) {
    throw unprocessable(NOT_GIFTABLE_MESSAGE, { [`${fieldPrefix}distribute`]: NOT_GIFTABLE_MESSAGE });
  }
  const customer = (entry.customer as Address | undefined) ?? (order.customer as Address);
  const problem = recipientProblem(
    distribute,
    customer,
    order.holderEmail,
    entry.customer ? `${fieldPrefix}customer.` : `${fieldPrefix}distribute.`,
    entry.customer !== undefined,
  );
  if (problem) throw unprocessable(problem.message, problem.fields);
  const stored = await setCompletedOrderRecipient(tx, {
    orderId: order.id,
    distribute: distribute === false ? null : distribute,
    ...(entry.customer ? { customer } : {}),
    now,
  });
  if (!stored) throw conflict(ALREADY_SHIPPED_MESSAGE);
  return {
    orderId: order.id,
    distribute: (stored.distribute as Address | null) ?? null,
    customer: stored.customer as Address,
  };
}

/** PUT .../orders/{orderId}/{itemType}/{itemId}/distribution. */
export function saveDistribution(
  db: AppDb,
  holder: HolderSession,
  entry: DistributionEntry,
  now: Date,
): Promise<DistributionResponse> {
  return db.transaction((tx) => changeRecipient(tx, holder, entry, '', now));
}

/** POST .../distributions: every change in one transaction, so all are made or none. */
export function saveDistributions(
  db: AppDb,
  holder: HolderSession,
  entries: readonly DistributionEntry[],
  now: Date,
): Promise<DistributionsResponse> {
  return db.transaction(async (tx) => {
    const distributions: DistributionResponse[] = [];
    // One at a time, in the order given: each takes its order's row lock.
    for (const [index, entry] of entries.entries()) {
      distributions.push(await changeRecipient(tx, holder, entry, `distributions.${index}.`, now));
    }
    return { distributions };
  });
}
