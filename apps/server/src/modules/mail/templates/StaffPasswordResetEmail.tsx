/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import type { MailBrand } from '../branding';
import { Layout, Paragraph } from './Layout';

/** Issue 30: a console staff member's password-reset link (asked for on the console's sign-in page). */
export function StaffPasswordResetEmail({
  brand,
  name,
  link,
  minutes,
}: {
  brand: MailBrand;
  name: string | null;
  link: string;
  minutes: number;
}) {
  return (
    <Layout
      brand={brand}
      preview={`Reset your ${brand.offerName} password`}
      footer={`Someone asked to reset the password of the ${brand.offerName} account of this e-mail address. If it was not you, ignore this e-mail: your password stays as it is.`}
    >
      <Paragraph>{name ? `Hi ${name},` : 'Hi,'}</Paragraph>
      <Paragraph>
        Choose a new password for {brand.offerName} with this link. It works for {minutes} minutes, once.
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
        Choose a new password
      </Button>
      <Paragraph>
        Or copy this address into your browser: <Link href={link}>{link}</Link>
      </Paragraph>
    </Layout>
  );
}
