/** @jsxRuntime automatic @jsxImportSource react */
// tsx runs the server from the repository root and reads no apps/server/tsconfig.json, so the JSX runtime is
// named in each .tsx file of the server (this one and templates/) by the pragma above.

import { render, unstableToPlainText } from '@react-email/render';
import { DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import type { ReactElement } from 'react';
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

/**
 * Renders the template once: the HTML part, and from it the plain-text part, without rendering the React
 * tree a second time (an order's completion waits for it, decision 0035). The text comes from React Email's
 * own converter (`unstableTextConversion`), a tenth of the CPU of its html-to-text default and, for these
 * templates, the same text: mail-outbox.test.ts checks that for every message, so an update of
 * @react-email/render that changes it shows there.
 */
async function content(subject: string, template: ReactElement): Promise<MailContent> {
  const html = await render(template);
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
