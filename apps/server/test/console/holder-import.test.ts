import {
  consolePaths,
  HOLDER_IMPORT_MAX_CHARS,
  HOLDER_IMPORT_MAX_ROWS,
  type HolderImportPreview,
  holderImportPaths,
} from '@trailpass/contract/console';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { console_audit, partner_users, passes } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

let t: TestApp;
let owner: StaffClient;

const BREW = 101;
const REWARDS = 102;

beforeAll(async () => {
  t = await createTestApp();
  await makeStaff(t, 'owner@lakeshore.test', { partnerId: 1, role: 'owner' });
  owner = await signIn(t.app, 'owner@lakeshore.test');
});

afterAll(async () => {
  await t?.close();
});

const preview = (offerId: number, csv: string) =>
  owner.request({
    method: 'POST',
    url: pathOf(holderImportPaths.preview, { offerId }),
    payload: { csv },
  });
const apply = (offerId: number, csv: string, fileName = 'holders.csv') =>
  owner.request({
    method: 'POST',
    url: pathOf(holderImportPaths.apply, { offerId }),
    payload: { csv, fileName },
  });

async function holdersOf(offerId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(passes).where(eq(passes.offer_id, offerId));
  return row?.n ?? 0;
}
async function partnerUsers(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(partner_users);
  return row?.n ?? 0;
}
async function imports(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(console_audit)
    .where(eq(console_audit.action, 'holder.import'));
  return row?.n ?? 0;
}

