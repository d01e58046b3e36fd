import type { PointsCurrent, PointsHistory } from '@trailpass/contract';
import { DEFAULT_PASS_LANGUAGE, type PassLanguage, POINTS_HISTORY_DISPLAY } from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { headlinePointsDeal, iso, summarisePoints } from '../data/domain';
import { listUserLedger } from '../data/repository';
import { localizedReason } from '../language/reasons';
import { listHistoryPage, type OfferPointsDeals, type PointsDealRow } from './repository';

/**
 * The points history a call is about (spec 7 Points: dealId, one call per deal on non-points offers):
 * the query's dealId, which must be a deal of the offer that uses points (else 404), or else the offer's
 * headline points deal (the one /data shows). Null when the offer has no points deal at all.
 */
export function choosePointsDeal(found: OfferPointsDeals, dealId: number | undefined): PointsDealRow | null {
  if (dealId === undefined) return headlinePointsDeal(found.offer, found.deals) ?? null;
  const deal = found.deals.find((row) => row.id === dealId);
  if (!deal?.use_points) throw notFound();
  return deal;
}

/** The session's offer exists (sessions reference it); a missing one reads as unknown. */
function present(found: OfferPointsDeals | null): OfferPointsDeals {
  if (!found) throw notFound();
  return found;
}

/**
 * GET .../points/current: the history's balance and next expiration (first in, first out), as /data
 * computes them (summarisePoints). `offerDeals` came with the session (findSessionOfferDeals); one more
 * round trip reads the holder's ledger.
 */
export async function loadPointsCurrent(
  db: DbExecutor,
  holder: HolderSession,
  offerDeals: OfferPointsDeals | null,
  dealId: number | undefined,
  now: Date,
): Promise<PointsCurrent> {
  const found = present(offerDeals);
  const ledger = await listUserLedger(db, holder.partnerUserId, holder.offerId);
  const deal = choosePointsDeal(found, dealId);
  if (!deal) return { deal_id: null, current_points: 0, next_points_expiration: null };
  const summary = summarisePoints(
    ledger.filter((entry) => entry.deal_id === deal.id),
    now,
  );
  return { deal_id: deal.id, ...summary };
}

/** Offsets past this read nothing in any ledger; capping keeps the value a safe integer. */
const MAX_OFFSET = 2_147_483_647;

export interface HistoryRequest {
  dealId: number | undefined;
  page: number | undefined;
  display: number | undefined;
  /** The request's language (decision 0049): the reasons the server wrote are read in it. */
  language?: PassLanguage;
}

/**
 * GET .../points/history: one history newest first, paged (spec 9 defaults: page 1, display 1000000),
 * with balances as stored and each debit's order item state as it is now. `offerDeals` came with the
 * session (findSessionOfferDeals); the page is one more round trip.
 */
export async function loadPointsHistory(
  db: DbExecutor,
  holder: HolderSession,
  offerDeals: OfferPointsDeals | null,
  request: HistoryRequest,
): Promise<PointsHistory> {
  const page = request.page ?? 1;
  const display = request.display ?? POINTS_HISTORY_DISPLAY;
  const deal = choosePointsDeal(present(offerDeals), request.dealId);
  if (!deal) return { data: [], deal_id: null, page, display, total: 0 };
  const { rows, total } = await listHistoryPage(db, {
    partnerUserId: holder.partnerUserId,
    offerId: holder.offerId,
    dealId: deal.id,
    limit: display,
    offset: Math.min((page - 1) * display, MAX_OFFSET),
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      deal_id: row.deal_id,
      reason_text: localizedReason(row.reason_text, request.language ?? DEFAULT_PASS_LANGUAGE),
      points: row.points,
      balance: row.balance,
      value_date: row.value_date.toISOString(),
      order_id: row.order_id === null ? null : Number(row.order_id),
      redeemed:
        row.redeemed_id === null
          ? null
          : {
              id: row.redeemed_id,
              completed: iso(row.redeemed_completed),
              delivery_method: row.redeemed_delivery_method,
            },
    })),
    deal_id: deal.id,
    page,
    display,
    total,
  };
}
