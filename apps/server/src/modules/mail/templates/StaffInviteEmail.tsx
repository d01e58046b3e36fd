/** @jsxRuntime automatic @jsxImportSource react */
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import type { MailBrand } from '../branding';
import { Layout, Paragraph } from './Layout';

/** Issue 30: someone was added to a partner's console staff; the link lets them choose their password. */
export function StaffInviteEmail({
  brand,
  partnerName,
  invitedBy,
  link,
  days,
}: {
  brand: MailBrand;
  partnerName: string;
  invitedBy: string;
  link: string;
  days: number;
}) {
  return (
    <Layout
      brand={brand}
      preview={`You have been added to ${partnerName} in the ${brand.offerName}`}
      footer={`${invitedBy} added this e-mail address to the staff of ${partnerName} in the ${brand.offerName}. If you do not expect this, ignore this e-mail: without a password nobody can sign in.`}
    >
      <Paragraph>Hi,</Paragraph>
      <Paragraph>
        {invitedBy} added you to the staff of {partnerName} in the {brand.offerName}. Choose your password
        with this link to sign in. It works for {days} days, once.
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
        Choose your password
      </Button>
      <Paragraph>
        Or copy this address into your browser: <Link href={link}>{link}</Link>
      </Paragraph>
    </Layout>
  );
}
