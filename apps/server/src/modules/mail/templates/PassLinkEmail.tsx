/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import type { Translate } from '../../language/i18n';
import type { MailBrand } from '../branding';
import { marks, withValues } from '../text';
import { Layout, Paragraph } from './Layout';

/** Issue 29: the holder's own link to the offer's pass (sent on "Lost your pass link?"). */
export function PassLinkEmail({
  brand,
  firstName,
  link,
  t,
  lang,
}: {
  brand: MailBrand;
  firstName: string | null;
  link: string;
  /** The holder's language's texts (decision 0049). */
  t: Translate;
  lang: string;
}) {
  return (
    <Layout
      brand={brand}
      lang={lang}
      preview={t('mail.passLinkPreview', { offer: brand.offerName })}
      footer={t('mail.passLinkFooter', { offer: brand.offerName })}
    >
      <Paragraph>{firstName ? t('mail.hiName', { name: firstName }) : t('mail.hi')}</Paragraph>
      <Paragraph>{withValues(t('mail.passLinkBody', marks('offer')), { offer: brand.offerName })}</Paragraph>
      <Button
        href={link}
        style={{
          backgroundColor: brand.colour,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 4,
          fontWeight: 600,
        }}
      >
        {t('mail.passLinkButton')}
      </Button>
      <Paragraph>
        {withValues(t('mail.copyAddress', marks('link')), { link: <Link href={link}>{link}</Link> })}
      </Paragraph>
    </Layout>
  );
}
