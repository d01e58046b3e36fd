import type {
  CatalogueReward,
  MAX_POINTS_PRICE,
  MAX_STOCK,
  RewardUpdateRequest,
} from '@trailpass/contract/console';

/** The contract's limits, restated (a value import would load its zod schemas); the types hold them equal. */
export const MAX_POINTS: typeof MAX_POINTS_PRICE = 10_000_000;
export const MAX_LEFT: typeof MAX_STOCK = 1_000_000;

const number = new Intl.NumberFormat('en-US');

/**
 * The reward form's fields: the points price (a reward without options), one per option (`option:<id>`),
 * one per stock key (`stock:<key>`), and the groups the server may name as a whole.
 */
export type RewardField = 'pointsPrice' | 'options' | 'stock' | `option:${number}` | `stock:${string}`;
export type RewardErrors = Partial<Record<RewardField, string>>;

export const optionField = (id: number): RewardField => `option:${id}`;
export const stockField = (key: string): RewardField => `stock:${key}`;

export interface RewardValues {
  pointsPrice: string;
  /** Option id -> its points price as typed. */
  options: Record<string, string>;
  /** Off: the reward has no stock limit at all (stock: null). */
  limitStock: boolean;
  /** Stock key -> what is left as typed; empty: see StockRow.empty. */
  stock: Record<string, string>;
}

/** One stock field of the form: key "0" (All options, or the reward's only count) or an option's id. */
export interface StockRow {
  key: string;
  label: string;
  /** Units in holders' carts now (counted in what is left). */
  held: number;
  /**
   * What an empty field means: "no limit" on that key, or, for an option of a reward whose stock has an
   * All options count, that the option has no count of its own and takes from All options.
   */
  empty: 'no-limit' | 'shares-all';
}

/**
 * The stock fields of a reward: for a reward without options its one count ("0"); for one with options a
 * row per option, after the All options row ("0") when its stock has one. An option set to "no limit" of
 * its own (null beside an All options count) keeps that meaning when its field is left empty.
 */
export function stockRows(reward: CatalogueReward): StockRow[] {
  const lines = new Map((reward.stock ?? []).map((line) => [line.key, line]));
  const held = (key: string) => lines.get(key)?.held ?? 0;
  if (reward.options.length === 0) return [{ key: '0', label: 'Left', held: held('0'), empty: 'no-limit' }];
  const hasAll = lines.has('0');
  const rows: StockRow[] = hasAll
    ? [{ key: '0', label: 'All options', held: held('0'), empty: 'no-limit' }]
    : [];
  for (const option of reward.options) {
    const key = String(option.id);
    const ownNoLimit = lines.get(key)?.left === null;
    rows.push({
      key,
      label: option.name,
      held: held(key),
      empty: hasAll && !ownNoLimit ? 'shares-all' : 'no-limit',
    });
  }
  return rows;
}

/** The form as it opens: the reward's prices and stock. */
export function rewardValues(reward: CatalogueReward): RewardValues {
  const stock: Record<string, string> = {};
  for (const line of reward.stock ?? []) stock[line.key] = line.left === null ? '' : String(line.left);
  return {
    pointsPrice: reward.pointsPrice === null ? '' : String(reward.pointsPrice),
    options: Object.fromEntries(reward.options.map((o) => [String(o.id), String(o.pointsPrice)])),
    limitStock: reward.stock !== null,
    stock,
  };
}

/** Digits as typed, with thousands separators or spaces allowed ("1,000"). */
function digits(raw: string): string {
  return raw.trim().replace(/[,\s]/g, '');
}

/**
 * The nearest points prices that are a retail price in whole cents at `ratio` points per unit of price
 * (spec 5: points = ratio × price, rounded), or null when `points` is one itself. The server's rule
 * (content/service.ts retailPriceFor), checked here so that the slip needs no round trip.
 */
export function nearestPrices(points: number, ratio: number): [number, number] | null {
  const r = ratio > 0 ? ratio : 1;
  const cents = Math.round((points * 100) / r);
  if (Math.round(r * (cents / 100)) === points) return null;
  const below = Math.floor((points * 100) / r);
  return [Math.round(r * (below / 100)), Math.round(r * ((below + 1) / 100))];
}

/** A points price as typed: the number, or the message to show on its field. */
export function parsePointsPrice(raw: string, ratio: number): number | string {
  const text = digits(raw);
  if (text === '') return 'Enter the points price.';
  if (/^-\d+$/.test(text)) return 'A price cannot be below 0 points.';
  if (!/^\d+$/.test(text)) return 'Enter a whole number of points.';
  const points = Number(text);
  if (points > MAX_POINTS) return `A price is at most ${number.format(MAX_POINTS)} points.`;
  const nearest = nearestPrices(points, ratio);
  if (nearest)
    return `At ${ratio} points per unit of price, ${number.format(points)} points is not a price in whole cents: the nearest are ${number.format(nearest[0])} and ${number.format(nearest[1])} points.`;
  return points;
}

