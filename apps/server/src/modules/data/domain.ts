import { compareRewardsOrder, isGamified } from '@trailpass/contract';

/**
 * Derived fields of GET /data (demo README "Derived fields are not stored"): pure functions of rows and
 * the current time, so they are tested without a database.
 */

export interface LedgerEntry {
  id: number;
  deal_id: number;
  points: number;
  value_date: Date;
  expires_at: Date | null;
}

export interface PointsSummary {
  current_points: number;
  next_points_expiration: { date: string; points: number } | null;
}

/**
 * Points of one (user, offer, deal) history. The balance is the sum of the entries (expiry is written to
 * the ledger as a debit). Expiry works first-in, first-out: each debit uses up the oldest credits first;
 * the next expiration is the earliest future `expires_at` among credits with points left, with the
 * points left on every credit expiring at that moment.
 */
export function summarisePoints(entries: readonly LedgerEntry[], now: Date): PointsSummary {
  const ordered = [...entries].sort((a, b) => a.value_date.getTime() - b.value_date.getTime() || a.id - b.id);
  let current = 0;
  const lots: Array<{ left: number; expires: number | null }> = [];
  for (const entry of ordered) {
    current += entry.points;
    if (entry.points > 0) {
      lots.push({ left: entry.points, expires: entry.expires_at?.getTime() ?? null });
      continue;
    }
    let owed = -entry.points;
    for (const lot of lots) {
      if (owed === 0) break;
      const take = Math.min(lot.left, owed);
      lot.left -= take;
      owed -= take;
    }
  }
  const nowMs = now.getTime();
  let next: number | null = null;
  for (const lot of lots) {
    if (
      lot.left > 0 &&
      lot.expires !== null &&
      lot.expires > nowMs &&
      (next === null || lot.expires < next)
    ) {
      next = lot.expires;
    }
  }
  if (next === null) return { current_points: current, next_points_expiration: null };
  const points = lots.filter((lot) => lot.left > 0 && lot.expires === next).reduce((s, l) => s + l.left, 0);
  return {
    current_points: current,
    next_points_expiration: { date: new Date(next).toISOString(), points },
  };
}

export interface DealForOrdering {
  id: number;
  use_points: boolean;
  points_valid_until: Date | null;
}

/**
 * The deal whose points the top-level current_points / next_points_expiration show: the single points
 * deal of a points offer, or the first gamified deal in rewards order.
 */
export function headlinePointsDeal<D extends DealForOrdering>(
  offer: { use_points: boolean },
  deals: readonly D[],
): D | undefined {
  if (offer.use_points) {
    return [...deals].filter((deal) => deal.use_points).sort((a, b) => a.id - b.id)[0];
  }
  return deals.filter((deal) => isGamified(deal, offer)).sort(compareRewardsOrder)[0];
}

// ---------------------------------------------------------------------------------------------------------
// ticket timers (spec 4 and 9)

export interface HideRule {
  amount: number;
  type: string;
}

/** Default hide time after redemption or expiration, and what `immediate` and unknown units mean. */
export const DEFAULT_HIDE_SECONDS = 10 * 60;
/** In preview mode the ticket hides 0.25 minutes after redemption. */
export const PREVIEW_HIDE_SECONDS = 0.25 * 60;

const UNIT_SECONDS: Record<string, number> = {
  minute: 60,
  minutes: 60,
  hour: 3600,
  hours: 3600,
  day: 86_400,
  days: 86_400,
};

/** A hide rule in seconds: immediate, unknown units and a missing rule mean 10 minutes. */
export function hideSeconds(rule: HideRule | null | undefined): number {
  if (!rule) return DEFAULT_HIDE_SECONDS;
  const unit = UNIT_SECONDS[rule.type.toLowerCase()];
  if (unit === undefined || !Number.isFinite(rule.amount) || rule.amount < 0) return DEFAULT_HIDE_SECONDS;
  return rule.amount * unit;
}

