import { calendarDateIn } from '../../db/import/dates';
import type {
  AvailabilityDoc,
  MediaItemDoc,
  ModuleDoc,
  OfferDoc,
  PassDocument,
  PollDoc,
  RewardItemDoc,
} from '../../db/import/document';
import { MEDIA_KEYS } from '../../db/import/validate';
import type { MediaOwnerType, Translations } from '../../db/schema';
import type { ExportRows } from './repository';

/**
 * An offer's content rows (repository.ts) as a pass-import/1 document: the inverse of the importer's
 * buildRows (db/import/rows.ts) for one offer, pure, so that the same rows always give the same document
 * (decision 0046). Objects have the schema's keys in the schema's order; top-level lists are sorted by id,
 * lists whose order the importer keeps as `position` (FAQs, media, options, pickup points, dates) stay in
 * that order, as do id lists (`venue_ids`, `categories`, `modules`, ...), which are stored as given.
 * Dates are ISO 8601 UTC; holder data is left out as empty lists.
 */

export interface ExportOptions {
  /** The prefix the importer gave copied files (`/pass/media/`): such URLs become `media/<file>` again. */
  mediaUrlPrefix: string;
}

export interface ExportDocument {
  document: PassDocument;
  /** The `media/<file>` names the document points to, sorted: the files the zip should carry. */
  mediaFiles: string[];
}

/** A file name the importer accepts after `media/` (validate.ts MEDIA_FILE). */
const MEDIA_FILE_NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** `2026-11-28T09:20:06Z` (milliseconds only when there are some): a date the format reads back exactly. */
export function isoUtc(at: Date): string {
  return at.toISOString().replace('.000Z', 'Z');
}
const isoOrNull = (at: Date | null): string | null => (at === null ? null : isoUtc(at));

/**
 * An instant whose calendar date in `timeZone` is `day` (YYYY-MM-DD): the importer keeps only that date of
 * an availability date (calendarDateIn). Noon UTC is that day from UTC-12 to UTC+11; further east, midnight
 * UTC is (13:00 or 14:00 there).
 */
export function instantOfDay(day: string, timeZone: string): string {
  for (const time of ['12:00:00', '00:00:00']) {
    const candidate = `${day}T${time}Z`;
    if (calendarDateIn(new Date(candidate), timeZone) === day) return candidate;
  }
  throw new Error(`no instant of ${day} in ${timeZone}`);
}

/** Copy of `value` with `keys` first, in that order, then any other keys as they were (jsonb sorts keys). */
function ordered<T>(value: T, keys: readonly string[]): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(source, key)) out[key] = source[key];
  for (const [key, child] of Object.entries(source)) if (!Object.hasOwn(out, key)) out[key] = child;
  return out as T;
}

/** Decision 0049: the languages a translation is given in, in the order the export writes them. */
const TRANSLATION_ORDER = ['es', 'fr', 'de'] as const;

/**
 * A record's stored translations as the document writes them: languages in TRANSLATION_ORDER, each one's
 * fields in `fields`' order (the schema's); `{}` when nothing is wanted from the key. Null stays out.
 */
function translationsOf(
  value: Translations | null | undefined,
  fields: readonly string[],
  inner: (text: Record<string, unknown>) => Record<string, unknown> = (text) => text,
): { translations?: never } {
  if (value === null || value === undefined) return {};
  const out: Record<string, unknown> = {};
  for (const language of TRANSLATION_ORDER) {
    const text = value[language];
    if (text !== undefined) out[language] = inner(ordered(text, fields));
  }
  for (const [language, text] of Object.entries(value))
    if (!Object.hasOwn(out, language)) out[language] = text;
  return { translations: out as never };
}

