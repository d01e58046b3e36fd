/** @jsxRuntime automatic @jsxImportSource react */
import { Text } from '@react-email/text';
import type { Translate } from '../../language/i18n';
import type { MailBrand } from '../branding';
import { marks, withValues } from '../text';
import { Layout, Paragraph } from './Layout';

/** Issue 29 verified sign-in: the 6-digit code that completes a sign-in on the offer's Pass Login. */
export function LoginCodeEmail({
  brand,
  code,
  minutes,
  t,
  lang,
}: {
  brand: MailBrand;
  code: string;
  minutes: number;
  /** The holder's language's texts (decision 0049). */
  t: Translate;
  lang: string;
}) {
  return (
    <Layout
      brand={brand}
      lang={lang}
      preview={t('mail.loginCodePreview', { offer: brand.offerName, code })}
      footer={t('mail.loginCodeFooter', { offer: brand.offerName })}
    >
      <Paragraph>{t('mail.loginCodeBody')}</Paragraph>
      <Text style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, margin: '8px 0', color: '#212121' }}>
        {code}
      </Text>
      <Paragraph>
        {withValues(t('mail.loginCodeValidity', { count: minutes, ...marks('minutes') }), { minutes })}
      </Paragraph>
    </Layout>
  );
}
