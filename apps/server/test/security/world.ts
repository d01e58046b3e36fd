import { readFileSync } from 'node:fs';
import { DEMO_FILE, TOKENS } from '../helpers';

/**
 * The objects a request can name, as the demo data has them, seen from one pass: "a world". The
 * authorisation matrix fills requests with user A's world and swaps in user B's ids; the fuzzing suite
 * mixes A's ids into its generated input so that the handlers get past their lookups.
 */
export const KINDS = [
  'user',
  'offer',
  'partner',
  'order',
  'orderItem',
  'orderProduct',
  'message',
  'list',
  'poll',
  'pollOption',
  'deal',
  'product',
  'rewardItem',
  'attribute',
  'venue',
  'module',
  'assignment',
  'pickupPoint',
] as const;
export type Kind = (typeof KINDS)[number];

/** Kinds that belong to one partner user (DESIGN.md section 4: another user's is 404, never their data). */
export const USER_KINDS: ReadonlySet<Kind> = new Set([
  'user',
  'order',
  'orderItem',
  'orderProduct',
  'message',
]);

export interface World {
  label: string;
  token: string;
  userId: number;
  offerId: number;
  partnerId: number;
  email: string;
  /** The ids of each kind this pass may name: its own records and its offer's. */
  ids: Record<Kind, number[]>;
  /** The user's name, e-mail, phone and street address: never in an answer to another user. */
  personal: string[];
  /** The subjects of the user's messages on this offer: never in an answer to another pass. */
  messageSubjects: string[];
}

interface DemoOrder {
  id: number;
  offer_id: number;
  partner_user_id: number;
  items: { id: number }[];
  orderProducts: { id: number }[];
}

interface Demo {
  partnerUsers: Record<string, unknown>[];
  offers: { id: number; partner_id: number }[];
  deals: { id: number; offer_id: number }[];
  products: { id: number; offer_id: number; venue_id: number }[];
  rewardItems: { id: number; offer_id: number; attributes?: { id: number }[] | null }[];
  orders: DemoOrder[];
  messages: { id: number; partner_user_id: number; offer_id: number; subject: string }[];
  messageLists: { id: number; partner_id: number }[];
  polls: { id: number; deal_id: number; options: { id: number }[] }[];
  assignments: {
    id: number;
    type: string;
    assignmentId: number;
    offer_id: number | null;
    modules: number[];
  }[];
  availability: {
    reward_item_id: number | null;
    product_id: number | null;
    pickup_points: { id: number }[];
  }[];
}

let demo: Demo | undefined;
function loadDemo(): Demo {
  demo ??= JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as Demo;
  return demo;
}

/** Text of `other`'s that must not show in an answer to `self`. */
export function secretsOf(other: World, self: World): string[] {
  return other.userId === self.userId ? other.messageSubjects : [...other.personal, ...other.messageSubjects];
}

/** The world of one pass: `userId` signed in on `offerId` with `token`. */
export function worldOf(label: string, token: string, userId: number, offerId: number): World {
  const d = loadDemo();
  const user = d.partnerUsers.find((u) => u.id === userId);
  const offer = d.offers.find((o) => o.id === offerId);
  if (!user || !offer) throw new Error(`No user ${userId} or offer ${offerId} in the demo.`);
  const orders = d.orders.filter((o) => o.partner_user_id === userId && o.offer_id === offerId);
  const deals = d.deals.filter((deal) => deal.offer_id === offerId).map((deal) => deal.id);
  const products = d.products.filter((p) => p.offer_id === offerId);
  const rewardItems = d.rewardItems.filter((r) => r.offer_id === offerId);
  const polls = d.polls.filter((p) => deals.includes(p.deal_id));
  const productIds = products.map((p) => p.id);
  const rewardIds = rewardItems.map((r) => r.id);
  // An assignment is the offer's when it names the offer, or one of its deals, venues or products.
  const venueIds = [...new Set(products.map((p) => p.venue_id))];
  const assignments = d.assignments.filter((a) => {
    if (a.offer_id !== null) return a.offer_id === offerId;
    const own = { offer: [offerId], deal: deals, venue: venueIds, product: productIds }[a.type] ?? [];
    return own.includes(a.assignmentId);
  });
  const availability = d.availability.filter(
    (a) => productIds.includes(a.product_id ?? 0) || rewardIds.includes(a.reward_item_id ?? 0),
  );
  // Not city or zip code: venues share them.
  const secretKeys = ['name', 'email', 'phone', 'address'];
  const messages = d.messages.filter((m) => m.partner_user_id === userId && m.offer_id === offerId);
  return {
    label,
    token,
    userId,
    offerId,
    partnerId: offer.partner_id,
    email: String(user.email),
    ids: {
      user: [userId],
      offer: [offerId],
      partner: [offer.partner_id],
      order: orders.map((o) => o.id),
      orderItem: orders.flatMap((o) => o.items.map((i) => i.id)),
      orderProduct: orders.flatMap((o) => o.orderProducts.map((i) => i.id)),
      message: messages.map((m) => m.id),
      list: d.messageLists.filter((l) => l.partner_id === offer.partner_id).map((l) => l.id),
      poll: polls.map((p) => p.id),
      pollOption: polls.flatMap((p) => p.options.map((o) => o.id)),
      deal: deals,
      product: productIds,
      rewardItem: rewardIds,
      attribute: rewardItems.flatMap((r) => (r.attributes ?? []).map((a) => a.id)),
      venue: venueIds,
      module: assignments.flatMap((a) => a.modules),
      assignment: assignments.map((a) => a.id),
      pickupPoint: availability.flatMap((a) => a.pickup_points.map((p) => p.id)),
    },
    personal: secretKeys
      .map((key) => user[key])
      .filter((v): v is string => typeof v === 'string' && v.length > 4),
    messageSubjects: messages.map((m) => m.subject),
  };
}

/** User A: Ava on the Brew Trail (offer 101), whose token every attack is sent with. */
export const AVA = worldOf('Ava on offer 101', TOKENS.avaBrew, 1001, 101);

/**
 * The B side: Sam, another holder of Ava's own offer (only his own records differ from Ava's); Harper, a
 * holder of another partner's offer; and Ava's own pass on another offer (102), whose records must not be
 * reachable through her offer-101 session either ("belong to that user and offer").
 */
export const OTHERS: readonly World[] = [
  worldOf('Sam on offer 101', TOKENS.samStaff, 1002, 101),
  worldOf('Harper on offer 103', TOKENS.harperCheckin, 1004, 103),
  worldOf('Ava on offer 102', TOKENS.avaRewards, 1001, 102),
];