describe('holder import preview', () => {
  it('reads a BOM, CRLF, quoted fields and header names as people write them; nothing is written', async () => {
    const csv =
      '\uFEFFFirst Name,Last Name,Email,Phone,Contact-Permission,Notes\r\n' +
      '"O\'Brien, Jr.",Maeve,maeve@example.com,+19205550123,yes,"said ""hi""\r\nat the fair"\r\n' +
      '\r\n' +
      'Lee,Park,LEE@example.com,,,\r\n';
    const before = await partnerUsers();
    const res = await preview(BREW, csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as HolderImportPreview;
    expect(body).toMatchObject({
      rows: 2,
      toAdd: 2,
      existingPartnerUsers: 0,
      errors: [],
      ignoredColumns: ['Notes'],
    });
    expect(body.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(await partnerUsers()).toBe(before);
  });

  it('reports each kind of row error with its row and column', async () => {
    const csv = [
      'first_name;last_name;email;phone;contact_permission',
      ';Blank;blank@example.com;;', // row 2: first name missing
      'Bad;Mail;not-an-address;;', // row 3
      'Bad;Phone;phone@example.com;0920 555;', // row 4
      'Bad;Permission;perm@example.com;;maybe', // row 5
      'First;Copy;dup@example.com;;no', // row 6
      'Second;Copy;DUP@example.com;;no', // row 7: the same address as row 6
      'Ava;Again;ava@example.com;;', // row 8: Ava holds the Brew Trail pass
      'Too;Few;few@example.com', // row 9: three fields of five
    ].join('\n');
    const body = (await preview(BREW, csv)).json() as HolderImportPreview;
    expect(body.rows).toBe(8);
    expect(body.toAdd).toBe(0);
    expect(body.errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'first_name'],
      [3, 'email'],
      [4, 'phone'],
      [5, 'contact_permission'],
      [7, 'email'],
      [8, 'email'],
      [9, 'file'],
    ]);
    expect(body.errors.find((e) => e.row === 7)?.message).toBe('This e-mail address is on row 6 already.');
    expect(body.errors.find((e) => e.row === 8)?.message).toBe(
      'A holder with this e-mail address already has this pass.',
    );
    expect(body.errors.find((e) => e.row === 4)?.message).toMatch(/international format/);
  });

  it('names a missing column, an unclosed quote, and too many rows', async () => {
    const noEmail = (await preview(BREW, 'first_name,last_name\nA,B\n')).json();
    expect(noEmail.errors).toEqual([{ row: 1, field: 'email', message: 'The header has no email column.' }]);
    const quote = (await preview(BREW, 'first_name,last_name,email\n"A,B,a@example.com\n')).json();
    expect(quote.errors[0]).toMatchObject({ field: 'file', message: expect.stringMatching(/quoted field/) });
    const many = `first_name,last_name,email\n${Array.from(
      { length: HOLDER_IMPORT_MAX_ROWS + 1 },
      (_, i) => `A,B,a${i}@example.com`,
    ).join('\n')}`;
    const tooMany = (await preview(BREW, many)).json();
    expect(tooMany.errors).toEqual([
      { row: 1, field: 'file', message: expect.stringMatching(/at most 10,000 can be imported/) },
    ]);
  });

  it('refuses a file over the size limit with a clear message', async () => {
    const res = await preview(BREW, `first_name,last_name,email\n${'x'.repeat(HOLDER_IMPORT_MAX_CHARS)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.csv?.[0]).toMatch(/too large: at most 1,000,000 characters/);
  });
});

describe('holder import apply', () => {
  it('adds every holder in one transaction with one audit entry, reusing the partner’s users', async () => {
    // Sam and Noah are partner users of Lakeshore without the Rewards pass: they keep their records.
    const csv =
      'first_name,last_name,email\nSam,Staff,SAM@trailpass.example\nNoah,Empty,noah@example.com\nZed,New,zed@example.com\n';
    const check = (await preview(REWARDS, csv)).json();
    expect(check).toMatchObject({ toAdd: 3, existingPartnerUsers: 2, errors: [] });
    const before = {
      holders: await holdersOf(REWARDS),
      users: await partnerUsers(),
      audits: await imports(),
    };
    const res = await apply(REWARDS, csv, 'rewards.csv');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ added: 3, existingPartnerUsers: 2, checksum: check.checksum });
    expect(await holdersOf(REWARDS)).toBe(before.holders + 3);
    expect(await partnerUsers()).toBe(before.users + 1);
    expect(await imports()).toBe(before.audits + 1);
    const [audit] = await t.database.db
      .select()
      .from(console_audit)
      .where(eq(console_audit.action, 'holder.import'));
    expect(audit).toMatchObject({ partner_id: 1, offer_id: REWARDS, object_type: 'offer' });
    expect(audit?.after).toMatchObject({ added: 3, existingPartnerUsers: 2, fileName: 'rewards.csv' });
    // The new holder is on the list like one created by hand.
    const list = await owner.request({
      method: 'GET',
      url: `${pathOf(consolePaths.holders, { offerId: REWARDS })}?q=zed`,
    });
    expect(list.json().items).toMatchObject([{ email: 'zed@example.com', firstName: 'Zed' }]);
    // The same file again: every row holds the pass now.
    const again = await apply(REWARDS, csv);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      '2.email': ['A holder with this e-mail address already has this pass.'],
      '3.email': ['A holder with this e-mail address already has this pass.'],
      '4.email': ['A holder with this e-mail address already has this pass.'],
    });
  });

  it('adds none when one row fails, even when it became a holder after the preview', async () => {
    const csv = 'first_name,last_name,email\nUna,One,una@example.com\nTia,Two,tia@example.com\n';
    expect((await preview(BREW, csv)).json()).toMatchObject({ toAdd: 2, errors: [] });
    // Meanwhile someone creates Tia by hand.
    const created = await owner.request({
      method: 'POST',
      url: pathOf(consolePaths.holders, { offerId: BREW }),
      payload: { firstName: 'Tia', lastName: 'Two', email: 'tia@example.com' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = { holders: await holdersOf(BREW), users: await partnerUsers(), audits: await imports() };
    const res = await apply(BREW, csv);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'The file has 1 problem; no holder was added. Preview it to see it by row.',
      errors: { '3.email': ['A holder with this e-mail address already has this pass.'] },
    });
    expect(await holdersOf(BREW)).toBe(before.holders);
    expect(await partnerUsers()).toBe(before.users);
    expect(await imports()).toBe(before.audits);
    const [una] = await t.database.db
      .select({ n: count() })
      .from(partner_users)
      .where(and(eq(partner_users.partner_id, 1), sql`lower(${partner_users.email}) = 'una@example.com'`));
    expect(una?.n).toBe(0);
  });

  it('refuses a file without holder rows', async () => {
    const res = await apply(BREW, 'first_name,last_name,email\n\n');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The file has no holder rows.');
  });
});
