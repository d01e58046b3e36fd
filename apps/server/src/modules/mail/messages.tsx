/** @jsxRuntime automatic @jsxImportSource react */
// tsx runs the server from the repository root and reads no apps/server/tsconfig.json, so the JSX runtime is
// named in each .tsx file of the server (this one and templates/) by the pragma above.
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { MailBrand } from './branding';
import { LoginCodeEmail } from './templates/LoginCodeEmail';
import { PassLinkEmail } from './templates/PassLinkEmail';

/** A message's content: the subject and both parts, made from one template. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

async function content(subject: string, template: ReactElement): Promise<MailContent> {
  const [html, text] = await Promise.all([render(template), render(template, { plainText: true })]);
  return { subject, html, text };
}

/** The holder's pass link (lost-link recovery). */
export function passLinkMail(brand: MailBrand, input: { firstName: string | null; link: string }) {
  return content(
    `Your link to ${brand.offerName}`,
    <PassLinkEmail brand={brand} firstName={input.firstName} link={input.link} />,
  );
}

/** The sign-in code of an offer that verifies sign-in by e-mail. */
export function loginCodeMail(brand: MailBrand, input: { code: string; minutes: number }) {
  return content(
    `${input.code} is your ${brand.offerName} sign-in code`,
    <LoginCodeEmail brand={brand} code={input.code} minutes={input.minutes} />,
  );
}
