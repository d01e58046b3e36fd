/** @jsxRuntime automatic @jsxImportSource react */
// tsx runs the server from the repository root and reads no apps/server/tsconfig.json, so the JSX runtime is
// named in each .tsx file of the server (this one and templates/) by the pragma above.

import { unstableToPlainText } from '@react-email/render';
import { DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailBrand } from './branding';
import { type HelpOrderContext, HelpRequestEmail } from './templates/HelpRequestEmail';
import { LoginCodeEmail } from './templates/LoginCodeEmail';
import { type OrderConfirmation, OrderConfirmationEmail } from './templates/OrderConfirmationEmail';
import { PassLinkEmail } from './templates/PassLinkEmail';
import { ShippedEmail, type ShippedNotice } from './templates/ShippedEmail';
import { StaffInviteEmail } from './templates/StaffInviteEmail';
import { StaffPasswordResetEmail } from './templates/StaffPasswordResetEmail';
import { SuggestionEmail, type SupportSender } from './templates/SuggestionEmail';
import { mailT } from './text';

/** A message's content: the subject and both parts, made from one template. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** The document type React Email's `render` puts first, which e-mail clients expect. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The `<link rel="preload" as="image">` React adds to the head for each image: a hint for a browser loading a
 * page, dead weight in an e-mail (React Email's `render` drops them too).
 */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;

/**
 * Renders the template once, in one synchronous pass (`renderToStaticMarkup`): the HTML part, and from it the
 * plain-text part, without rendering the React tree a second time (an order's completion waits for it,
 * decision 0035). React Email's `render` streams the same tree through web streams inside a Suspense boundary,
 * which cost a completion three times the CPU for the same document; ours lacks only the boundary's and the
 * text nodes' empty comments (mail-outbox.test.ts compares the two documents for three messages, whose layout
 * every message shares; decision 0040, "What an e-mail costs a completion"). The text comes from React Email's
 * own converter (`unstableTextConversion`), a tenth of the CPU of its html-to-text default and, for these
 * templates, the same text: mail-outbox.test.ts checks that for every message, so an update of
 * @react-email/render that changes it shows there.
 */
function content(subject: string, template: ReactElement): MailContent {
  const html = DOCTYPE + renderToStaticMarkup(template).replace(IMAGE_PRELOAD, '');
  return { subject, html, text: unstableToPlainText(html) };
}

/**
 * The holder's pass link (lost-link recovery), in the holder's saved language (decision 0049; the holder
 * e-mails below too: English when none).
 */
export function passLinkMail(
  brand: MailBrand,
  input: { firstName: string | null; link: string },
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
) {
  const t = mailT(language);
  return content(
    t('mail.passLinkSubject', { offer: brand.offerName }),
    <PassLinkEmail brand={brand} firstName={input.firstName} link={input.link} t={t} lang={language} />,
  );
}

/** A console staff member's password-reset link (issue 30); `brand` is the console's own. */
export function staffPasswordResetMail(
  brand: MailBrand,
  input: { name: string | null; link: string; minutes: number },
) {
  return content(
    `Reset your ${brand.offerName} password`,
    <StaffPasswordResetEmail brand={brand} name={input.name} link={input.link} minutes={input.minutes} />,
  );
}

/** A new console staff member's invitation to choose a password (issue 30); `brand` is the console's own. */
export function staffInviteMail(
  brand: MailBrand,
  input: { partnerName: string; invitedBy: string; link: string; days: number },
) {
  return content(
    `You have been added to ${input.partnerName} in the ${brand.offerName}`,
    <StaffInviteEmail
      brand={brand}
      partnerName={input.partnerName}
      invitedBy={input.invitedBy}
      link={input.link}
      days={input.days}
    />,
  );
}

/** The sign-in code of an offer that verifies sign-in by e-mail. */
export function loginCodeMail(
  brand: MailBrand,
  input: { code: string; minutes: number },
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
) {
  const t = mailT(language);
  return content(
    t('mail.loginCodeSubject', { code: input.code, offer: brand.offerName }),
    <LoginCodeEmail brand={brand} code={input.code} minutes={input.minutes} t={t} lang={language} />,
  );
}

/** A holder's app suggestion, for the offer's support address. */
export function suggestionMail(
  brand: MailBrand,
  input: { sender: SupportSender; suggestion: string; priority: string },
) {
  return content(
    `Suggestion (${input.priority}) from ${input.sender.name ?? 'a holder'}, ${brand.offerName}`,
    <SuggestionEmail
      brand={brand}
      sender={input.sender}
      suggestion={input.suggestion}
      priority={input.priority}
    />,
  );
}

/** A holder's Need Help request, with the order it names, for the offer's support address. */
export function helpRequestMail(
  brand: MailBrand,
  input: { sender: SupportSender; itemSelected: string; question: string; order: HelpOrderContext | null },
) {
  return content(
    `Help request from ${input.sender.name ?? 'a holder'}, ${brand.offerName}: ${input.itemSelected}`,
    <HelpRequestEmail
      brand={brand}
      sender={input.sender}
      itemSelected={input.itemSelected}
      question={input.question}
      order={input.order}
    />,
  );
}

/** The order confirmation of a completed order, for the holder (`order` formatted in `language`). */
export function orderConfirmationMail(
  brand: MailBrand,
  order: OrderConfirmation,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
) {
  const t = mailT(language);
  return content(
    t('mail.orderSubject', { offer: brand.offerName, orderId: order.orderId }),
    <OrderConfirmationEmail brand={brand} order={order} t={t} lang={language} />,
  );
}

/** A claimed item shipped by the partner (issue 30 item 3), for the holder: carrier and tracking. */
export function shippedMail(
  brand: MailBrand,
  notice: ShippedNotice,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
) {
  const t = mailT(language);
  return content(
    t('mail.shippedSubject', { offer: brand.offerName, item: notice.item }),
    <ShippedEmail brand={brand} notice={notice} t={t} lang={language} />,
  );
}