/** A module's translations: name, data (label, notes, value, fields, items, video), settings (label). */
function moduleTranslationsOf(value: Translations | null | undefined) {
  return translationsOf(value, ['name', 'data', 'settings'], (text) => {
    const out = { ...text };
    if (out.data !== undefined) {
      const data = ordered(out.data as Record<string, unknown>, [
        'label',
        'notes',
        'value',
        'fields',
        'items',
        'video',
      ]);
      if (Array.isArray(data.fields))
        data.fields = data.fields.map((item) => ordered(item, ['label', 'value']));
      if (Array.isArray(data.items)) data.items = data.items.map((item) => ordered(item, ['title', 'text']));
      out.data = data;
    }
    return out;
  });
}

const MODULE_DATA_KEYS = [
  'fields',
  'items',
  'label',
  'notes',
  'value',
  'media',
  'sorted',
  'perks',
  'video',
  'venues',
  'categories',
  'deals',
  'products',
  'packages',
  'rewardItems',
] as const;

export function buildExportDocument(rows: ExportRows, opts: ExportOptions): ExportDocument {
  const files = new Set<string>();

  /** The importer's url() backwards: `/pass/media/<file>` is `media/<file>` again; anything else stays. */
  const url = (value: string): string => {
    if (!value.startsWith(opts.mediaUrlPrefix)) return value;
    const file = value.slice(opts.mediaUrlPrefix.length);
    if (!MEDIA_FILE_NAME.test(file)) return value;
    files.add(file);
    return `media/${file}`;
  };
  const optionalUrl = (value: string | null): string | null => (value === null ? null : url(value));
  /** rewriteDeep backwards: string values of `url`, `image`, `poster` and `logo` keys, at any depth. */
  const unrewriteDeep = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key !== undefined && MEDIA_KEYS.has(key) ? url(value) : value;
    if (Array.isArray(value)) return value.map((item) => unrewriteDeep(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unrewriteDeep(v, k)]));
    }
    return value;
  };

  const mediaOf = (type: MediaOwnerType, id: number): MediaItemDoc[] =>
    rows.media
      .filter((m) => m.owner_type === type && m.owner_id === id)
      .map((m) => ({ id: m.id, location: m.location, name: m.name, url: url(m.url) }));

  const { partner, offer } = rows;

  const offerDoc: OfferDoc = {
    id: offer.id,
    partner_id: offer.partner_id,
    name: offer.name,
    description: offer.description,
    highlights: offer.highlights,
    signup_url: offer.signup_url,
    media: mediaOf('offer', offer.id),
    styles: offer.styles,
    use_points: offer.use_points,
    points_ratio: offer.points_ratio,
    gifting: offer.gifting,
    support_phone: offer.support_phone,
    support_text: offer.support_text,
    support_email: offer.support_email,
    bablic_snippet: offer.bablic_snippet,
    points_valid_until: isoOrNull(offer.points_valid_until),
    faqs: rows.faqs.map((f) => ({
      id: f.id,
      code: f.code,
      question: f.question,
      answer: f.answer,
      showOnMobilePass: f.show_on_mobile_pass,
      icon: f.icon,
      ...translationsOf(f.translations, ['question', 'answer']),
    })),
    login_verification: offer.login_verification,
    ...translationsOf(offer.translations, ['name', 'description', 'highlights', 'support_text']),
  };

  const rewardItems: RewardItemDoc[] = rows.rewardItems.map((r) => ({
    id: r.id,
    offer_id: r.offer_id,
    deal_id: r.deal_id,
    type: r.type as RewardItemDoc['type'],
    name: r.name,
    description: r.description,
    attributes: rows.attributes
      .filter((a) => a.reward_item_id === r.id)
      .map((a) => ({
        id: a.id,
        name: a.name,
        retail_price: Number(a.retail_price),
        ...translationsOf(a.translations, ['name']),
      })),
    retail_price: r.retail_price === null ? null : Number(r.retail_price),
    shipped: r.shipped,
    picked_up: r.picked_up,
    shipping_details: r.shipping_details,
    pickup_instructions: r.pickup_instructions,
    giftable: r.giftable,
    // What can still be claimed now; a count below 0 (more completed than the count allowed) is none left.
    ticketsAvailable:
      r.tickets_available === null
        ? null
        : Object.fromEntries(
            Object.entries(r.tickets_available).map(([key, left]) => [
              key,
              left === null ? null : Math.max(0, left),
            ]),
          ),
    venue_id: r.venue_id,
    redemption_validation: r.redemption_validation,
    package_id: r.package_id,
    grants_deal_id: r.grants_deal_id,
    media: mediaOf('reward_item', r.id),
    ...translationsOf(r.translations, ['name', 'description', 'shipping_details', 'pickup_instructions']),
  }));

  const modules: ModuleDoc[] = rows.modules.map((m) => {
    const doc: ModuleDoc = {
      id: m.id,
      type: m.type,
      name: m.name,
      sort_order: m.sort_order,
      data: moduleData(unrewriteDeep(m.data) as Record<string, unknown>),
    };
    // Omitted in the import means null here; the format has no null for it.
    if (m.settings !== null) doc.settings = ordered(m.settings, ['label', 'notes']);
    return { ...doc, ...moduleTranslationsOf(m.translations) };
  });

  const availability: AvailabilityDoc[] = rows.availability.map((a) => ({
    id: a.id,
    reward_item_id: a.reward_item_id,
    product_id: a.product_id,
    timezone: a.timezone,
    pickup_points: rows.pickupPoints
      .filter((p) => p.availability_id === a.id)
      .map((p) => ({
        id: p.id,
        venue_id: p.venue_id,
        name: p.name,
        ...translationsOf(p.translations, ['name']),
      })),
    dates: rows.availabilityDates
      .filter((d) => d.availability_id === a.id)
      .map((d) => ({
        date: instantOfDay(d.date, a.timezone),
        pickup_point_id: d.pickup_point_id,
        times: d.times,
      })),
  }));

  // Ballots are holders' votes and are left out; each option's count (imported, plus every vote since)
  // is the result the poll shows, and stays.
  const polls: PollDoc[] = rows.polls.map((p) => ({
    id: p.id,
    deal_id: p.deal_id,
    question: p.question,
    closes_at: isoOrNull(p.closes_at),
    options: rows.pollOptions
      .filter((o) => o.poll_id === p.id)
      .map((o) => ({
        id: o.id,
        label: o.label,
        venue_id: o.venue_id,
        votes: o.votes,
        ...translationsOf(o.translations, ['label']),
      })),
    ...translationsOf(p.translations, ['question']),
  }));

  const document: PassDocument = {
    format: 'pass-import/1',
    provider: { name: rows.provider.name, emailDomain: rows.provider.email_domain },
    partners: [
      {
        id: partner.id,
        name: partner.name,
        website: partner.website,
        timezone: partner.timezone,
        logo: optionalUrl(partner.logo),
        styles: partner.styles,
        support_email: partner.support_email,
        media: mediaOf('partner', partner.id),
      },
    ],
    offers: [offerDoc],
    deals: rows.deals.map((d) => ({
      id: d.id,
      offer_id: d.offer_id,
      name: d.name,
      use_points: d.use_points,
      venue_ids: d.venue_ids,
      max_product_redemptions: d.max_product_redemptions,
      points_valid_until: isoOrNull(d.points_valid_until),
      description: d.description,
      short_description: d.short_description,
      media: mediaOf('deal', d.id),
      ...translationsOf(d.translations, ['name', 'description', 'short_description']),
    })),
    venues: rows.venues.map((v) => ({
      id: v.id,
      name: v.name,
      address: v.address,
      google_place_id: v.google_place_id,
      latitude: v.latitude,
      longitude: v.longitude,
      pin: v.pin,
      phone: v.phone,
      website: v.website,
      description: v.description,
      short_description: v.short_description,
      categories: v.categories,
      media: mediaOf('venue', v.id),
      opening_hours:
        v.opening_hours === null
          ? null
          : ordered(
              {
                ...v.opening_hours,
                periods: v.opening_hours.periods.map((p) => ordered(p, ['day', 'open', 'close'])),
              },
              ['timezone', 'periods', 'note'],
            ),
      custom_fields: v.custom_fields,
      ...translationsOf(v.translations, ['name', 'description', 'short_description', 'opening_hours']),
    })),
    categories: rows.categories.map((c) => ({
      id: c.id,
      name: c.name,
      icon: c.icon,
      ...translationsOf(c.translations, ['name']),
    })),
    products: rows.products.map((p) => ({
      id: p.id,
      offer_id: p.offer_id,
      deal_id: p.deal_id,
      venue_id: p.venue_id,
      name: p.name,
      type: p.type,
      // Omitted in the import is 0 here, which the format cannot write (it asks for 1 or more).
      ...(p.redemptions === 0 ? {} : { redemptions: p.redemptions }),
      repeat: p.repeat,
      repeat_delay: p.repeat_delay,
      repeat_delay_type: p.repeat_delay_type as 'minutes' | 'hours' | 'days' | null,
      points_to_be_earned: p.points_to_be_earned,
      settings: p.settings,
      ticket_settings:
        p.ticket_settings === null
          ? null
          : {
              hide_ticket: ordered(
                Object.fromEntries(
                  Object.entries(p.ticket_settings.hide_ticket).map(([key, rule]) => [
                    key,
                    rule ? ordered(rule, ['amount', 'type']) : rule,
                  ]),
                ),
                ['after_redemption', 'after_expiration'],
              ),
            },
      information: p.information,
      short_information: p.short_information,
      restrictions: p.restrictions,
      frequency: p.frequency,
      description: p.description,
      short_description: p.short_description,
      media: mediaOf('product', p.id),
      custom_fields: p.custom_fields,
      ...translationsOf(p.translations, [
        'name',
        'information',
        'short_information',
        'restrictions',
        'frequency',
        'description',
        'short_description',
      ]),
    })),
    rewardItems,
    packages: rows.packages.map((p) => ({
      id: p.id,
      offer_id: p.offer_id,
      name: p.name,
      description: p.description,
      product_ids: p.product_ids,
      media: mediaOf('package', p.id),
      ...translationsOf(p.translations, ['name', 'description']),
    })),
    perks: rows.perks.map((p) => ({
      id: p.id,
      offer_id: p.offer_id,
      name: p.name,
      description: p.description,
      venue_id: p.venue_id,
      url: optionalUrl(p.url),
      media: mediaOf('perk', p.id),
      ...translationsOf(p.translations, ['name', 'description']),
    })),
    // Holders and everything of theirs: never part of an offer's content.
    partnerUsers: [],
    passes: [],
    // Links are holders' (or previews'), and the database keeps only their tokens' hashes.
    passLinks: [],
    assignments: rows.assignments.map((a) => ({
      id: a.id,
      type: a.type as 'offer' | 'deal' | 'venue' | 'product',
      assignmentId: a.assignment_id,
      location: a.location,
      offer_id: a.offer_id,
      unregistered: a.unregistered,
      modules: a.modules,
    })),
    modules,
    messages: [],
    messageLists: rows.messageLists.map((l) => ({
      id: l.id,
      partner_id: l.partner_id,
      name: l.name,
      description: l.description,
      ...translationsOf(l.translations, ['name', 'description']),
    })),
    subscriptions: [],
    orders: [],
    pointsLedger: [],
    availability,
    polls,
  };
  return { document, mediaFiles: [...files].sort() };
}

/** Module data with its keys in the schema's order, and those of its items, fields and video. */
function moduleData(data: Record<string, unknown>): Record<string, unknown> {
  const out = ordered(data, MODULE_DATA_KEYS);
  const list = (key: string, keys: readonly string[]) => {
    const value = out[key];
    if (Array.isArray(value)) out[key] = value.map((item) => ordered(item, keys));
  };
  list('fields', ['label', 'key', 'value']);
  list('items', ['title', 'text', 'image', 'url']);
  if (out.video !== undefined) out.video = ordered(out.video, ['url', 'poster', 'title']);
  return out;
}
