import { DEFAULT_PASS_LANGUAGE, type Order, type OrderItem, type PassLanguage } from '@trailpass/contract';
import { inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { attributes, pickup_points, reward_items, type Translations } from '../../db/schema';
import { localized } from '../language/translate';

/**
 * Orders in the request's language (decision 0049). An order item keeps what was ordered: the reward's
 * name, its option and its pickup instructions as they were (snapshots), and the server composes no label
 * of its own (status and types are codes the app names). So a snapshot is read in the holder's language
 * only where it is still the reward's (option's, pickup point's) original text: then the record's
 * translation is what was ordered, in that language; a snapshot of a since-renamed reward stays as ordered.
 * English reads nothing and returns the orders themselves; another language is one more read of the
 * records the orders name.
 */

interface Original {
  texts: Record<string, string | null>;
  translated: Record<string, unknown>;
}

function originalOf<T extends { translations: Translations | null }>(
  row: T,
  language: PassLanguage,
): Original {
  const { translations: _t, ...texts } = row;
  const { translations: _u, ...translated } = localized(row, language);
  return { texts: texts as Record<string, string | null>, translated };
}

/** The translated text of `field` when `snapshot` is still the record's original, else the snapshot. */
function read<S extends string | null>(snapshot: S, record: Original | undefined, field: string): S {
  if (!record || snapshot === null || record.texts[field] !== snapshot) return snapshot;
  const text = record.translated[field];
  return (typeof text === 'string' ? text : snapshot) as S;
}

export async function localizedOrders(
  db: DbExecutor,
  orders: Order[],
  language: PassLanguage,
): Promise<Order[]> {
  if (language === DEFAULT_PASS_LANGUAGE || orders.length === 0) return orders;
  const items = orders.flatMap((order) => [...order.deals, ...order.packages, ...order.products]);
  const rewardIds = [...new Set(items.flatMap((item) => (item.reward_item_id ? [item.reward_item_id] : [])))];
  const attributeIds = [...new Set(items.flatMap((item) => (item.attribute ? [item.attribute.id] : [])))];
  const pointIds = [
    ...new Set(
      items.flatMap((item) => (item.pickup_slot?.pickup_point ? [item.pickup_slot.pickup_point.id] : [])),
    ),
  ];
  if (rewardIds.length + attributeIds.length + pointIds.length === 0) return orders;
  const [rewards, options, points] = await readsTogether(db, [
    () =>
      rewardIds.length === 0
        ? []
        : db
            .select({
              id: reward_items.id,
              name: reward_items.name,
              pickup_instructions: reward_items.pickup_instructions,
              translations: reward_items.translations,
            })
            .from(reward_items)
            .where(inArray(reward_items.id, rewardIds)),
    () =>
      attributeIds.length === 0
        ? []
        : db
            .select({ id: attributes.id, name: attributes.name, translations: attributes.translations })
            .from(attributes)
            .where(inArray(attributes.id, attributeIds)),
    () =>
      pointIds.length === 0
        ? []
        : db
            .select({
              id: pickup_points.id,
              name: pickup_points.name,
              translations: pickup_points.translations,
            })
            .from(pickup_points)
            .where(inArray(pickup_points.id, pointIds)),
  ]);
  const byId = <T extends { id: number; translations: Translations | null }>(rows: T[]) =>
    new Map(rows.map(({ id, ...row }) => [id, originalOf(row, language)]));
  const rewardOf = byId(rewards);
  const optionOf = byId(options);
  const pointOf = byId(points);

  const item = (entry: OrderItem): OrderItem => {
    const reward = entry.reward_item_id ? rewardOf.get(entry.reward_item_id) : undefined;
    const slot = entry.pickup_slot;
    const point = slot?.pickup_point;
    return {
      ...entry,
      name: read(entry.name, reward, 'name'),
      parent: {
        ...entry.parent,
        pickup_instructions: read(entry.parent.pickup_instructions, reward, 'pickup_instructions'),
      },
      attribute: entry.attribute
        ? { ...entry.attribute, name: read(entry.attribute.name, optionOf.get(entry.attribute.id), 'name') }
        : entry.attribute,
      pickup_instructions: read(entry.pickup_instructions, reward, 'pickup_instructions'),
      ...(slot
        ? {
            pickup_slot: {
              ...slot,
              pickup_point: point
                ? { ...point, name: read(point.name, pointOf.get(point.id), 'name') }
                : slot.pickup_point,
            },
          }
        : {}),
    };
  };
  return orders.map((order) => ({
    ...order,
    deals: order.deals.map(item),
    packages: order.packages.map(item),
    products: order.products.map(item),
  }));
}
