import { randomInt } from 'node:crypto';
import { APP_BASE, pointsNeeded } from '@trailpass/contract';
import type {
  CatalogueReward,
  ContentCatalogue,
  DealUpdateRequest,
  PreviewLinkIssued,
  PreviewLinkRequest,
  RewardUpdateRequest,
  StockLine,
  VenueCodeIssued,
  VenueCodeRequest,
} from '@trailpass/contract/console';
import type { AppDb, DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { generateToken, hashToken } from '../../db/tokens';
import {
  type Hold,
  listLiveHolds,
  lockStockForClaim,
  stockKey,
  type TicketsMap,
} from '../../modules/cart/stock';
import type { MailSettings } from '../../modules/mail';
import { auditBase, writeAudit } from '../audit/repository';
import { isoOrNull } from '../dates';
import { conflict, invalid, notFound } from '../errors';
import type { WriteContext } from '../holders/service';
import {
  dealHasVenue,
  findDeal,
  findOfferHead,
  findReward,
  insertPreviewSession,
  listDeals,
  listProducts,
  listRewards,
  listVenues,
  lockVenue,
  type RewardDbRow,
  setDealDate,
  setOptionPrice,
  setRewardPrice,
  setRewardStock,
  setVenueCode,
  touchOffer,
} from './repository';

/** Issue 31 item 3: the console's quick edits of an offer's content (decision 0044). */

const ratioOf = (ratio: number | null) => ratio ?? 1;

/** Live holds only (not pending takes, which `tickets_left` has already subtracted), per reward and key. */
function heldByKey(row: RewardDbRow, holds: readonly Hold[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const hold of holds) {
    if (hold.reward_item_id !== row.id || hold.key) continue;
    const key = stockKey(row.tickets_left, hold.attribute_id);
    if (key !== null) held.set(key, (held.get(key) ?? 0) + hold.count);
  }
  return held;
}

function toReward(row: RewardDbRow, ratio: number | null, holds: readonly Hold[]): CatalogueReward {
  const options = (row.attributes ?? []).map((a) => ({
    id: a.id,
    name: a.name,
    pointsPrice: pointsNeeded(ratio, Number(a.retail_price)),
  }));
  const names = new Map(options.map((o) => [String(o.id), o.name]));
  const held = heldByKey(row, holds);
  const stock: StockLine[] | null = row.tickets_left
    ? Object.entries(row.tickets_left).map(([key, left]) => ({
        key,
        option: key === '0' ? null : (names.get(key) ?? `Option ${key}`),
        left: left === null ? null : Math.max(0, left),
        held: held.get(key) ?? 0,
      }))
    : null;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    dealName: row.deal_name,
    pointsPrice:
      options.length > 0
        ? null
        : pointsNeeded(ratio, row.retail_price === null ? null : Number(row.retail_price)),
    options,
    stock,
    shipped: row.shipped,
    pickedUp: row.picked_up,
  };
}

/** GET .../content: the offer's rewards, deals, venues and products (contract: contentCatalogue). */
export async function loadCatalogue(
  db: DbExecutor,
  offerId: number,
  partnerId: number,
  now: Date,
): Promise<ContentCatalogue> {
  const offer = await findOfferHead(db, offerId);
  if (!offer) throw notFound();
  const [rewards, deals, venues, products] = await readsTogether(db, [
    () => listRewards(db, offerId),
    () => listDeals(db, offerId),
    () => listVenues(db, offerId, partnerId),
    () => listProducts(db, offerId),
  ]);
  const holds = await listLiveHolds(
    db,
    rewards.map((r) => r.id),
    now,
  );
  return {
    offerId,
    offerName: offer.name,
    pointsRatio: ratioOf(offer.points_ratio),
    timezone: offer.timezone,
    rewards: rewards.map((row) => toReward(row, offer.points_ratio, holds)),
    deals: deals.map((d) => ({
      id: d.id,
      name: d.name,
      usePoints: d.use_points,
      pointsValidUntil: isoOrNull(d.points_valid_until),
    })),
    venues: venues.map((v) => ({
      id: v.id,
      name: v.name,
      address: v.address,
      hasCode: v.has_code,
      shared: v.shared,
    })),
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      dealId: p.deal_id === 0 ? null : p.deal_id,
      venueId: p.venue_id,
    })),
  };
}

/**
 * The retail price (a decimal string) whose points price is `points` at `ratio` (spec 5: points needed =
 * ratio × retail price, rounded), or the nearest points prices that have one when whole cents cannot.
 */
