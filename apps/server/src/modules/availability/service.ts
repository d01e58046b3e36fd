import type {
  AvailabilityItemType,
  AvailableDatesResponse,
  AvailableTimesResponse,
  ItemDateChoice,
  ItemDatesResponse,
  PassLanguage,
  PickupPointsResponse,
  PickupSlotChoice,
} from '@trailpass/contract';
import { REDEEM_BLOCK_MESSAGES, redeemBlock } from '@trailpass/contract';
import type { AppDb, DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { conflict, notFound, unprocessable } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { iso } from '../data/domain';
import { localizedFields } from '../language/translate';
import {
  ALREADY_PICKED_UP_MESSAGE,
  NO_DATES_MESSAGE,
  offeredDates,
  offeredTimes,
  SHIPPED_ITEM_MESSAGE,
  slotProblem,
} from './domain';
import {
  type AvailabilityItemKind,
  type ItemAvailabilityRows,
  listItemAvailability,
  listOfferItemIds,
  lockHolderOrderItems,
  lockHolderOrderProducts,
  upsertItemDate,
} from './repository';

/** One item's part of the availability rows. */
interface ItemAvailability {
  timezone: string | null;
  entries: ItemAvailabilityRows['entries'];
  dates: ItemAvailabilityRows['dates'];
  pickupPoints: ItemAvailabilityRows['pickupPoints'];
  pickupPointOrder: Map<number, number>;
}

function splitByItem(rows: ItemAvailabilityRows, itemId: number): ItemAvailability {
  const entries = rows.entries.filter((entry) => entry.item_id === itemId);
  const entryIds = new Set(entries.map((entry) => entry.id));
  const pickupPoints = rows.pickupPoints.filter((point) => entryIds.has(point.availability_id));
  return {
    // An item has one entry in practice; with several, the first one's zone is the one reported.
    timezone: entries[0]?.timezone ?? null,
    entries,
    dates: rows.dates.filter((row) => entryIds.has(row.availability_id)),
    pickupPoints,
    pickupPointOrder: new Map(pickupPoints.map((point, index) => [point.id, index])),
  };
}

/**
 * The named items' availability, after checking that every one is the offer's (404 otherwise) and that a
 * pickup point filter is one of theirs (404 otherwise). Four queries, side by side.
 */
async function loadItems(
  db: DbExecutor,
  offerId: number,
  kind: AvailabilityItemKind,
  itemIds: readonly number[],
  pickupPoint: number | undefined,
): Promise<Map<number, ItemAvailability>> {
  const [ofOffer, rows] = await readsTogether(db, [
    () => listOfferItemIds(db, offerId, kind, itemIds),
    () => listItemAvailability(db, kind, itemIds),
  ]);
  if (itemIds.some((id) => !ofOffer.has(id))) throw notFound();
  if (pickupPoint !== undefined && !rows.pickupPoints.some((point) => point.id === pickupPoint)) {
    throw notFound();
  }
  return new Map(itemIds.map((id) => [id, splitByItem(rows, id)]));
}

export interface AvailabilityQuery {
  itemIds: number[];
  itemType: AvailabilityItemType;
  pickupPoint: number | undefined;
}

/** GET /availableDates: per item, the dates still ahead at each pickup point, and whether any time is left. */
export async function loadAvailableDates(
  db: DbExecutor,
  holder: HolderSession,
  query: AvailabilityQuery,
  now: Date,
): Promise<AvailableDatesResponse> {
  const items = await loadItems(db, holder.offerId, query.itemType, query.itemIds, query.pickupPoint);
  return {
    items: query.itemIds.map((itemId) => {
      const item = items.get(itemId) as ItemAvailability;
      return {
        item_id: itemId,
        item_type: query.itemType,
        timezone: item.timezone,
        dates: offeredDates({ ...item, pickupPoint: query.pickupPoint ?? null, now }),
      };
    }),
  };
}

/** GET /availableTimes: per item, the times of one date still ahead. */
export async function loadAvailableTimes(
  db: DbExecutor,
  holder: HolderSession,
  query: AvailabilityQuery & { date: string },
  now: Date,
): Promise<AvailableTimesResponse> {
  const items = await loadItems(db, holder.offerId, query.itemType, query.itemIds, query.pickupPoint);
  return {
    date: query.date,
    items: query.itemIds.map((itemId) => {
      const item = items.get(itemId) as ItemAvailability;
      return {
        item_id: itemId,
        item_type: query.itemType,
        timezone: item.timezone,
        times: offeredTimes({ ...item, pickupPoint: query.pickupPoint ?? null, now }, query.date),
      };
    }),
  };
}

/** GET /pickupPoints: one item's pickup points with their venue's name and address. */
export async function loadPickupPoints(
  db: DbExecutor,
  holder: HolderSession,
  itemId: number,
  itemType: AvailabilityItemType,
  language: PassLanguage = 'en',
): Promise<PickupPointsResponse> {
  const item = (await loadItems(db, holder.offerId, itemType, [itemId], undefined)).get(itemId);
  return {
    item_id: itemId,
    item_type: itemType,
    // Decision 0049: the point's name and its venue's in the request's language; the address stays.
    pickup_points: (item?.pickupPoints ?? []).map((point) => ({
      id: point.id,
      name: localizedFields({ name: point.name }, point.translations, language).name,
      venue_id: point.venue_id,
      venue_name: localizedFields({ name: point.venue_name }, point.venue_translations, language).name,
      address: point.address,
    })),
  };
}

/** A choice's field names in the error's `fields`, as the request spells them. */
const fieldOf = (index: number, name: string) => `products.${index}.${name}`;

type SlotField = 'item' | 'date' | 'time' | 'pickupPoint';

/**
 * The availability entry a chosen slot is stored with, after checking that the item's availability offers
 * it now (422 otherwise, the message under `fieldName` of the field at fault; 'item' when it has none).
 */
function checkedSlot(
  item: ItemAvailability | null,
  choice: { date: string; time: string; pickupPoint?: number | null | undefined },
  now: Date,
  fieldName: (field: SlotField) => string,
): { pickupPoint: number | null; entry: ItemAvailability['entries'][number] } {
  if (!item || item.entries.length === 0) {
    throw unprocessable(NO_DATES_MESSAGE, { [fieldName('item')]: NO_DATES_MESSAGE });
  }
  const pickupPoint = choice.pickupPoint ?? null;
  const problem = slotProblem(
    { ...item, now, pickupPointIds: new Set(item.pickupPoints.map((point) => point.id)) },
    { date: choice.date, time: choice.time, pickupPoint },
  );
  if (problem) throw unprocessable(problem.message, { [fieldName(problem.field)]: problem.message });
  // The row the slot was found in decides the entry (and so the zone) the choice is stored with.
  const entryIds = new Set(item.entries.map((entry) => entry.id));
  const row = item.dates.find(
    (date) =>
      entryIds.has(date.availability_id) &&
      date.date === choice.date &&
      date.pickup_point_id === pickupPoint &&
      date.times.includes(choice.time),
  );
  const entry = item.entries.find((candidate) => candidate.id === row?.availability_id) ?? item.entries[0];
  return { pickupPoint, entry: entry as NonNullable<typeof entry> };
}

/** A slot as taken: the venue's wall clock in its zone, and the pickup point (with its venue) when chosen. */
export interface TakenPickupSlot {
  date: string;
  time: string;
  timezone: string;
  pickupPoint: { name: string; venueName: string; address: string | null } | null;
}

/**
 * The pickup slot of a cart's item, taken by PUT /cart/{orderId}/complete inside its own transaction (so a
 * completed pickup order never lacks the slot its holder chose): the reward's availability must offer it
 * now, else 422 with the message under `pickupSlot.<field>` and, the transaction rolling back, nothing
 * completed. Only a pickup item has a slot (422 for a shipped one); a pickup point that is not the reward's
 * is 404.
 */
export async function takePickupSlot(
  tx: DbExecutor,
  input: {
    partnerUserId: number;
    orderItemId: number;
    rewardItemId: number;
    deliveryMethod: string | null;
    slot: PickupSlotChoice;
  },
  now: Date,
): Promise<TakenPickupSlot> {
  const fieldName = (field: SlotField) => `pickupSlot${field === 'item' ? '' : `.${field}`}`;
  const rows = await listItemAvailability(tx, 'reward_item', [input.rewardItemId]);
  const item = splitByItem(rows, input.rewardItemId);
  // A pickup point that is not one of this reward's is not found, as in the availability reads.
  const point = input.slot.pickupPoint ?? null;
  if (point !== null && !item.pickupPoints.some((candidate) => candidate.id === point)) throw notFound();
  if (input.deliveryMethod !== 'picked_up') {
    throw unprocessable(SHIPPED_ITEM_MESSAGE, { pickupSlot: SHIPPED_ITEM_MESSAGE });
  }
  const { pickupPoint, entry } = checkedSlot(item, input.slot, now, fieldName);
  await upsertItemDate(tx, {
    partnerUserId: input.partnerUserId,
    orderItemId: input.orderItemId,
    orderProductId: null,
    availabilityId: entry.id,
    date: input.slot.date,
    time: input.slot.time,
    pickupPointId: pickupPoint,
    now,
  });
  const chosen = item.pickupPoints.find((candidate) => candidate.id === pickupPoint);
  return {
    date: input.slot.date,
    time: input.slot.time,
    timezone: entry.timezone,
    pickupPoint: chosen ? { name: chosen.name, venueName: chosen.venue_name, address: chosen.address } : null,
  };
}

/**
 * POST .../itemDates: stores each choice for the holder's order item or order product, all in one
 * transaction or none. 404 when an item is not the holder's (completed orders of this offer); 422 for a
 * shipped item; 409 when it has been picked up, used up or has expired; 422 when it has no availability or the slot is
 * not one its availability offers now.
 */
export async function saveItemDates(
  db: AppDb,
  holder: HolderSession,
  choices: readonly ItemDateChoice[],
  now: Date,
): Promise<ItemDatesResponse> {
  const orderItemIds = choices.flatMap((choice) => choice.orderItemId ?? []);
  const orderProductIds = choices.flatMap((choice) => choice.orderProductId ?? []);
  return db.transaction(async (tx) => {
    const [orderItems, orderProducts] = await readsTogether(tx, [
      () => lockHolderOrderItems(tx, holder, orderItemIds),
      () => lockHolderOrderProducts(tx, holder, orderProductIds),
    ]);
    const itemById = new Map(orderItems.map((row) => [row.id, row]));
    const productById = new Map(orderProducts.map((row) => [row.id, row]));
    if (orderItemIds.some((id) => !itemById.has(id)) || orderProductIds.some((id) => !productById.has(id))) {
      throw notFound();
    }
    const rewardItemIds = orderItems.flatMap((row) => row.reward_item_id ?? []);
    const productIds = orderProducts.map((row) => row.product_id);
    const [rewardRows, productRows] = await readsTogether(tx, [
      () => listItemAvailability(tx, 'reward_item', [...new Set(rewardItemIds)]),
      () => listItemAvailability(tx, 'product', [...new Set(productIds)]),
    ]);

    const writes = choices.map((choice, index) => {
      let item: ItemAvailability | null;
      if (choice.orderItemId !== undefined) {
        const orderItem = itemById.get(choice.orderItemId);
        if (orderItem?.delivery_method === 'shipped') {
          throw unprocessable(SHIPPED_ITEM_MESSAGE, {
            [fieldOf(index, 'orderItemId')]: SHIPPED_ITEM_MESSAGE,
          });
        }
        if (orderItem?.completed) throw conflict(ALREADY_PICKED_UP_MESSAGE);
        const rewardItemId = orderItem?.reward_item_id ?? null;
        item = rewardItemId === null ? null : splitByItem(rewardRows, rewardItemId);
      } else {
        const orderProduct = productById.get(choice.orderProductId as number);
        // Spec 4's rule, as redeeming reads it: nothing to book once used up or expired.
        const block = orderProduct
          ? redeemBlock(
              {
                redeemed: iso(orderProduct.redeemed),
                duplicate_date: iso(orderProduct.duplicate_date),
                redemptions_remaining_use: orderProduct.redemptions_remaining_use,
                expire_date: iso(orderProduct.expire_date),
                end_date: iso(orderProduct.end_date),
              },
              undefined,
              now.getTime(),
            )
          : null;
        if (block === 'used' || block === 'expired') throw conflict(REDEEM_BLOCK_MESSAGES[block]);
        item = orderProduct ? splitByItem(productRows, orderProduct.product_id) : null;
      }
      const field = choice.orderItemId !== undefined ? 'orderItemId' : 'orderProductId';
      const slot = checkedSlot(item, choice, now, (name) => fieldOf(index, name === 'item' ? field : name));
      return { choice, ...slot };
    });

    const stored = [];
    for (const { choice, pickupPoint, entry } of writes) {
      const row = await upsertItemDate(tx, {
        partnerUserId: holder.partnerUserId,
        orderItemId: choice.orderItemId ?? null,
        orderProductId: choice.orderProductId ?? null,
        availabilityId: entry.id,
        date: choice.date,
        time: choice.time,
        pickupPointId: pickupPoint,
        now,
      });
      stored.push({
        id: row.id,
        order_item_id: row.order_item_id,
        order_product_id: row.order_product_id,
        date: row.date,
        time: row.time,
        pickup_point_id: row.pickup_point_id,
        timezone: entry.timezone,
      });
    }
    return { products: stored };
  });
}
