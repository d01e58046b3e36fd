/**
 * Validation of a pass-import/1 document: the JSON Schema first, then what a schema cannot say (ids unique
 * per entity type, media ids unique across the document, every reference resolves, module order, calendar
 * dates, time zones, tokens, media files). Pure apart from looking for media files under `baseDir`.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { isMailAddress } from '../../modules/mail/address.js';
import { unstorableTextAt } from '../unstorable-text.js';
import { dateProblem, isKnownTimeZone, resolveDate } from './dates.js';
import type { MediaItemDoc, ModuleDoc, OrderDoc, PassDocument, VenueDoc } from './document.js';
import { type ImportIssue, pathStep, pointerToPath } from './issues.js';
import { schemaIssues } from './schema-errors.js';

export interface ValidateOptions {
  /** The folder of the JSON file: `media/<file>` paths are relative to it. */
  baseDir: string;
  /** The moment `@now` dates mean (only used to order ledger entries); default: the current time. */
  now?: Date;
}

export interface CheckResult {
  errors: ImportIssue[];
  /** Problems that do not stop an import (a missing media file: the app shows its default picture). */
  warnings: ImportIssue[];
}

/** Every error in the document (an empty list means it can be imported). Warnings: see checkPassDocument. */
export function validatePassDocument(doc: unknown, opts: ValidateOptions): ImportIssue[] {
  return checkPassDocument(doc, opts).errors;
}

export function checkPassDocument(doc: unknown, opts: ValidateOptions): CheckResult {
  const errors = schemaIssues(doc);
  // Reference checks rely on the shape the schema guarantees; with schema errors they would only add noise.
  if (errors.length > 0) return { errors, warnings: [] };
  // No text the database stores can hold U+0000 or a lone surrogate (decision 0055): refused here, not as a
  // failed write (or, for a surrogate in a text column, a U+FFFD in its place).
  const unstorable = unstorableTextAt(doc);
  if (unstorable !== null)
    return {
      errors: [{ path: pointerToPath(doc, unstorable.path), message: unstorable.message }],
      warnings: [],
    };
  const checker = new DocumentChecker(doc as PassDocument, opts.baseDir, opts.now ?? new Date());
  checker.run();
  return { errors: checker.errors, warnings: checker.warnings };
}

// ---------------------------------------------------------------------------------------------------------

type Kind =
  | 'partner'
  | 'offer'
  | 'faq'
  | 'deal'
  | 'venue'
  | 'category'
  | 'product'
  | 'rewardItem'
  | 'attribute'
  | 'package'
  | 'perk'
  | 'partnerUser'
  | 'pass'
  | 'passLink'
  | 'assignment'
  | 'module'
  | 'message'
  | 'messageList'
  | 'subscription'
  | 'order'
  | 'orderItem'
  | 'orderDeal'
  | 'orderPackage'
  | 'orderProduct'
  | 'ticket'
  | 'ledgerEntry'
  | 'availability'
  | 'pickupPoint'
  | 'poll'
  | 'pollOption'
  | 'media';

const LABEL: Record<Kind, string> = {
  partner: 'partner',
  offer: 'offer',
  faq: 'FAQ',
  deal: 'deal',
  venue: 'venue',
  category: 'category',
  product: 'product',
  rewardItem: 'reward item',
  attribute: 'attribute',
  package: 'package',
  perk: 'perk',
  partnerUser: 'partner user',
  pass: 'pass',
  passLink: 'pass link',
  assignment: 'assignment',
  module: 'module',
  message: 'message',
  messageList: 'message list',
  subscription: 'subscription',
  order: 'order',
  orderItem: 'order item',
  orderDeal: 'order deal',
  orderPackage: 'order package',
  orderProduct: 'order product',
  ticket: 'ticket',
  ledgerEntry: 'points ledger entry',
  availability: 'availability',
  pickupPoint: 'pickup point',
  poll: 'poll',
  pollOption: 'poll option',
  media: 'media item',
};

interface Located<T> {
  value: T;
  path: string;
}

/** Relation id lists in module data and the entity each one names. */
const MODULE_RELATIONS: Record<string, Kind> = {
  venues: 'venue',
  categories: 'category',
  media: 'media',
  perks: 'perk',
  deals: 'deal',
  products: 'product',
  packages: 'package',
  rewardItems: 'rewardItem',
  sorted: 'rewardItem',
};

