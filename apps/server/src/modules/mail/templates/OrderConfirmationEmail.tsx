/** @jsxRuntime automatic @jsxImportSource react */
import { Section } from '@react-email/section';
import type { Translate } from '../../language/i18n';
import type { MailBrand } from '../branding';
import { marks, withValues } from '../text';
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
export function OrderConfirmationEmail({
  brand,
  order,
  t,
  lang,
}: {
  brand: MailBrand;
  order: OrderConfirmation;
  /** The holder's language's texts (decision 0049); `order` is formatted in it already. */
  t: Translate;
  lang: string;
}) {
  return (
    <Layout
      brand={brand}
      lang={lang}
      preview={t('mail.orderPreview', {
        orderId: order.orderId,
        items: order.items.map((item) => item.label).join(', '),
      })}
      footer={t('mail.orderFooter', { offer: brand.offerName })}
    >
      <Paragraph>{order.firstName ? t('mail.hiName', { name: order.firstName }) : t('mail.hi')}</Paragraph>
      <Paragraph>{t('mail.orderReceived')}</Paragraph>
      <Heading>{withValues(t('mail.orderHeading', marks('orderId')), { orderId: order.orderId })}</Heading>
      <Section>
        {order.items.map((item, index) => (
          <Detail
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's items, in their order.
            key={index}
            label={
              item.chip
                ? t('mail.orderLineChip', { item: item.label, chip: item.chip })
                : t('mail.orderLine', { item: item.label })
            }
          >
            {item.points}
          </Detail>
        ))}
      </Section>
      <Section>
        <Detail label={t('mail.orderPointsTotal')}>{order.points}</Detail>
        {order.cash !== null && <Detail label={t('mail.orderCashTotal')}>{order.cash}</Detail>}
      </Section>
      <Heading>{t('mail.payments')}</Heading>
      <Section>
        <Detail label={t('mail.paymentPoints')}>{order.points}</Detail>
        {order.cash !== null && <Detail label={t('mail.paymentCash')}>{order.cash}</Detail>}
      </Section>
      {order.pickup && (
        <>
          <Heading>{t('mail.pickup')}</Heading>
          {order.pickup.slot && <Detail label={t('mail.pickupWhen')}>{order.pickup.slot}</Detail>}
          {order.pickup.where.length > 0 && (
            <Detail label={t('mail.pickupWhere')}>
              <Lines lines={order.pickup.where} />
            </Detail>
          )}
          {order.pickup.instructions && (
            <Detail label={t('mail.pickupInstructions')}>
              <Lines lines={order.pickup.instructions.split(/\r\n|\r|\n/)} />
            </Detail>
          )}
        </>
      )}
      {order.shipTo && (
        <>
          <Heading>{t('mail.shippingAddress')}</Heading>
          <Paragraph>
            <Lines lines={order.shipTo} />
          </Paragraph>
        </>
      )}
    </Layout>
  );
}
