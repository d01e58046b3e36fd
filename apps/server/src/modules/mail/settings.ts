import type { MailAddress } from './address';

/** What code that writes e-mails needs to know of the configuration (README, Configuration). */
export interface MailSettings {
  /** The sender of every message (MAIL_FROM). */
  from: { address: string; name: string | null };
  /** The absolute base of links in e-mails, without a trailing slash (PUBLIC_URL): `${publicUrl}/pass/...`. */
  publicUrl: string;
  /** The right-hand side of every Message-ID: PUBLIC_URL's host, else trailpass.local. */
  messageIdDomain: string;
}

/** MAIL_FROM when it is not set (allowed only without SMTP_URL: the .eml files). */
export const DEFAULT_MAIL_FROM = { address: 'no-reply@trailpass.local', name: 'Trailpass' } as const;

export const DEFAULT_MESSAGE_ID_DOMAIN = 'trailpass.local';

/** The settings for a sender address and public URL (PUBLIC_URL, else where this server listens). */
export function mailSettings(options: { from?: MailAddress | undefined; publicUrl: string }): MailSettings {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  let host = '';
  try {
    host = new URL(publicUrl).hostname;
  } catch {
    // Not a URL: the default domain.
  }
  const from = options.from ?? DEFAULT_MAIL_FROM;
  return {
    from: { address: from.address, name: from.name ?? null },
    publicUrl,
    // localhost and bare addresses say nothing about who sent the message.
    messageIdDomain:
      host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[')
        ? host
        : DEFAULT_MESSAGE_ID_DOMAIN,
  };
}