export interface TicketTimerInput {
  productType: string;
  ticketSettings: {
    hide_ticket?: { after_redemption?: HideRule | null; after_expiration?: HideRule | null } | null;
  } | null;
  redeemed: Date | null;
  expireDate: Date | null;
  endDate: Date | null;
  isPreview: boolean;
  now: Date;
}

export interface TicketTimer {
  /** Seconds left before the ticket hides; 0 for a check-in; -1 once hidden. Null = no timer. */
  timer: number | null;
  /** The whole hide period in seconds. */
  initialTimer: number | null;
}

/**
 * Spec 4: no timer unless the order product is redeemed and its product has ticket_settings; a check-in
 * gives 0; otherwise the hide period minus the time since redemption, or, once the order product has
 * expired (expire_date, else end_date, in the past), the after-expiration period minus the time since
 * expiry. -1 when that is used up.
 */
export function ticketTimer(input: TicketTimerInput): TicketTimer {
  if (!input.redeemed) return { timer: null, initialTimer: null };
  if (input.productType === 'check-in') return { timer: 0, initialTimer: 0 };
  const hide = input.ticketSettings?.hide_ticket;
  if (!input.ticketSettings || !hide) return { timer: null, initialTimer: null };
  const nowMs = input.now.getTime();
  const expiry = input.expireDate ?? input.endDate;
  let period: number;
  let since: Date;
  if (expiry && expiry.getTime() <= nowMs) {
    period = hideSeconds(hide.after_expiration);
    since = expiry;
  } else {
    period = input.isPreview ? PREVIEW_HIDE_SECONDS : hideSeconds(hide.after_redemption);
    since = input.redeemed;
  }
  const left = Math.floor(period - (nowMs - since.getTime()) / 1000);
  return { timer: left > 0 ? left : -1, initialTimer: period };
}

// ---------------------------------------------------------------------------------------------------------
// repeats

const REPEAT_UNIT_MS: Record<string, number> = {
  minute: 60_000,
  minutes: 60_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
  week: 604_800_000,
  weeks: 604_800_000,
};

export interface RepeatRule {
  repeat: boolean;
  repeat_delay: number | null;
  repeat_delay_type: string | null;
}

/**
 * Spec 4 Redeeming: a repeating product redeemed at `redeemed` can be redeemed again after repeat_delay
 * in repeat_delay_type units. Null when it does not repeat or its delay is missing or in an unknown unit
 * (then it is used once, rather than repeating at a guessed interval).
 */
export function duplicateDateAfter(product: RepeatRule, redeemed: Date): Date | null {
  if (!product.repeat || product.repeat_delay === null || product.repeat_delay < 0) return null;
  const unit = REPEAT_UNIT_MS[(product.repeat_delay_type ?? '').toLowerCase()];
  if (unit === undefined) return null;
  return new Date(redeemed.getTime() + product.repeat_delay * unit);
}

/**
 * When a repeating product can be redeemed again: its duplicate_date, or redemption plus the repeat
 * delay when that is missing. Null for a product that does not repeat or was not redeemed.
 */
export function repeatDate(
  product: RepeatRule,
  orderProduct: { redeemed: Date | null; duplicate_date: Date | null },
): Date | null {
  if (!product.repeat || !orderProduct.redeemed) return null;
  return orderProduct.duplicate_date ?? duplicateDateAfter(product, orderProduct.redeemed);
}

// ---------------------------------------------------------------------------------------------------------
// misc

/** Internal staff: the e-mail's domain is the provider's (spec 6). */
export function isInternalStaff(email: string | null | undefined, providerDomain: string | null): boolean {
  if (!email || !providerDomain) return false;
  const at = email.lastIndexOf('@');
  return (
    at !== -1 &&
    email
      .slice(at + 1)
      .trim()
      .toLowerCase() === providerDomain.trim().toLowerCase()
  );
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