const ASSIGNMENT_TARGET: Record<string, Kind> = {
  offer: 'offer',
  deal: 'deal',
  venue: 'venue',
  product: 'product',
};

/** Keys whose string values are dates in pass-import/1. */
const DATE_KEYS = new Set([
  'points_valid_until',
  'created_at',
  'delivered_at',
  'read_at',
  'purchased_at',
  'redeemed',
  'completed',
  'end_date',
  'expire_date',
  'duplicate_date',
  'value_date',
  'expires_at',
  'date',
  'closes_at',
  'voted_at',
]);

/** Keys whose `media/<file>` values are files next to the JSON document. */
export const MEDIA_KEYS = new Set(['url', 'image', 'poster', 'logo']);
export const MEDIA_FILE = /^media\/([a-z0-9][a-z0-9._-]*)$/;

const MIN_TOKEN_LENGTH = 24;

class DocumentChecker {
  readonly errors: ImportIssue[] = [];
  readonly warnings: ImportIssue[] = [];
  private readonly index = new Map<Kind, Map<number, Located<unknown>>>();
  /** `${partner_user_id}:${offer_id}` of every pass. */
  private readonly holds = new Set<string>();

  constructor(
    private readonly doc: PassDocument,
    private readonly baseDir: string,
    private readonly now: Date,
  ) {}

  run(): void {
    this.registerAll();
    this.checkCatalogue();
    this.checkUsersAndLinks();
    this.checkModules();
    this.checkMessages();
    this.checkOrders();
    this.checkLedger();
    this.checkAvailabilityAndPolls();
    this.checkDates();
    this.checkMediaFiles();
  }

  // ---- helpers

