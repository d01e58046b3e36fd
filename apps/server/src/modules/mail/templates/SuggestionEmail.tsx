/** @jsxRuntime automatic @jsxImportSource react */
import type { MailBrand } from '../branding';
import { Detail, Layout, Paragraph, Quote } from './Layout';

/** What a support message says of the holder who sent it. */
export interface SupportSender {
  /** Their name, or null when the record has none. */
  name: string | null;
  /** Their address: only when they agreed to be contacted (it is then the reply-to too). */
  email: string | null;
}

/** The line about replying, the same in every support message. */
export function replyNote(sender: SupportSender): string {
  return sender.email
    ? 'They agreed to be contacted: reply to this e-mail to answer them.'
    : 'They did not agree to be contacted, so this e-mail has no address to reply to.';
}

export function senderText(sender: SupportSender): string {
  const name = sender.name ?? 'A holder';
  return sender.email ? `${name} <${sender.email}>` : name;
}

/** Issue 29: a holder's app suggestion (spec 2.17), for the offer's support address. */
export function SuggestionEmail({
  brand,
  sender,
  suggestion,
  priority,
}: {
  brand: MailBrand;
  sender: SupportSender;
  suggestion: string;
  priority: string;
}) {
  return (
    <Layout
      brand={brand}
      preview={`${priority} suggestion for ${brand.offerName}`}
      footer={`Sent from the Suggest Feature/Improvements form of the ${brand.offerName} pass. ${replyNote(sender)}`}
    >
      <Paragraph>
        {sender.name ?? 'A holder'} sent a suggestion for {brand.offerName}.
      </Paragraph>
      <Detail label="Priority">{priority}</Detail>
      <Detail label="From">{senderText(sender)}</Detail>
      <Detail label="Contact permission">{sender.email ? 'Yes' : 'No'}</Detail>
      <Quote text={suggestion} />
    </Layout>
  );
}
