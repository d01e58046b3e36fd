/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import type { Translate } from '../../language/i18n';
import type { MailBrand } from '../branding';
import { marks, withValues } from '../text';
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
export function ShippedEmail({
  brand,
  notice,
  t,
  lang,
}: {
  brand: MailBrand;
  notice: ShippedNotice;
  /** The holder's language's texts (decision 0049). */
  t: Translate;
  lang: string;
}) {
  return (
    <Layout
      brand={brand}
      lang={lang}
      preview={t('mail.shippedPreview', { item: notice.item })}
      footer={t('mail.shippedFooter', { offer: brand.offerName })}
    >
      <Paragraph>{notice.firstName ? t('mail.hiName', { name: notice.firstName }) : t('mail.hi')}</Paragraph>
      <Paragraph>
        {withValues(t('mail.shippedBody', marks('item', 'orderId')), {
          item: notice.item,
          orderId: notice.orderId,
        })}
      </Paragraph>
      <Detail label={t('mail.carrier')}>{notice.carrier}</Detail>
      {notice.trackingNumber ? (
        <Detail label={t('mail.trackingNumber')}>{notice.trackingNumber}</Detail>
      ) : null}
      {notice.shipTo.length > 0 ? (
        <Detail label={t('mail.shippedTo')}>{notice.shipTo.join(', ')}</Detail>
      ) : null}
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
            {t('mail.trackPackage')}
          </Button>
          <Paragraph>
            {withValues(t('mail.copyAddress', marks('link')), {
              link: <Link href={notice.trackingUrl}>{notice.trackingUrl}</Link>,
            })}
          </Paragraph>
        </>
      ) : null}
    </Layout>
  );
}