export function retailPriceFor(
  points: number,
  ratio: number | null,
): { price: string } | { nearest: [number, number] } {
  const r = ratioOf(ratio);
  const cents = Math.round((points * 100) / r);
  if (pointsNeeded(r, cents / 100) === points) return { price: (cents / 100).toFixed(2) };
  const below = Math.floor((points * 100) / r);
  return { nearest: [pointsNeeded(r, below / 100), pointsNeeded(r, (below + 1) / 100)] };
}

function priceOrRefuse(points: number, ratio: number | null, field: string): string {
  const found = retailPriceFor(points, ratio);
  if ('price' in found) return found.price;
  const [below, above] = found.nearest;
  const message = `At ${ratioOf(ratio)} points per unit of price, ${points} points is not a price in whole cents: the nearest are ${below} and ${above} points.`;
  throw invalid(message, { [field]: [message] });
}

/** The stock map a request sets: null, or key -> count (null: no limit), the keys checked against the reward's. */
function stockMapOf(lines: NonNullable<RewardUpdateRequest['stock']>, row: RewardDbRow): TicketsMap {
  const allowed = new Set(['0', ...(row.attributes ?? []).map((a) => String(a.id))]);
  const map: TicketsMap = {};
  for (const [index, line] of lines.entries()) {
    const message = !allowed.has(line.key)
      ? `The stock names "${line.key}", which is neither "0" (every option) nor an option of ${row.name}.`
      : line.key in map
        ? `The stock names "${line.key}" twice.`
        : null;
    if (message) throw invalid(message, { [`stock.${index}.key`]: [message] });
    map[line.key] = line.left;
  }
  return map;
}

function rewardState(reward: CatalogueReward) {
  return { pointsPrice: reward.pointsPrice, options: reward.options, stock: reward.stock };
}

/**
 * PATCH .../content/rewards/:rewardId, in one transaction: under the reward's claim lock (no claim or
 * completion of it runs meanwhile, cart/stock.ts) and its row lock, the prices and the stock are checked
 * and written, the offer's content stamp moves, and the audit row records before and after.
 */
export async function updateReward(
  db: AppDb,
  write: WriteContext,
  rewardId: number,
  input: RewardUpdateRequest,
): Promise<CatalogueReward> {
  const offerId = write.scope.offerId as number;
  return db.transaction(async (tx) => {
    const offer = await findOfferHead(tx, offerId);
    if (!offer) throw notFound();
    if (input.stock !== undefined) await lockStockForClaim(tx, rewardId);
    const row = await findReward(tx, offerId, rewardId, true);
    if (!row) throw notFound('No such reward in this offer.');
    const holdsBefore = await listLiveHolds(tx, [rewardId], write.now);
    const before = toReward(row, offer.points_ratio, holdsBefore);
    const optionIds = new Set((row.attributes ?? []).map((a) => a.id));

    if (input.pointsPrice !== undefined) {
      if (optionIds.size > 0) {
        const message = `${row.name} is priced per option: change the options’ prices.`;
        throw invalid(message, { pointsPrice: [message] });
      }
      await setRewardPrice(tx, rewardId, priceOrRefuse(input.pointsPrice, offer.points_ratio, 'pointsPrice'));
    }
    if (input.options !== undefined) {
      const seen = new Set<number>();
      for (const [index, option] of input.options.entries()) {
        if (!optionIds.has(option.id) || seen.has(option.id)) {
          const message = seen.has(option.id)
            ? `Option ${option.id} is named twice.`
            : `${row.name} has no option ${option.id}.`;
          throw invalid(message, { [`options.${index}.id`]: [message] });
        }
        seen.add(option.id);
        const price = priceOrRefuse(option.pointsPrice, offer.points_ratio, `options.${index}.pointsPrice`);
        await setOptionPrice(tx, rewardId, option.id, price);
      }
    }
    if (input.stock !== undefined) {
      await setRewardStock(tx, rewardId, input.stock === null ? null : stockMapOf(input.stock, row));
    }
    await touchOffer(tx, offerId);
    const updated = await findReward(tx, offerId, rewardId);
    if (!updated) throw notFound('No such reward in this offer.');
    const after = toReward(updated, offer.points_ratio, holdsBefore);
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'content.reward.update',
      objectType: 'reward',
      objectId: rewardId,
      before: rewardState(before),
      after: rewardState(after),
    });
    return after;
  });
}

