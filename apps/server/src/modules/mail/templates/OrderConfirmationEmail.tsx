/** @jsxRuntime automatic @jsxImportSource react */
import { Section } from '@react-email/section';
import type { MailBrand } from '../branding';
import { Detail, Heading, Layout, Lines, Paragraph } from './Layout';

/** A line of the order: the item and its option, the spec 2.9 chip, the points it cost (formatted). */
export interface ConfirmedItem {
  label: string;
  chip: string | null;
  points: string;
}

/** Where and when a pickup item is collected; every part may be missing. */
export interface ConfirmedPickup {
  /** The chosen slot as the venue's clock reads it: `Tuesday, November 24, 2026 at 4:00 PM (America/Chicago)`. */
  slot: string | null;
  /** The pickup point, else the venue: its name, then its address. */
  where: string[];
  /** The item's pickup instructions, as written (line breaks kept). */
  instructions: string | null;
}

/** Everything the order confirmation shows, already formatted (the totals by the contract's cash rule). */
export interface OrderConfirmation {
  orderId: number;
  firstName: string | null;
  items: ConfirmedItem[];
  /** Order Points Total and the Payments line Points. */
  points: string;
  /** Order Cash Total and the Payments line Cash, when the cash rule shows cash (`showsCash`); else null. */
  cash: string | null;
  pickup: ConfirmedPickup | null;
  /** The lines of the address a shipped item goes to (the recipient, else the holder); null: nothing shipped. */
  shipTo: string[] | null;
}

/**
 * Issue 29: the order confirmation sent when `complete` succeeds ("You will be sent an email full of your
 * order details", spec 2.8): the items, the totals and payments as My Bag shows them, and where it goes:
 * the pickup slot and instructions, or the shipping address.
 */
export function OrderConfirmationEmail({ brand, order }: { brand: MailBrand; order: OrderConfirmation }) {
  return (
    <Layout
      brand={brand}
      preview={`Order #${order.orderId}: ${order.items.map((item) => item.label).join(', ')}`}
      footer={`You completed this order on your ${brand.offerName} pass. It is under Order History on the pass too.`}
    >
      <Paragraph>{order.firstName ? `Hi ${order.firstName},` : 'Hi,'}</Paragraph>
      <Paragraph>Your order has been received. Here are its details.</Paragraph>
      <Heading>Order #{order.orderId}</Heading>
      <Section>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the order's items, in their order.
          <Detail key={index} label={`${item.label}${item.chip ? ` · ${item.chip}` : ''} · Qty 1`}>
            {item.points}
          </Detail>
        ))}
      </Section>
      <Section>
        <Detail label="Order Points Total">{order.points}</Detail>
        {order.cash !== null && <Detail label="Order Cash Total">{order.cash}</Detail>}
      </Section>
      <Heading>Payments</Heading>
      <Section>
        <Detail label="Points">{order.points}</Detail>
        {order.cash !== null && <Detail label="Cash">{order.cash}</Detail>}
      </Section>
      {order.pickup && (
        <>
          <Heading>Pickup</Heading>
          {order.pickup.slot && <Detail label="When">{order.pickup.slot}</Detail>}
          {order.pickup.where.length > 0 && (
            <Detail label="Where">
              <Lines lines={order.pickup.where} />
            </Detail>
          )}
          {order.pickup.instructions && (
            <Detail label="Pickup Instructions">
              <Lines lines={order.pickup.instructions.split(/\r\n|\r|\n/)} />
            </Detail>
          )}
        </>
      )}
      {order.shipTo && (
        <>
          <Heading>Shipping Address</Heading>
          <Paragraph>
            <Lines lines={order.shipTo} />
          </Paragraph>
        </>
      )}
    </Layout>
  );
}
