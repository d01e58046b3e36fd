import { APP_BASE, DEFAULT_PASS_LANGUAGE } from '@trailpass/contract';
import type {
  CreateHolderRequest,
  HolderDetail,
  HolderListQuery,
  HolderPage,
  HolderRow,
  PassLinkEmailed,
  PassLinkIssued,
  PointsAdjustmentRequest,
} from '@trailpass/contract/console';
import type { AppDb, DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { generateToken, hashToken } from '../../db/tokens';
import { findSavedLanguage } from '../../modules/language/request';
import { enqueueMail, fullName, type MailSettings } from '../../modules/mail';
import { loadMailBrand } from '../../modules/mail/branding';
import { passLinkMail } from '../../modules/mail/messages';
import { appendLedgerEntry, currentBalance } from '../../modules/points/ledger';
import { findOfferPointsDeals } from '../../modules/points/repository';
import { choosePointsDeal } from '../../modules/points/service';
import { auditBase, writeAudit } from '../audit/repository';
import { iso, isoOrNull } from '../dates';
import { conflict, invalid, notFound } from '../errors';
import type { ConsoleScope, ConsoleStaff } from '../staff-auth';
import {
  endHolderSessions,
  findHolder,
  findPartnerUserByEmail,
  type HolderDbRow,
  insertHolderSession,
  insertPartnerUser,
  insertPass,
  listHolderCheckIns,
  listHolderLedger,
  listHolderOrders,
  listHolders,
  listPointsDeals,
} from './repository';

/**
 * The deal whose balance is a holder's "points" on the offer: the headline points deal, chosen by the
 * points module's own rule (choosePointsDeal without a dealId, as GET .../points/current and /data do).
 */
async function headlineDealId(db: DbExecutor, offerId: number): Promise<number | null> {
  const found = await findOfferPointsDeals(db, offerId);
  return found ? (choosePointsDeal(found, undefined)?.id ?? null) : null;
}

function toRow(row: HolderDbRow): HolderRow {
  return {
    id: Number(row.id),
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    points: Number(row.points),
    lastSeen: isoOrNull(row.last_seen),
    createdAt: iso(row.created_at),
    hasLink: row.has_link === true,
  };
}

export async function loadHolderPage(
  db: DbExecutor,
  offerId: number,
  query: HolderListQuery,
): Promise<HolderPage> {
  const { rows, total } = await listHolders(db, {
    offerId,
    pointsDealId: await headlineDealId(db, offerId),
    q: query.q || undefined,
    sort: query.sort ?? 'name',
    order: query.order,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items: rows.map(toRow), total };
}

export async function loadHolderDetail(
  db: DbExecutor,
  offerId: number,
  holderId: number,
): Promise<HolderDetail> {
  const dealId = await headlineDealId(db, offerId);
  const [holder, ledger, orders, checkIns, pointsDeals] = await readsTogether(db, [
    () => findHolder(db, offerId, holderId, dealId),
    () => listHolderLedger(db, offerId, holderId),
    () => listHolderOrders(db, offerId, holderId),
    () => listHolderCheckIns(db, offerId, holderId),
    () => listPointsDeals(db, offerId),
  ]);
  if (!holder) throw notFound();
  return {
    ...toRow(holder),
    contactPermission: Number(holder.contact_permission) === 1,
    ledger: ledger.map((entry) => ({
      id: Number(entry.id),
      valueDate: iso(entry.value_date),
      reason: entry.reason_text,
      points: Number(entry.points),
      dealId: Number(entry.deal_id),
      dealName: entry.deal_name,
      orderId: entry.order_id === null ? null : Number(entry.order_id),
      expiresAt: isoOrNull(entry.expires_at),
    })),
    orders: orders.map((order) => ({
      id: Number(order.id),
      status: order.status,
      createdAt: iso(order.created_at),
      completedAt: isoOrNull(order.purchased_at),
      items: order.items,
    })),
    checkIns: checkIns.map((checkIn) => ({
      at: iso(checkIn.at),
      venueId: Number(checkIn.venue_id),
      venueName: checkIn.venue_name,
      points: Number(checkIn.points) > 0 ? Number(checkIn.points) : null,
    })),
    pointsDeals,
  };
}

/** Who and where a console write happens: for its audit row. */
export interface WriteContext {
  staff: ConsoleStaff;
  scope: ConsoleScope;
  now: Date;
}

const EMAIL_HOLDS_OFFER = 'A holder with this e-mail address already has this pass.';

/**
 * POST .../holders: a partner user of the offer's partner (or the one that has the address already) and
 * their pass on the offer, with the audit row, in one transaction. 409 when the address holds the offer.
 */
export async function createHolder(
  db: AppDb,
  write: WriteContext,
  input: CreateHolderRequest,
): Promise<HolderRow> {
  const offerId = write.scope.offerId as number;
  const holderId = await db
    .transaction(async (tx) => {
      const existing = await findPartnerUserByEmail(tx, write.scope.partnerId, offerId, input.email);
      if (existing?.holds) throw conflict(EMAIL_HOLDS_OFFER);
      const id =
        existing?.id ??
        (await insertPartnerUser(tx, {
          partner_id: write.scope.partnerId,
          first_name: input.firstName,
          last_name: input.lastName,
          name: `${input.firstName} ${input.lastName}`,
          email: input.email,
          phone: input.phone ?? null,
          contact_permission: input.contactPermission ? 1 : 0,
        }));
      // A parallel create of the same address got there first.
      if (!(await insertPass(tx, id, offerId, write.now))) throw conflict(EMAIL_HOLDS_OFFER);
      await writeAudit(tx, {
        ...auditBase(write),
        action: 'holder.create',
        objectType: 'holder',
        objectId: id,
        before: null,
        after: { ...input, existingPartnerUser: existing !== null },
      });
      return id;
    })
    .catch((error: unknown) => {
      // The partner's unique address index, hit by a parallel create of a new user with the same address.
      if ((error as { code?: string }).code === '23505') throw conflict(EMAIL_HOLDS_OFFER);
      throw error;
    });
  const row = await findHolder(db, offerId, holderId, await headlineDealId(db, offerId));
  if (!row) throw new Error('the holder just created is missing');
  return toRow(row);
}

/**
 * POST .../points: one ledger entry on one of the offer's points deals, through the points module's
 * append (its lock and running balance), in a transaction with the audit row. A debit that would take the
 * balance below 0 is refused under that lock, and nothing is written.
 */
export async function adjustPoints(
  db: AppDb,
  write: WriteContext,
  input: PointsAdjustmentRequest,
): Promise<HolderDetail> {
  const offerId = write.scope.offerId as number;
  const holderId = write.scope.holderId as number;
  const deals = await listPointsDeals(db, offerId);
  if (!deals.some((deal) => deal.id === input.dealId)) {
    throw invalid('Choose a points deal of this offer.', { dealId: ['Choose a points deal of this offer.'] });
  }
  const ids = { partnerUserId: holderId, offerId, dealId: input.dealId };
  await db.transaction(async (tx) => {
    const appended = await appendLedgerEntry(tx, {
      ...ids,
      reasonText: input.reason,
      points: input.points,
      valueDate: write.now,
      mustStayCovered: input.points < 0,
    });
    if (!appended) {
      const balance = await currentBalance(tx, ids);
      throw invalid(`This would take the balance below 0: the holder has ${balance} points on this deal.`, {
        points: [`At most ${balance} points can be taken off.`],
      });
    }
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'holder.points.adjust',
      objectType: 'points_ledger',
      objectId: appended.id,
      before: { holderId, dealId: input.dealId, balance: appended.balance - input.points },
      after: {
        holderId,
        dealId: input.dealId,
        balance: appended.balance,
        points: input.points,
        reason: input.reason,
      },
    });
  });
  return loadHolderDetail(db, offerId, holderId);
}

