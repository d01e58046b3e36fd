import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import accounts from './console-accounts.json' with { type: 'json' };
import type { StaffAccount } from './console-server';
import { expect } from './fixtures';

/**
 * The partner console's journeys: a desktop browser (the console is a desk tool; react-admin turns its
 * tables into lists on a phone's width), on servers made by e2e/console-server.ts with these accounts.
 */
export const CONSOLE_DESKTOP = {
  viewport: { width: 1280, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
} as const;

/**
 * The console journeys' accounts, made once in the run's demo database (scripts/e2e-server.mjs runs
 * `npm run console:user -- --from e2e/console-accounts.json`), so every console server copies them.
 */
function account(email: string): StaffAccount {
  const found = (accounts as StaffAccount[]).find((a) => a.email === email);
  if (!found) throw new Error(`${email} is not in e2e/console-accounts.json`);
  return found;
}

/**
 * The demo's console owner as npm start makes it (apps/server/src/console/staff/demo-owner.ts), here owner
 * of Visit Lakeshore (partner 1: Lakeshore Brew Trail and Lakeshore Rewards).
 */
export const DEMO_CONSOLE_OWNER = account('owner@demo.trailpass.example');

/** A viewer of the same partner: reads everything, changes nothing. */
export const CONSOLE_VIEWER = account('viewer@demo.trailpass.example');

/** Trailpass's own staff: every partner, and the error reports sent without an offer. */
export const PROVIDER_ADMIN = account('admin@trailpass.example');

/** A manager of the same partner, whom the lockout journey locks (on a server of its own). */
export const LOCKOUT_ACCOUNT = account('locked.manager@demo.trailpass.example');

/** The offer picker's option (with its partner's name first when the account has several partners). */
export const BREW_TRAIL_OFFER = /Lakeshore Brew Trail$/;

export const SIGN_IN_PATH = '/console/sign-in';

/** Fills the sign-in form and submits it (the page must be on it). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  // The label ends with MUI's required mark.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in from the sign-in page and waits for the holder list of the offer the account opens first. */
export async function signInToConsole(
  page: Page,
  account: { email: string; password: string } = DEMO_CONSOLE_OWNER,
): Promise<void> {
  await page.goto(SIGN_IN_PATH);
  await submitSignIn(page, account.email, account.password);
  // A new browser context loads the admin's chunks first: with two console journeys, their servers and
  // browsers on two cores, that took more than the 10 s of a single check.
  await expect(page.getByRole('heading', { level: 1, name: /^Holders · / })).toBeVisible({ timeout: 30_000 });
}

/** Opens `offer` in the app bar's offer picker, which then shows that offer's holders. */
export async function openOffer(page: Page, offer: RegExp, offerName: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Offer' }).click();
  await page.getByRole('option', { name: offer }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Holders · ${offerName}` })).toBeVisible();
}

/** The holder list's rows (the grid's body rows), for counting and reading. */
export function holderRows(page: Page) {
  return page.locator('table tbody tr');
}

/** Every e-mail an own server (no SMTP_URL) has written so far under its DATA_DIR/mail, parsed. */
async function mailbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map(async (name) => simpleParser(await readFile(join(dir, name)))));
}

const toOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

/** Waits for the first e-mail to `address` whose subject matches, as the outbox's sender writes it. */
export async function waitForMail(dataDir: string, address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(dataDir)).find(
          (mail) => toOf(mail) === address && subject.test(mail.subject ?? ''),
        );
        return found !== undefined;
      },
      { message: `an e-mail to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The first link of an e-mail's text part that leads to `path` on the server. */
export function linkTo(mail: ParsedMail, path: string): string {
  const url = (mail.text ?? '')
    .match(/https?:\/\/\S+/g)
    ?.find((candidate) => new URL(candidate).pathname === path);
  if (!url) throw new Error(`No link to ${path} in the e-mail "${mail.subject}".`);
  return url;
}

/** Base32 (RFC 4648, as otpauth URIs carry TOTP secrets) to bytes. */
function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows now for an otpauth:// URI (RFC 6238: HMAC-SHA1, 30-second steps,
 * 6 digits unless the URI says otherwise), as the staff member would type it.
 */
export function totpCode(otpauthUri: string, at = Date.now()): string {
  const uri = new URL(otpauthUri);
  const secret = base32Bytes(uri.searchParams.get('secret') ?? '');
  const digits = Number(uri.searchParams.get('digits') ?? 6);
  const period = Number(uri.searchParams.get('period') ?? 30);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const offset = (hmac[hmac.length - 1] as number) & 0x0f;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** digits).padStart(digits, '0');
}
