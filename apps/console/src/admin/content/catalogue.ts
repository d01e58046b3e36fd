import type {
  CatalogueProduct,
  CatalogueReward,
  CatalogueVenue,
  PreviewLinkRequest,
  StockLine,
  VenueCodeRequest,
} from '@trailpass/contract/console';

/**
 * The content page's plain logic: how a reward's price and stock read, the search over a tab, the page of
 * rows shown, and the requests of the venue code and preview link dialogs.
 */

const number = new Intl.NumberFormat('en-US');

export const formatPoints = (points: number) =>
  `${number.format(points)} ${points === 1 ? 'point' : 'points'}`;

/** A reward's price: its own, or each option's ("S: 120 points") when it has options (no price of its own). */
export function priceLines(reward: CatalogueReward): string[] {
  if (reward.pointsPrice !== null) return [formatPoints(reward.pointsPrice)];
  return reward.options.map((option) => `${option.name}: ${formatPoints(option.pointsPrice)}`);
}

/** One key of the stock: "12 left · 1 in carts", or "No limit". */
export function stockText(line: Pick<StockLine, 'left' | 'held'>): string {
  const left = line.left === null ? 'No limit' : `${number.format(line.left)} left`;
  return line.held > 0 ? `${left} · ${number.format(line.held)} in carts` : left;
}

/**
 * A reward's stock, a line per key ("M: 3 left"; key "0" is "All options" beside options, or the count
 * itself for a reward without them); "No limit" when it has no stock limit at all.
 */
export function stockLines(reward: CatalogueReward): string[] {
  if (reward.stock === null) return ['No limit'];
  return reward.stock.map((line) => {
    if (line.key === '0')
      return reward.options.length > 0 ? `All options: ${stockText(line)}` : stockText(line);
    return `${line.option ?? `Option ${line.key}`}: ${stockText(line)}`;
  });
}

/** A type as the import names it ("check-in"), read as words ("Check in"). */
export function typeLabel(type: string): string {
  const words = type.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Text folded for a search: lower case, without accents. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether every word of the search is in one of `fields` (case and accents ignored; empty matches all). */
export function matches(query: string, fields: readonly (string | null | undefined)[]): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter((f): f is string => Boolean(f)).map(fold);
  return words.every((word) => haystack.some((field) => field.includes(word)));
}

/**
 * The rows of one page (0-based) of `perPage`, the page clamped to the last one there is (a search that
 * leaves fewer rows, or a smaller page size).
 */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): { rows: T[]; page: number } {
  const last = Math.max(0, Math.ceil(rows.length / perPage) - 1);
  const current = Math.min(Math.max(0, page), last);
  return { rows: rows.slice(current * perPage, (current + 1) * perPage), page: current };
}

/** The "Choose the code yourself" field: empty lets the server choose. */
export function toVenueCodeRequest(
  raw: string,
): { request: VenueCodeRequest } | { errors: { code: string } } {
  const code = raw.trim();
  if (code === '') return { request: {} };
  if (!/^[0-9]{4}$/.test(code)) return { errors: { code: 'A check-in code is 4 digits, like 4821.' } };
  return { request: { code } };
}

export type PreviewTarget =
  | { type: 'product'; product: CatalogueProduct }
  | { type: 'venue'; venue: CatalogueVenue };

/** A preview link's request: a product inside its deal when it has one, a venue on its own. */
export function previewRequest(target: PreviewTarget): PreviewLinkRequest {
  return target.type === 'product'
    ? { type: 'product', id: target.product.id, dealId: target.product.dealId }
    : { type: 'venue', id: target.venue.id };
}

export const previewName = (target: PreviewTarget) =>
  target.type === 'product' ? target.product.name : target.venue.name;