  private error(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  private register<T extends { id: number }>(kind: Kind, items: Array<Located<T>>): void {
    let map = this.index.get(kind);
    if (!map) {
      map = new Map();
      this.index.set(kind, map);
    }
    for (const item of items) {
      const first = map.get(item.value.id);
      if (first) {
        const where = kind === 'media' ? ' (media ids are unique across the whole document)' : '';
        this.error(
          `${item.path}.id`,
          `duplicate ${LABEL[kind]} id ${item.value.id}${where}; first used at ${first.path}`,
        );
      } else {
        map.set(item.value.id, item);
      }
    }
  }

  private get<T>(kind: Kind, id: number | null | undefined): T | undefined {
    if (id === null || id === undefined) return undefined;
    return this.index.get(kind)?.get(id)?.value as T | undefined;
  }

  /** Checks that `id` names an existing `kind`; returns it. `null`/absent is fine unless `required`. */
  private ref<T>(kind: Kind, id: number | null | undefined, path: string, required = false): T | undefined {
    if (id === null || id === undefined) {
      if (required) this.error(path, `a ${LABEL[kind]} id is required here`);
      return undefined;
    }
    const found = this.get<T>(kind, id);
    if (found === undefined) this.error(path, `no ${LABEL[kind]} with id ${id}`);
    return found;
  }

  private refs(kind: Kind, ids: number[] | undefined, path: string): void {
    (ids ?? []).forEach((id, i) => {
      this.ref(kind, id, pathStep(path, i));
    });
  }

  private checkTimeZone(timeZone: string, path: string): void {
    if (!isKnownTimeZone(timeZone))
      this.error(path, `unknown time zone "${timeZone}" (use an IANA name like America/Chicago)`);
  }

  /** A support address is put in a header as it is: it must be one the mail module can send to. */
  private checkSupportEmail(address: string | null | undefined, path: string): void {
    if (address != null && !isMailAddress(address)) {
      this.error(path, `${JSON.stringify(address)} is not an e-mail address that can be sent to`);
    }
  }

  // ---- ids

  private registerAll(): void {
    const d = this.doc;
    const at = <T>(key: string, list: T[] | undefined): Array<Located<T>> =>
      (list ?? []).map((value, i) => ({ value, path: `$.${key}[${i}]` }));
    const nested = <P, C>(
      parents: Array<Located<P>>,
      key: string,
      pick: (parent: P) => C[] | undefined,
    ): Array<Located<C>> =>
      parents.flatMap((p) =>
        (pick(p.value) ?? []).map((value, i) => ({ value, path: `${p.path}.${key}[${i}]` })),
      );

    const offers = at('offers', d.offers);
    const rewardItems = at('rewardItems', d.rewardItems);
    const orders = at('orders', d.orders);
    const availability = at('availability', d.availability);
    const polls = at('polls', d.polls);
    const orderProducts = nested(orders, 'orderProducts', (o) => o.orderProducts);

    this.register('partner', at('partners', d.partners));
    this.register('offer', offers);
    this.register(
      'faq',
      nested(offers, 'faqs', (o) => o.faqs),
    );
    this.register('deal', at('deals', d.deals));
    this.register('venue', at('venues', d.venues));
    this.register('category', at('categories', d.categories));
    this.register('product', at('products', d.products));
    this.register('rewardItem', rewardItems);
    this.register(
      'attribute',
      nested(rewardItems, 'attributes', (r) => r.attributes),
    );
    this.register('package', at('packages', d.packages));
    this.register('perk', at('perks', d.perks));
    this.register('partnerUser', at('partnerUsers', d.partnerUsers));
    this.register('pass', at('passes', d.passes));
    this.register('passLink', at('passLinks', d.passLinks));
    this.register('assignment', at('assignments', d.assignments));
    this.register('module', at('modules', d.modules));
    this.register('message', at('messages', d.messages));
    this.register('messageList', at('messageLists', d.messageLists));
    this.register('subscription', at('subscriptions', d.subscriptions));
    this.register('order', orders);
    this.register(
      'orderItem',
      nested(orders, 'items', (o) => o.items),
    );
    this.register(
      'orderDeal',
      nested(orders, 'orderDeals', (o) => o.orderDeals),
    );
    this.register(
      'orderPackage',
      nested(orders, 'orderPackages', (o) => o.orderPackages),
    );
    this.register('orderProduct', orderProducts);
    this.register(
      'ticket',
      orderProducts.flatMap((op) =>
        op.value.ticket ? [{ value: op.value.ticket, path: `${op.path}.ticket` }] : [],
      ),
    );
    this.register('ledgerEntry', at('pointsLedger', d.pointsLedger));
    this.register('availability', availability);
    this.register(
      'pickupPoint',
      nested(availability, 'pickup_points', (a) => a.pickup_points),
    );
    this.register('poll', polls);
    this.register(
      'pollOption',
      nested(polls, 'options', (p) => p.options),
    );
    this.register('media', collectMediaItems(d));
  }

  // ---- offers, deals, venues, products, rewards

  private checkCatalogue(): void {
    const d = this.doc;
    d.partners.forEach((p, i) => {
      this.checkTimeZone(p.timezone, `$.partners[${i}].timezone`);
      this.checkSupportEmail(p.support_email, `$.partners[${i}].support_email`);
    });
    d.offers.forEach((o, i) => {
      this.ref('partner', o.partner_id, `$.offers[${i}].partner_id`);
      this.checkSupportEmail(o.support_email, `$.offers[${i}].support_email`);
    });
    d.deals.forEach((deal, i) => {
      this.ref('offer', deal.offer_id, `$.deals[${i}].offer_id`);
      this.refs('venue', deal.venue_ids, `$.deals[${i}].venue_ids`);
    });
    d.venues.forEach((v, i) => {
      this.refs('category', v.categories, `$.venues[${i}].categories`);
      if (v.opening_hours)
        this.checkTimeZone(v.opening_hours.timezone, `$.venues[${i}].opening_hours.timezone`);
      this.checkOpeningHoursNote(v, `$.venues[${i}]`);
    });
    d.products.forEach((p, i) => {
      const at = `$.products[${i}]`;
      this.ref('offer', p.offer_id, `${at}.offer_id`);
      this.ref('venue', p.venue_id, `${at}.venue_id`);
      if (p.deal_id !== 0) {
        const deal = this.ref<{ offer_id: number; venue_ids: number[] }>('deal', p.deal_id, `${at}.deal_id`);
        if (deal && deal.offer_id !== p.offer_id) {
          this.error(
            `${at}.deal_id`,
            `deal ${p.deal_id} belongs to offer ${deal.offer_id}, not to offer ${p.offer_id}`,
          );
        }
      }
      if (p.repeat && !((p.repeat_delay ?? 0) > 0 && p.repeat_delay_type)) {
        this.error(`${at}.repeat`, 'a repeating product needs repeat_delay > 0 and repeat_delay_type');
      }
    });
    (d.packages ?? []).forEach((p, i) => {
      this.ref('offer', p.offer_id, `$.packages[${i}].offer_id`);
      this.refs('product', p.product_ids, `$.packages[${i}].product_ids`);
    });
    (d.perks ?? []).forEach((p, i) => {
      this.ref('offer', p.offer_id, `$.perks[${i}].offer_id`);
      this.ref('venue', p.venue_id, `$.perks[${i}].venue_id`);
    });
    (d.rewardItems ?? []).forEach((r, i) => {
      const at = `$.rewardItems[${i}]`;
      this.ref('offer', r.offer_id, `${at}.offer_id`);
      const deal = this.ref<{ offer_id: number }>('deal', r.deal_id, `${at}.deal_id`);
      if (deal && deal.offer_id !== r.offer_id) {
        this.error(
          `${at}.deal_id`,
          `deal ${r.deal_id} belongs to offer ${deal.offer_id}, not to offer ${r.offer_id}`,
        );
      }
      this.ref('venue', r.venue_id, `${at}.venue_id`);
      this.ref('package', r.package_id, `${at}.package_id`, r.type === 'package');
      this.ref('deal', r.grants_deal_id, `${at}.grants_deal_id`, r.type === 'deal');
      if (!r.shipped && !r.picked_up) this.error(at, 'a reward item must be shipped, picked_up or both');
      if ((r.attributes ?? []).length === 0 && typeof r.retail_price !== 'number') {
        this.error(`${at}.retail_price`, 'a reward item without attributes needs a retail_price');
      }
      for (const key of Object.keys(r.ticketsAvailable ?? {})) {
        if (key !== '0' && !(r.attributes ?? []).some((a) => String(a.id) === key)) {
          this.error(
            pathStep(`${at}.ticketsAvailable`, key),
            `${key} is not an attribute id of this reward item (or 0)`,
          );
        }
      }
    });
  }

  // ---- users, passes, links

  private checkUsersAndLinks(): void {
    const d = this.doc;
    const emails = new Map<string, string>();
    d.partnerUsers.forEach((u, i) => {
      const at = `$.partnerUsers[${i}]`;
      this.ref('partner', u.partner_id, `${at}.partner_id`);
      const key = `${u.partner_id}:${u.email.toLowerCase()}`;
      const first = emails.get(key);
      if (first) this.error(`${at}.email`, `e-mail ${u.email} is already used by ${first} (same partner)`);
      else emails.set(key, at);
    });
    d.passes.forEach((p, i) => {
      const at = `$.passes[${i}]`;
      const user = this.ref<{ partner_id: number }>(
        'partnerUser',
        p.partner_user_id,
        `${at}.partner_user_id`,
      );
      const offer = this.ref<{ partner_id: number }>('offer', p.offer_id, `${at}.offer_id`);
      if (user && offer && user.partner_id !== offer.partner_id) {
        this.error(
          at,
          `partner user ${p.partner_user_id} and offer ${p.offer_id} belong to different partners`,
        );
      }
      const key = `${p.partner_user_id}:${p.offer_id}`;
      if (this.holds.has(key))
        this.error(at, `partner user ${p.partner_user_id} already holds offer ${p.offer_id}`);
      this.holds.add(key);
    });
    const tokens = new Map<string, string>();
    d.passLinks.forEach((l, i) => {
      const at = `$.passLinks[${i}]`;
      if (l.token.length < MIN_TOKEN_LENGTH) {
        this.error(`${at}.token`, `must be at least ${MIN_TOKEN_LENGTH} characters long`);
      }
      const first = tokens.get(l.token);
      if (first) this.error(`${at}.token`, `duplicate token; first used at ${first}`);
      else tokens.set(l.token, at);
      this.ref('offer', l.offer_id, `${at}.offer_id`, !l.isUnregisteredLink);
      this.ref('partnerUser', l.partner_user_id, `${at}.partner_user_id`);
      if (l.signed_in !== (l.partner_user_id !== null)) {
        this.error(`${at}.signed_in`, 'must be true exactly when partner_user_id is set');
      }
      if (l.public && l.partner_user_id !== null) {
        this.error(
          `${at}.public`,
          'a public link is opened by many people, so it must be signed out: leave partner_user_id null',
        );
      }
      if (l.public && (l.isPreview || l.isUnregisteredLink)) {
        this.error(
          `${at}.public`,
          'only a signed-out pass link can be public; a preview or unregistered link is never signed in to',
        );
      }
      if (
        l.partner_user_id !== null &&
        l.offer_id !== null &&
        !this.holds.has(`${l.partner_user_id}:${l.offer_id}`)
      ) {
        this.error(
          `${at}.partner_user_id`,
          `partner user ${l.partner_user_id} does not hold offer ${l.offer_id}`,
        );
      }
      if (l.isPreview) {
        if (!l.previewType)
          this.error(`${at}.previewType`, 'a preview link needs previewType (product or venue)');
        else this.ref(l.previewType, l.previewTypeId, `${at}.previewTypeId`, true);
        this.ref('deal', l.previewDealId, `${at}.previewDealId`);
      }
      if (l.isUnregisteredLink) this.ref('venue', l.venue_id, `${at}.venue_id`, true);
      else this.ref('venue', l.venue_id, `${at}.venue_id`);
      if (l.query?.submissionVenueId !== undefined) {
        this.ref('venue', l.query.submissionVenueId, `${at}.query.submissionVenueId`);
      }
      if (l.query?.dealId !== undefined) this.ref('deal', l.query.dealId, `${at}.query.dealId`);
    });
  }

  // ---- assignments and modules

  private checkModules(): void {
    const d = this.doc;
    const usedBy = new Map<number, string>();
    const keys = new Map<string, string>();
    (d.assignments ?? []).forEach((a, i) => {
      const at = `$.assignments[${i}]`;
      const target = ASSIGNMENT_TARGET[a.type];
      if (target) this.ref(target, a.assignmentId, `${at}.assignmentId`);
      this.ref('offer', a.offer_id, `${at}.offer_id`);
      const key = `${a.type} ${a.assignmentId} at ${a.location}${a.unregistered ? ' (unregistered)' : ''} for offer ${a.offer_id ?? 'any'}`;
      const first = keys.get(key);
      if (first) this.error(at, `duplicate assignment: ${key} is also ${first}`);
      else keys.set(key, at);
      let previous: ModuleDoc | undefined;
      a.modules.forEach((moduleId, j) => {
        const path = `${at}.modules[${j}]`;
        const module = this.ref<ModuleDoc>('module', moduleId, path);
        const owner = usedBy.get(moduleId);
        if (owner) this.error(path, `module ${moduleId} is already used by ${owner}`);
        else usedBy.set(moduleId, at);
        if (module && previous && !(module.sort_order > previous.sort_order)) {
          this.error(
            path,
            `modules must be listed in ascending sort_order: module ${moduleId} (sort_order ${module.sort_order}) comes after module ${previous.id} (sort_order ${previous.sort_order})`,
          );
        }
        if (module) previous = module;
      });
    });
    (d.modules ?? []).forEach((m, i) => {
      const at = `$.modules[${i}]`;
      if (!usedBy.has(m.id)) this.error(`${at}.id`, `module ${m.id} is not listed in any assignment`);
      for (const [key, kind] of Object.entries(MODULE_RELATIONS)) {
        const ids = m.data[key];
        if (Array.isArray(ids)) this.refs(kind, ids as number[], `${at}.data.${key}`);
      }
      this.checkModuleTranslations(m, at);
    });
  }

  /**
   * Decision 0049: a module's translated data texts stand in for the original's, so they must have its
   * shape: `value` only where the original's is text (the rewards module's cap is a number), `fields` and
   * `items` as many as the original's, in its order, and `video` only where the original has one.
   */
  private checkModuleTranslations(m: ModuleDoc, at: string): void {
    for (const [language, text] of Object.entries(m.translations ?? {})) {
      const data = text?.data;
      if (!data) continue;
      const path = `${at}.translations.${language}.data`;
      if (data.value !== undefined && typeof m.data.value !== 'string') {
        this.error(`${path}.value`, 'translates a value the original does not have as text');
      }
      for (const key of ['fields', 'items'] as const) {
        const given = data[key];
        if (given === undefined) continue;
        const original = m.data[key];
        const length = Array.isArray(original) ? original.length : 0;
        if (given.length !== length) {
          this.error(
            `${path}.${key}`,
            `has ${given.length} ${key} where the original has ${length}: give one per original entry ({} keeps it)`,
          );
        }
      }
      if (data.video !== undefined && (m.data.video === null || typeof m.data.video !== 'object')) {
        this.error(`${path}.video`, 'translates a video the original does not have');
      }
    }
  }

  /**
   * Decision 0049: a venue's translated `opening_hours.note` stands in for the original's note, so the
   * original must have one (a note of its own under no hours, or under hours without a note, would show in
   * one language only).
   */
  private checkOpeningHoursNote(v: VenueDoc, at: string): void {
    for (const [language, text] of Object.entries(v.translations ?? {})) {
      if (text?.opening_hours?.note === undefined || typeof v.opening_hours?.note === 'string') continue;
      this.error(
        `${at}.translations.${language}.opening_hours.note`,
        v.opening_hours
          ? 'translates a note the original opening hours do not have'
          : 'translates a note of opening hours the venue does not have',
      );
    }
  }

  // ---- messages, mailing lists

  private checkMessages(): void {
    const d = this.doc;
    (d.messages ?? []).forEach((m, i) => {
      const at = `$.messages[${i}]`;
      this.ref('partnerUser', m.partner_user_id, `${at}.partner_user_id`);
      this.ref('offer', m.offer_id, `${at}.offer_id`);
      if (!this.holds.has(`${m.partner_user_id}:${m.offer_id}`)) {
        this.error(at, `partner user ${m.partner_user_id} does not hold offer ${m.offer_id}`);
      }
    });
    (d.messageLists ?? []).forEach((l, i) => {
      this.ref('partner', l.partner_id, `$.messageLists[${i}].partner_id`);
    });
    const pairs = new Map<string, string>();
    (d.subscriptions ?? []).forEach((s, i) => {
      const at = `$.subscriptions[${i}]`;
      const user = this.ref<{ partner_id: number }>(
        'partnerUser',
        s.partner_user_id,
        `${at}.partner_user_id`,
      );
      const list = this.ref<{ partner_id: number }>(
        'messageList',
        s.message_list_id,
        `${at}.message_list_id`,
      );
      if (user && list && user.partner_id !== list.partner_id) {
        this.error(
          `${at}.message_list_id`,
          `message list ${s.message_list_id} belongs to another partner than the user`,
        );
      }
      const key = `${s.partner_user_id}:${s.message_list_id}`;
      const first = pairs.get(key);
      if (first)
        this.error(
          at,
          `partner user ${s.partner_user_id} is already subscribed to list ${s.message_list_id} at ${first}`,
        );
      else pairs.set(key, at);
    });
  }

  // ---- orders

  private checkOrders(): void {
    (this.doc.orders ?? []).forEach((o, i) => {
      this.checkOrder(o, `$.orders[${i}]`);
    });
  }

  private checkOrder(o: OrderDoc, at: string): void {
    this.ref('offer', o.offer_id, `${at}.offer_id`);
    this.ref('partnerUser', o.partner_user_id, `${at}.partner_user_id`);
    if (!this.holds.has(`${o.partner_user_id}:${o.offer_id}`)) {
      this.error(at, `partner user ${o.partner_user_id} does not hold offer ${o.offer_id}`);
    }
    this.ref('deal', o.deal_id, `${at}.deal_id`);
    o.items.forEach((item, j) => {
      const itemAt = `${at}.items[${j}]`;
      if (item.reward_item_id !== null && item.reward_item_id !== undefined) {
        const reward = this.ref<{ id: number; type: string; offer_id: number }>(
          'rewardItem',
          item.reward_item_id,
          `${itemAt}.reward_item_id`,
        );
        if (reward && (item.parent.id !== reward.id || item.parent.type !== reward.type)) {
          this.error(
            `${itemAt}.parent`,
            `must be {id: ${reward.id}, type: "${reward.type}"}, the reward item`,
          );
        }
        if (reward && reward.offer_id !== o.offer_id) {
          this.error(`${itemAt}.reward_item_id`, `reward item ${reward.id} belongs to another offer`);
        }
      } else {
        this.ref(item.parent.type, item.parent.id, `${itemAt}.parent.id`);
      }
      this.ref('venue', item.venue_id, `${itemAt}.venue_id`);
      if (item.attribute) {
        const attribute = this.ref('attribute', item.attribute.id, `${itemAt}.attribute.id`);
        if (attribute && item.reward_item_id != null) {
          const reward = this.get<{ attributes?: Array<{ id: number }> }>('rewardItem', item.reward_item_id);
          if (reward && !(reward.attributes ?? []).some((a) => a.id === item.attribute?.id)) {
            this.error(
              `${itemAt}.attribute.id`,
              `attribute ${item.attribute.id} is not an attribute of reward item ${item.reward_item_id}`,
            );
          }
        }
      }
    });
    o.orderDeals.forEach((od, j) => {
      this.ref('deal', od.deal_id, `${at}.orderDeals[${j}].deal_id`);
    });
    o.orderPackages.forEach((op, j) => {
      this.ref('package', op.package_id, `${at}.orderPackages[${j}].package_id`);
    });
    o.orderProducts.forEach((op, j) => {
      const opAt = `${at}.orderProducts[${j}]`;
      const product = this.ref<{ deal_id: number }>('product', op.product_id, `${opAt}.product_id`);
      if (product && product.deal_id !== op.deal_id) {
        this.error(`${opAt}.deal_id`, `must be ${product.deal_id}, the deal of product ${op.product_id}`);
      }
      if (op.deal_id === 0) {
        if (op.order_deal_id !== null)
          this.error(`${opAt}.order_deal_id`, 'must be null for a standalone product (deal_id 0)');
      } else {
        const orderDeal = o.orderDeals.find((od) => od.id === op.order_deal_id);
        if (!orderDeal) {
          this.error(
            `${opAt}.order_deal_id`,
            `must be the id of one of this order's orderDeals (for deal ${op.deal_id})`,
          );
        } else if (orderDeal.deal_id !== op.deal_id) {
          this.error(
            `${opAt}.order_deal_id`,
            `order deal ${orderDeal.id} is for deal ${orderDeal.deal_id}, not ${op.deal_id}`,
          );
        }
      }
      if (op.ticket && op.ticket.order_product_id !== op.id) {
        this.error(`${opAt}.ticket.order_product_id`, `must be ${op.id}, the order product it belongs to`);
      }
    });
  }

  // ---- points

  private checkLedger(): void {
    const entries = (this.doc.pointsLedger ?? []).map((value, i) => ({
      value,
      path: `$.pointsLedger[${i}]`,
    }));
    for (const { value: e, path: at } of entries) {
      this.ref('partnerUser', e.partner_user_id, `${at}.partner_user_id`);
      this.ref('offer', e.offer_id, `${at}.offer_id`);
      const deal = this.ref<{ offer_id: number }>('deal', e.deal_id, `${at}.deal_id`);
      if (deal && deal.offer_id !== e.offer_id) {
        this.error(
          `${at}.deal_id`,
          `deal ${e.deal_id} belongs to offer ${deal.offer_id}, not to offer ${e.offer_id}`,
        );
      }
      if (!this.holds.has(`${e.partner_user_id}:${e.offer_id}`)) {
        this.error(at, `partner user ${e.partner_user_id} does not hold offer ${e.offer_id}`);
      }
      const order = this.ref<OrderDoc>('order', e.order_id, `${at}.order_id`);
      if (order && (order.partner_user_id !== e.partner_user_id || order.offer_id !== e.offer_id)) {
        this.error(`${at}.order_id`, `order ${order.id} belongs to another user or offer`);
      }
      this.ref('orderProduct', e.order_product_id, `${at}.order_product_id`);
      if (e.redeemed) {
        const item = this.ref('orderItem', e.redeemed.id, `${at}.redeemed.id`);
        if (item && !order?.items.some((it) => it.id === e.redeemed?.id)) {
          this.error(
            `${at}.redeemed.id`,
            `order item ${e.redeemed.id} is not an item of order_id ${e.order_id ?? 'null'}`,
          );
        }
      }
    }
    // balance is the running sum per (user, offer, deal), in value_date order (dates checked in checkDates).
    const scopes = new Map<string, typeof entries>();
    for (const entry of entries) {
      const key = `${entry.value.partner_user_id}:${entry.value.offer_id}:${entry.value.deal_id}`;
      scopes.set(key, [...(scopes.get(key) ?? []), entry]);
    }
    const order = (s: string) => (dateProblem(s) ? 0 : resolveDate(s, this.now).getTime());
    for (const list of scopes.values()) {
      list.sort((a, b) => order(a.value.value_date) - order(b.value.value_date) || a.value.id - b.value.id);
      let balance = 0;
      for (const { value: e, path: at } of list) {
        balance += e.points;
        if (e.balance !== balance) {
          this.error(
            `${at}.balance`,
            `must be ${balance}, the running sum of points for this user, offer and deal`,
          );
        }
      }
    }
  }

  // ---- availability, polls

  private checkAvailabilityAndPolls(): void {
    (this.doc.availability ?? []).forEach((a, i) => {
      const at = `$.availability[${i}]`;
      if ((a.reward_item_id === null) === (a.product_id === null)) {
        this.error(at, 'set exactly one of reward_item_id and product_id');
      }
      this.ref('rewardItem', a.reward_item_id, `${at}.reward_item_id`);
      this.ref('product', a.product_id, `${at}.product_id`);
      this.checkTimeZone(a.timezone, `${at}.timezone`);
      a.pickup_points.forEach((p, j) => {
        this.ref('venue', p.venue_id, `${at}.pickup_points[${j}].venue_id`);
      });
      a.dates.forEach((date, j) => {
        const id = date.pickup_point_id;
        if (id !== null && id !== undefined && !a.pickup_points.some((p) => p.id === id)) {
          this.error(
            `${at}.dates[${j}].pickup_point_id`,
            `no pickup point with id ${id} in this availability`,
          );
        }
      });
    });
    (this.doc.polls ?? []).forEach((p, i) => {
      const at = `$.polls[${i}]`;
      this.ref('deal', p.deal_id, `${at}.deal_id`);
      p.options.forEach((o, j) => {
        this.ref('venue', o.venue_id, `${at}.options[${j}].venue_id`);
      });
      // One ballot per user and poll: the database enforces it (a unique index the vote route relies on),
      // so a second one here would fail the import's insert instead of naming the line.
      const firstBallotOf = new Map<number, number>();
      (p.ballots ?? []).forEach((b, j) => {
        this.ref('partnerUser', b.partner_user_id, `${at}.ballots[${j}].partner_user_id`);
        if (!p.options.some((o) => o.id === b.option_id)) {
          this.error(`${at}.ballots[${j}].option_id`, `no option with id ${b.option_id} in this poll`);
        }
        const first = firstBallotOf.get(b.partner_user_id);
        if (first === undefined) {
          firstBallotOf.set(b.partner_user_id, j);
        } else {
          this.error(
            `${at}.ballots[${j}].partner_user_id`,
            `duplicate ballot of partner user ${b.partner_user_id} (one per user and poll); first at ${at}.ballots[${first}]`,
          );
        }
      });
    });
  }

  // ---- every date string; every media file

  private checkDates(): void {
    walk(this.doc, '$', (value, key, path) => {
      if (typeof value !== 'string' || key === undefined || !DATE_KEYS.has(key)) return;
      const problem = dateProblem(value);
      if (problem) this.error(path, problem);
    });
  }

  private checkMediaFiles(): void {
    walk(this.doc, '$', (value, key, at) => {
      if (typeof value !== 'string' || key === undefined || !MEDIA_KEYS.has(key)) return;
      const match = MEDIA_FILE.exec(value);
      if (!match?.[1]) return;
      if (!isFile(path.join(this.baseDir, 'media', match[1]))) {
        this.warnings.push({
          path: at,
          message: `media file ${value} not found next to the JSON file; the URL is kept and the app shows its default picture`,
        });
      }
    });
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Calls `visit` for every value in the document with its key (undefined in arrays) and JSON path. */
export function walk(
  value: unknown,
  path: string,
  visit: (value: unknown, key: string | undefined, path: string) => void,
  key?: string,
): void {
  visit(value, key, path);
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      walk(item, pathStep(path, i), visit, key);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, pathStep(path, k), visit, k);
  }
}

/** Every media item ({id, location, name, url}) of the document, wherever a `media` list holds objects. */
export function collectMediaItems(doc: unknown): Array<Located<MediaItemDoc>> {
  const items: Array<Located<MediaItemDoc>> = [];
  walk(doc, '$', (value, key, path) => {
    if (key !== 'media' || !Array.isArray(value)) return;
    value.forEach((item, i) => {
      if (item !== null && typeof item === 'object')
        items.push({ value: item as MediaItemDoc, path: pathStep(path, i) });
    });
  });
  return items;
}
