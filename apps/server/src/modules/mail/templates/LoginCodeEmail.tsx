/** @jsxRuntime automatic @jsxImportSource react */
import { Text } from '@react-email/text';
import type { MailBrand } from '../branding';
import { Layout, Paragraph } from './Layout';

/** Issue 29 verified sign-in: the 6-digit code that completes a sign-in on the offer's Pass Login. */
export function LoginCodeEmail({
  brand,
  code,
  minutes,
}: {
  brand: MailBrand;
  code: string;
  minutes: number;
}) {
  return (
    <Layout
      brand={brand}
      preview={`Your ${brand.offerName} sign-in code is ${code}`}
      footer={`Someone asked to sign in to ${brand.offerName} with this e-mail address. If it was not you, ignore this e-mail: without the code nobody can sign in.`}
    >
      <Paragraph>Enter this code on Pass Login to open your pass:</Paragraph>
      <Text style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, margin: '8px 0', color: '#212121' }}>
        {code}
      </Text>
      <Paragraph>It works for {minutes} minutes, once.</Paragraph>
    </Layout>
  );
}
