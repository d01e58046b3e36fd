/** @jsxRuntime automatic @jsxImportSource react */
import type { MailBrand } from '../branding';
import { Detail, Layout, Paragraph, Quote } from './Layout';
import { replyNote, type SupportSender, senderText } from './SuggestionEmail';

/** The order a help request is about, as the message shows it. */
export interface HelpOrderContext {
  id: number;
  status: string;
  /** `November 20, 2026`, or null for an order not completed. */
  purchasedOn: string | null;
  /** One line per item: `Brew Trail Growler (64 oz), Pickup, 300 points`. */
  items: string[];
}

/** Issue 29: a holder's Need Help request (spec 2.16), with the order it names, for the support address. */
export function HelpRequestEmail({
  brand,
  sender,
  itemSelected,
  question,
  order,
}: {
  brand: MailBrand;
  sender: SupportSender;
  itemSelected: string;
  question: string;
  order: HelpOrderContext | null;
}) {
  return (
    <Layout
      brand={brand}
      preview={`A help request about ${itemSelected}`}
      footer={`Sent from the Need Help form of the ${brand.offerName} pass. ${replyNote(sender)}`}
    >
      <Paragraph>
        {sender.name ?? 'A holder'} asked for help with {brand.offerName}.
      </Paragraph>
      <Detail label="About">{itemSelected}</Detail>
      {order && (
        <Detail label="Order">
          Order #{order.id}, {order.purchasedOn ? `completed ${order.purchasedOn}` : order.status}
          {order.items.length > 0 ? `: ${order.items.join('; ')}` : ''}
        </Detail>
      )}
      <Detail label="From">{senderText(sender)}</Detail>
      <Detail label="Contact permission">{sender.email ? 'Yes' : 'No'}</Detail>
      <Quote text={question} />
    </Layout>
  );
}
