/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import type { MailBrand } from '../branding';
import { Layout, Paragraph } from './Layout';

/** Issue 29: the holder's own link to the offer's pass (sent on "Lost your pass link?"). */
export function PassLinkEmail({
  brand,
  firstName,
  link,
}: {
  brand: MailBrand;
  firstName: string | null;
  link: string;
}) {
  return (
    <Layout
      brand={brand}
      preview={`Your link to ${brand.offerName}`}
      footer={`You asked for your ${brand.offerName} link. If you did not, you can ignore this e-mail: the link works only for you, so keep it to yourself.`}
    >
      <Paragraph>{firstName ? `Hi ${firstName},` : 'Hi,'}</Paragraph>
      <Paragraph>
        Here is your link to {brand.offerName}. Open it on your phone to get back to your pass.
      </Paragraph>
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
        Open My Pass
      </Button>
      <Paragraph>
        Or copy this address into your browser: <Link href={link}>{link}</Link>
      </Paragraph>
    </Layout>
  );
}