const LINK_LABEL = 'issued in the console';
const LINK_PATH = `${APP_BASE}/experiences`;

function linkUrl(mail: MailSettings, token: string): string {
  return `${mail.publicUrl}${LINK_PATH}?${new URLSearchParams({ t: token })}`;
}

/**
 * POST .../link: a new link for the holder. Every session signed in as them on the offer ends first, so
 * their old links stop working at once (a rotation). Only the token's hash is stored; the token is in this
 * answer alone (and never in the audit row).
 */
export async function issueLink(db: AppDb, mail: MailSettings, write: WriteContext): Promise<PassLinkIssued> {
  const offerId = write.scope.offerId as number;
  const holderId = write.scope.holderId as number;
  const token = generateToken();
  await db.transaction(async (tx) => {
    const ended = await endHolderSessions(tx, offerId, holderId, write.now);
    await insertHolderSession(tx, {
      offerId,
      holderId,
      tokenHash: hashToken(token),
      label: LINK_LABEL,
      path: LINK_PATH,
      now: write.now,
    });
    await writeAudit(tx, {
      ...auditBase(write),
      action: ended > 0 ? 'holder.link.rotate' : 'holder.link.mint',
      objectType: 'holder',
      objectId: holderId,
      before: { signedInSessions: ended },
      after: { signedInSessions: 1 },
    });
  });
  return { url: linkUrl(mail, token), token, issuedAt: write.now.toISOString() };
}

/** DELETE .../link: every link of the holder on the offer stops working (their sessions end). */
export async function revokeLink(db: AppDb, write: WriteContext): Promise<void> {
  const offerId = write.scope.offerId as number;
  const holderId = write.scope.holderId as number;
  await db.transaction(async (tx) => {
    const ended = await endHolderSessions(tx, offerId, holderId, write.now);
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'holder.link.revoke',
      objectType: 'holder',
      objectId: holderId,
      before: { signedInSessions: ended },
      after: { signedInSessions: 0 },
    });
  });
}

/**
 * POST .../link/email: a new link for the holder, e-mailed through the outbox with the pass-link template
 * (the lost-link one), in one transaction with its session and audit row. Their other links keep working.
 */
export async function emailLink(
  db: AppDb,
  mail: MailSettings,
  write: WriteContext,
): Promise<PassLinkEmailed> {
  const offerId = write.scope.offerId as number;
  const holderId = write.scope.holderId as number;
  const holder = await findHolder(db, offerId, holderId, null);
  if (!holder) throw notFound();
  // In the holder's saved language, English when none (decision 0049).
  const language = (await findSavedLanguage(db, holderId)) ?? DEFAULT_PASS_LANGUAGE;
  const brand = await loadMailBrand(db, offerId, mail.publicUrl, language);
  const token = generateToken();
  const content = passLinkMail(brand, { firstName: holder.first_name, link: linkUrl(mail, token) }, language);
  await db.transaction(async (tx) => {
    await insertHolderSession(tx, {
      offerId,
      holderId,
      tokenHash: hashToken(token),
      label: 'e-mailed from the console',
      path: LINK_PATH,
      now: write.now,
    });
    const queued = await enqueueMail(tx, mail, {
      kind: 'pass-link',
      to: { address: holder.email, name: fullName(holder) },
      ...content,
      offerId,
      partnerUserId: holderId,
    });
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'holder.link.email',
      objectType: 'holder',
      objectId: holderId,
      before: null,
      after: { to: holder.email, mailId: queued.id },
    });
  });
  return { message: `A new link to the pass is on its way to ${holder.email}.`, to: holder.email };
}
