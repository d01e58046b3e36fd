/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import type { MailBrand } from '../branding';
import { Detail, Layout, Paragraph } from './Layout';

/** What the shipped e-mail says (issue 30 item 3): the item, where it goes, the carrier and tracking. */
export interface ShippedNotice {
  orderId: number;
  firstName: string | null;
  item: string;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** The address lines it was sent to (the recipient's, else the holder's). */
  shipTo: string[];
}

/** Sent to the holder when the partner's console marks a claimed item shipped. */
export function ShippedEmail({ brand, notice }: { brand: MailBrand; notice: ShippedNotice }) {
  return (
    <Layout
      brand={brand}
      preview={`Your ${notice.item} is on its way`}
      footer={`You get this e-mail because you claimed a reward with your ${brand.offerName} pass.`}
    >
      <Paragraph>{notice.firstName ? `Hi ${notice.firstName},` : 'Hi,'}</Paragraph>
      <Paragraph>
        Good news: {notice.item} from your order #{notice.orderId} has been shipped.
      </Paragraph>
      <Detail label="Carrier">{notice.carrier}</Detail>
      {notice.trackingNumber ? <Detail label="Tracking number">{notice.trackingNumber}</Detail> : null}
      {notice.shipTo.length > 0 ? <Detail label="Shipped to">{notice.shipTo.join(', ')}</Detail> : null}
      {notice.trackingUrl ? (
        <>
          <Button
            href={notice.trackingUrl}
            style={{
              backgroundColor: brand.colour,
              color: '#ffffff',
              padding: '12px 20px',
              borderRadius: 4,
              fontWeight: 600,
            }}
          >
            Track Your Package
          </Button>
          <Paragraph>
            Or copy this address into your browser:{' '}
            <Link href={notice.trackingUrl}>{notice.trackingUrl}</Link>
          </Paragraph>
        </>
      ) : null}
    </Layout>
  );
}