/** PATCH .../content/deals/:dealId: the deal's date, with the offer's content stamp and the audit row. */
export async function updateDeal(
  db: AppDb,
  write: WriteContext,
  dealId: number,
  input: DealUpdateRequest,
): Promise<ContentCatalogue['deals'][number]> {
  const offerId = write.scope.offerId as number;
  return db.transaction(async (tx) => {
    const deal = await findDeal(tx, offerId, dealId, true);
    if (!deal) throw notFound('No such deal in this offer.');
    const next = input.pointsValidUntil === null ? null : new Date(input.pointsValidUntil);
    await setDealDate(tx, dealId, next);
    await touchOffer(tx, offerId);
    const before = isoOrNull(deal.points_valid_until);
    const after = isoOrNull(next);
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'content.deal.update',
      objectType: 'deal',
      objectId: dealId,
      before: { pointsValidUntil: before },
      after: { pointsValidUntil: after },
    });
    return { id: deal.id, name: deal.name, usePoints: deal.use_points, pointsValidUntil: after };
  });
}

const CODE_DIGITS = 4;
const newCode = () => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

/**
 * PUT .../content/venues/:venueId/code: a new check-in code, under the venue's row lock, so the old one
 * stops working with this commit (the PIN checks read the venue row; nothing caches it). A venue that
 * another partner's offer also uses is refused (its code is theirs too) unless a provider admin asks. The
 * code is in the answer only, never in the audit row.
 */
export async function rotateVenueCode(
  db: AppDb,
  write: WriteContext,
  venueId: number,
  input: VenueCodeRequest,
): Promise<VenueCodeIssued> {
  const offerId = write.scope.offerId as number;
  return db.transaction(async (tx) => {
    const venue = await lockVenue(tx, offerId, write.scope.partnerId, venueId);
    if (!venue) throw notFound('No such venue in this offer.');
    // A provider admin works for every partner, so may change a shared venue's code.
    if (venue.shared && write.scope.role !== 'provider_admin')
      throw conflict(
        `${venue.name} is also a venue of another partner’s offer, so its check-in code is theirs too: ask Trailpass support to change it.`,
      );
    if (input.code !== undefined && input.code === venue.pin) {
      const message = 'That is the venue’s current code: choose another.';
      throw invalid(message, { code: [message] });
    }
    let code = input.code ?? newCode();
    while (code === venue.pin) code = newCode();
    await setVenueCode(tx, venueId, code);
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'content.venue.code',
      objectType: 'venue',
      objectId: venueId,
      before: { hasCode: venue.has_code },
      after: { hasCode: true, chosenBy: input.code === undefined ? 'server' : 'staff' },
    });
    return { venueId, code, changedAt: write.now.toISOString() };
  });
}

const PREVIEW_LABEL = 'partner preview from the console';

function previewPath(input: PreviewLinkRequest): string {
  const deal = input.dealId ? `/deal/${input.dealId}` : '';
  return `/experiences${deal}/${input.type}/${input.id}`;
}

/**
 * POST .../content/preview-links: a preview session of the product or venue page (optionally inside a
 * deal), checked against the offer's content first. The token is in the answer only (its hash is kept).
 */
export async function issuePreviewLink(
  db: AppDb,
  mail: MailSettings,
  write: WriteContext,
  input: PreviewLinkRequest,
): Promise<PreviewLinkIssued> {
  const offerId = write.scope.offerId as number;
  const dealId = input.dealId ?? null;
  const refuse = (field: 'id' | 'dealId', message: string) => invalid(message, { [field]: [message] });
  if (dealId !== null && !(await findDeal(db, offerId, dealId)))
    throw refuse('dealId', 'No such deal in this offer.');
  if (input.type === 'product') {
    const product = (await listProducts(db, offerId)).find((p) => p.id === input.id);
    if (!product) throw refuse('id', 'No such product in this offer.');
    if (dealId !== null && product.deal_id !== dealId)
      throw refuse('dealId', `${product.name} is not a product of that deal.`);
  } else {
    const venue = (await listVenues(db, offerId, write.scope.partnerId)).find((v) => v.id === input.id);
    if (!venue) throw refuse('id', 'No such venue in this offer.');
    if (dealId !== null && !(await dealHasVenue(db, dealId, input.id)))
      throw refuse('dealId', `${venue.name} is not a venue of that deal.`);
  }
  const token = generateToken();
  await db.transaction(async (tx) => {
    await insertPreviewSession(tx, {
      offerId,
      tokenHash: hashToken(token),
      type: input.type,
      targetId: input.id,
      dealId,
      label: PREVIEW_LABEL,
      path: `${APP_BASE}/login`,
      now: write.now,
    });
    await writeAudit(tx, {
      ...auditBase(write),
      action: 'content.preview.mint',
      objectType: input.type,
      objectId: input.id,
      before: null,
      after: { dealId },
    });
  });
  return {
    url: `${mail.publicUrl}${APP_BASE}/login?${new URLSearchParams({ t: token })}`,
    token,
    path: previewPath(input),
  };
}