/** A stock count as typed: the number, null for an empty field, or the message to show. */
export function parseStockLeft(raw: string): number | null | { message: string } {
  const text = digits(raw);
  if (text === '') return null;
  if (/^-\d+$/.test(text)) return { message: 'Stock cannot be below 0.' };
  if (!/^\d+$/.test(text)) return { message: 'Enter a whole number, or leave it empty.' };
  const left = Number(text);
  if (left > MAX_LEFT) return { message: `Stock is at most ${number.format(MAX_LEFT)}.` };
  return left;
}

type StockLines = NonNullable<RewardUpdateRequest['stock']>;

/** The stock the form says, as the request's lines (null: no limit at all), or the fields' messages. */
function stockOf(
  rows: readonly StockRow[],
  values: RewardValues,
): { stock: StockLines | null; errors: RewardErrors } {
  if (!values.limitStock) return { stock: null, errors: {} };
  const errors: RewardErrors = {};
  const lines: StockLines = [];
  for (const row of rows) {
    const left = parseStockLeft(values.stock[row.key] ?? '');
    if (left !== null && typeof left === 'object') errors[stockField(row.key)] = left.message;
    else if (left !== null) lines.push({ key: row.key, left });
    // Empty: no limit on the key, or (an option beside All options) no line at all, so it takes from it.
    else if (row.empty === 'no-limit') lines.push({ key: row.key, left: null });
  }
  return { stock: lines, errors };
}

const sameStock = (a: StockLines | null, b: StockLines | null) => JSON.stringify(a) === JSON.stringify(b);

export type RewardOutcome =
  | { request: RewardUpdateRequest }
  | { errors: RewardErrors }
  /** Nothing differs from the reward as it was: no request to send. */
  | { unchanged: true };

/**
 * The edit form as the PATCH body, with only what changed: the points price (a reward without options),
 * the options whose price changed, and the stock (whole, as the server replaces it) when it differs from
 * what the form opened with.
 */
export function toRewardUpdate(reward: CatalogueReward, values: RewardValues, ratio: number): RewardOutcome {
  const errors: RewardErrors = {};
  const request: RewardUpdateRequest = {};
  if (reward.options.length === 0) {
    const price = parsePointsPrice(values.pointsPrice, ratio);
    if (typeof price === 'string') errors.pointsPrice = price;
    else if (price !== reward.pointsPrice) request.pointsPrice = price;
  } else {
    const changed: { id: number; pointsPrice: number }[] = [];
    for (const option of reward.options) {
      const price = parsePointsPrice(values.options[String(option.id)] ?? '', ratio);
      if (typeof price === 'string') errors[optionField(option.id)] = price;
      else if (price !== option.pointsPrice) changed.push({ id: option.id, pointsPrice: price });
    }
    if (changed.length > 0) request.options = changed;
  }
  const rows = stockRows(reward);
  const stock = stockOf(rows, values);
  Object.assign(errors, stock.errors);
  if (Object.keys(errors).length > 0) return { errors };
  if (!sameStock(stock.stock, stockOf(rows, rewardValues(reward)).stock)) request.stock = stock.stock;
  return Object.keys(request).length > 0 ? { request } : { unchanged: true };
}

/**
 * The server's field messages on the form's fields: the body's `options.<n>...` and `stock.<n>...` name
 * the n-th line sent; `options` and `stock` go on the one option or key sent, else on the group.
 */
export function rewardFieldErrors(
  errors: Record<string, string>,
  request: RewardUpdateRequest,
): Record<string, string> {
  const mapped: Record<string, string> = {};
  const put = (field: string, message: string) => {
    mapped[field] = mapped[field] ? `${mapped[field]} ${message}` : message;
  };
  for (const [name, message] of Object.entries(errors)) {
    const [group, index] = name.split('.');
    const options = request.options ?? [];
    const stock = request.stock ?? [];
    if (group === 'options') {
      const option =
        index === undefined ? (options.length === 1 ? options[0] : undefined) : options[Number(index)];
      put(option ? optionField(option.id) : 'options', message);
    } else if (group === 'stock') {
      const line = index === undefined ? (stock.length === 1 ? stock[0] : undefined) : stock[Number(index)];
      put(line ? stockField(line.key) : 'stock', message);
    } else put(name, message);
  }
  return mapped;
}
