import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { expect } from './fixtures';
import { testOnOwnServer } from './own-server';
import { expectAt, passUrl, TOKENS, visitorToken } from './support';

// Issue 29: e-mail as the holder meets it. The server of these journeys has no SMTP_URL, so each e-mail is an
// .eml file under its DATA_DIR/mail (README, E-mail), read here as a mail program would. Its sign-in codes
// work for 10 seconds (LOGIN_CODE_TTL_SECONDS), so that one can run out during the journey.
const CODE_TTL_SECONDS = 10;
const test = testOnOwnServer({ LOGIN_CODE_TTL_SECONDS: String(CODE_TTL_SECONDS) });
test.describe.configure({ mode: 'serial' });

const WRONG_CODE = 'That code is not right. Check the e-mail and try again.';
const ENDED_CODE = 'This code has expired or was tried too often. Ask for a new one.';

/** Every e-mail the server has written so far, parsed. */
async function mailbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map(async (name) => simpleParser(await readFile(join(dir, name)))));
}

const toOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

/** Waits for the `count`-th e-mail to `address` whose subject matches, as the sender writes it (a few s). */
async function waitForMail(
  dataDir: string,
  address: string,
  subject: RegExp,
  count = 1,
): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailbox(dataDir)).filter(
          (mail) => toOf(mail) === address && subject.test(mail.subject ?? ''),
        );
        return found.length;
      },
      { message: `e-mail ${count} to ${address}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1] as ParsedMail;
}

const codeOf = (mail: ParsedMail) => /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] ?? '';

async function enterCode(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: 'Code' });
  await field.fill(code);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('Harper signs in on a pass that verifies by e-mail: a wrong code, an expired one, then a new one', async ({
  page,
  ownServer,
}) => {
  await page.goto(passUrl('/login', TOKENS.guestHarbor));
  const token = await visitorToken(page, TOKENS.guestHarbor);
  await page.getByRole('textbox', { name: 'Email' }).fill('harper@example.com');
  await page.getByRole('button', { name: 'Access Your Pass' }).click();
  await expect(page.getByText(/We sent a 6-digit code to/)).toContainText('harper@example.com');
  const sentAt = Date.now();
  const first = await waitForMail(ownServer.dataDir, 'harper@example.com', /sign-in code$/);
  expect(first.subject).toBe(`${codeOf(first)} is your Harbor Check-In Pass sign-in code`);
  expect(first.html).toContain(codeOf(first));

  await enterCode(page, codeOf(first) === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert')).toHaveText(WRONG_CODE);
  await expectAt(page, '/login', token);

  // The right code, after it has run out.
  await page.waitForTimeout(Math.max(0, sentAt + CODE_TTL_SECONDS * 1000 + 500 - Date.now()));
  await enterCode(page, codeOf(first));
  await expect(page.getByRole('alert')).toHaveText(ENDED_CODE);

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'We sent a new code to harper@example.com.' }),
  ).toBeVisible();
  const second = await waitForMail(ownServer.dataDir, 'harper@example.com', /sign-in code$/, 2);
  await enterCode(page, codeOf(second));
  await expectAt(page, '/experiences', token);
  await expect(page.getByRole('heading', { name: 'Pass Login' })).toHaveCount(0);
});

test('Lost your pass link? answers the same for any e-mail, and only a holder gets a link that opens their pass', async ({
  page,
  ownServer,
}) => {
  const answer = 'If this e-mail has a pass for Lakeshore Brew Trail, its link is on its way.';
  const ask = async (email: string) => {
    await page.goto(passUrl('/login', TOKENS.guestBrew));
    await visitorToken(page);
    await page.getByRole('button', { name: 'Lost your pass link?' }).click();
    const form = page.getByRole('form', { name: 'Lost your pass link?' });
    await form.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
    await form.getByRole('button', { name: 'Email My Link' }).click();
    await expect(form.getByRole('status')).toHaveText(answer);
  };
  await ask('nobody@example.com');
  await ask('noah@example.com');
  const mail = await waitForMail(
    ownServer.dataDir,
    'noah@example.com',
    /^Your link to Lakeshore Brew Trail$/,
  );
  // Nothing went to the stranger.
  expect((await mailbox(ownServer.dataDir)).some((sent) => toOf(sent) === 'nobody@example.com')).toBe(false);

  const link = /https?:\/\/\S+\/pass\/experiences\?t=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link, 'the e-mail has the link').toBeDefined();
  const opened = new URL(link as string);
  // The link is absolute, on where this server listens (no PUBLIC_URL), and opens Noah's pass signed in.
  expect(opened.origin).toBe(new URL(ownServer.baseURL).origin);
  await page.goto(opened.toString());
  await expectAt(page, '/experiences', opened.searchParams.get('t') as string);
  await page.goto(passUrl('/account', opened.searchParams.get('t') as string));
  await expect(page.getByText('noah@example.com')).toBeVisible();
});
