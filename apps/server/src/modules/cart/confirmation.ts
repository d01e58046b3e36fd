/**
 * The order confirmation e-mail of a completion (issue 29): enqueued in the completion's transaction, after
 * everything else in it succeeded, so it is sent exactly when the order is completed; a replay of a completed
 * order never gets this far. It is made from what the completion already has at hand (the plan's items and
 * mail context, the locked order, the slot it took): no read of its own. Without a pickup slot it is rendered
 * before the change, whose statement writes it (no round trip of its own); a slot is only known after.
 */
import {
  type Address,
  addressLines,
  asPassLanguage,
  DEFAULT_PASS_LANGUAGE,
  deliveryChip,
  type PassLanguage,
  showsCash,
} from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import type { TakenPickupSlot } from '../availability/service';
import { localized } from '../language/translate';
import { fullName, isMailAddress, type MailSettings } from '../mail';
import { type MailBrand, toMailBrand } from '../mail/branding';
import { chipLabel, formatCash, formatPoints, formatSlot, itemLabel } from '../mail/format';
import { orderConfirmationMail } from '../mail/messages';
import { insertOutboxRow, type OutboxValues, outboxValues } from '../mail/outbox';
import type { OrderConfirmation } from '../mail/templates/OrderConfirmationEmail';
import type { CompletionPlan, OrderMailContext } from './completion';
import type { CartItemRow } from './repository';

/** Who gets the confirmation of a draft's completion, and what frames it. */
export interface ConfirmationTarget {
  settings: MailSettings;
  /** The holder's saved language, English when none (decision 0049): the e-mail is written in it. */
  language: PassLanguage;
  brand: MailBrand;
  holder: NonNullable<OrderMailContext['holder']>;
  venue: OrderMailContext['venue'];
  /** The reward as the plan read it: its name and pickup instructions in the holder's language. */
  reward: Pick<NonNullable<CompletionPlan['reward']>, 'name' | 'pickup_instructions' | 'translations'> | null;
}

/** The target for a draft's plan; null when no confirmation is sent (no holder address that can be sent to). */
export function confirmationTarget(plan: CompletionPlan, settings: MailSettings): ConfirmationTarget | null {
  const mail = plan.mail;
  if (!mail?.holder || !mail.brand || !isMailAddress(mail.holder.email)) return null;
  const language = asPassLanguage(mail.holder.language) ?? DEFAULT_PASS_LANGUAGE;
  return {
    settings,
    language,
    brand: toMailBrand(mail.brand, settings.publicUrl, language),
    holder: mail.holder,
    venue: mail.venue,
    reward: plan.reward,
  };
}

/** The completed order as the confirmation needs it. */
export interface CompletedOrder {
  orderId: number;
  offerId: number;
  partnerUserId: number;
  items: readonly CartItemRow[];
  /** The order's price_paid (`0.00`). */
  pricePaid: string;
  customer: Address;
  distribute: Address | null;
  /** The pickup slot the completion took, if it took one. */
  slot: TakenPickupSlot | null;
}

/** Where a pickup is collected: the chosen pickup point and its venue, else the reward's venue. */
function pickupPlace(slot: TakenPickupSlot | null, venue: ConfirmationTarget['venue']): string[] {
  const point = slot?.pickupPoint;
  const lines = point ? [point.name, point.venueName, point.address] : [venue?.name, venue?.address];
  return lines.filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

export function orderConfirmation(target: ConfirmationTarget, order: CompletedOrder): OrderConfirmation {
  const language = target.language;
  const points = order.items.reduce((sum, item) => sum + item.points_paid, 0);
  const pickupItem = order.items.find((item) => item.delivery_method === 'picked_up');
  const shipped = order.items.some((item) => item.delivery_method === 'shipped');
  // The item's name and pickup instructions are the reward's as claimed: in the holder's language where
  // they still are the reward's original texts (as the order answers read them, orders/localize.ts).
  const reward = target.reward ? localized(target.reward, language) : null;
  const inLanguage = (snapshot: string | null, field: 'name' | 'pickup_instructions') =>
    reward && snapshot !== null && target.reward?.[field] === snapshot
      ? (reward[field] ?? snapshot)
      : snapshot;
  return {
    orderId: order.orderId,
    firstName: target.holder.first_name.trim() || null,
    items: order.items.map((item) => ({
      label: itemLabel({ ...item, name: inLanguage(item.name, 'name') ?? item.name }),
      chip: chipLabel(deliveryChip(item), language),
      points: formatPoints(item.points_paid, language),
    })),
    points: formatPoints(points, language),
    // The contract's one cash rule (decision 0033), as My Bag and OrderDetails show the totals.
    cash: showsCash({ price_paid: order.pricePaid }) ? formatCash(order.pricePaid, language) : null,
    pickup: pickupItem
      ? {
          slot: order.slot ? formatSlot(order.slot, language) : null,
          where: pickupPlace(order.slot, target.venue),
          instructions:
            inLanguage(pickupItem.pickup_instructions, 'pickup_instructions') ??
            inLanguage(pickupItem.parent_pickup_instructions, 'pickup_instructions') ??
            null,
        }
      : null,
    // The address the completion checked (spec 5): the recipient's, else the holder's own.
    shipTo: shipped ? addressLines(order.distribute ?? order.customer) : null,
  };
}

/** The confirmation's outbox row, rendered: for the completion's change statement to write (completion.ts). */
export function orderConfirmationOutbox(target: ConfirmationTarget, order: CompletedOrder): OutboxValues {
  const content = orderConfirmationMail(target.brand, orderConfirmation(target, order), target.language);
  return outboxValues(target.settings, {
    kind: 'order-confirmation',
    to: { address: target.holder.email, name: fullName(target.holder) },
    ...content,
    offerId: order.offerId,
    partnerUserId: order.partnerUserId,
  });
}

/** Renders the confirmation and writes it to the outbox in the completion's transaction `tx`. */
export async function enqueueOrderConfirmation(
  tx: DbExecutor,
  target: ConfirmationTarget,
  order: CompletedOrder,
): Promise<void> {
  await insertOutboxRow(tx, orderConfirmationOutbox(target, order));
}
