/**
 * Turns a validated pass-import/1 document into table rows: dates resolved against one `now`, media URLs
 * rewritten, tokens replaced by their hashes, nested lists flattened into their own tables.
 */
import type { MediaOwnerType } from '../schema.js';
import type { InsertRow, TableName } from '../tables.js';
import { hashToken } from '../tokens.js';
import { calendarDateIn, resolveDate } from './dates.js';
import type { MediaItemDoc, PassDocument } from './document.js';
import { MEDIA_FILE, MEDIA_KEYS } from './validate.js';

export type ImportRows = { [K in TableName]: Array<InsertRow<K>> };

export interface RowOptions {
  now: Date;
  /** URL prefix for files copied out of the document's media/ folder, e.g. `/pass/media/`. */
  mediaUrlPrefix: string;
}

export interface BuiltImport {
  rows: ImportRows;
  /** File names (under the document's media/ folder) that the rows now point to. */
  mediaFiles: Set<string>;
}

/** A draft order imported as the active cart is held this long from its purchased_at (spec 9). */
const CART_HOLD_MS = 10 * 60_000;

export function buildRows(doc: PassDocument, opts: RowOptions): BuiltImport {
  const { now } = opts;
  const mediaFiles = new Set<string>();

  const date = (value: string | null | undefined): Date | null =>
    value === null || value === undefined ? null : resolveDate(value, now);
  const url = (value: string): string => {
    const match = MEDIA_FILE.exec(value);
    if (!match?.[1]) return value;
    mediaFiles.add(match[1]);
    return `${opts.mediaUrlPrefix}${match[1]}`;
  };
  const optionalUrl = (value: string | null | undefined) =>
    value === null || value === undefined ? null : url(value);
  /** Deep copy with `url`, `image`, `poster` and `logo` values of the form media/<file> rewritten. */
  const rewriteDeep = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') return key !== undefined && MEDIA_KEYS.has(key) ? url(value) : value;
    if (Array.isArray(value)) return value.map((item) => rewriteDeep(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteDeep(v, k)]));
    }
    return value;
  };

  /**
   * Decision 0049: an entity's translations as given; a file without them writes the rows it always did
   * (the key is left out, the column's null).
   */
  const tr = <T extends object>(value: T | undefined) =>
    value === undefined ? {} : { translations: value as Record<string, Record<string, unknown>> };

  const rows: ImportRows = {
    provider_settings: [{ id: 1, name: doc.provider.name, email_domain: doc.provider.emailDomain }],
    partners: [],
    categories: [],
    venues: [],
    offers: [],
    faqs: [],
    deals: [],
    products: [],
    packages: [],
    reward_items: [],
    attributes: [],
    perks: [],
    media: [],
    partner_users: [],
    passes: [],
    pass_links: [],
    sessions: [],
    modules: [],
    assignments: [],
    messages: [],
    message_lists: [],
    subscriptions: [],
    orders: [],
    order_items: [],
    reward_stock_takes: [],
    order_deals: [],
    order_packages: [],
    order_products: [],
    tickets: [],
    points_ledger: [],
    availability: [],
    pickup_points: [],
    availability_dates: [],
    item_dates: [],
    polls: [],
    poll_options: [],
    ballots: [],
    page_views: [],
    ad_events: [],
    check_ins: [],
    pin_attempts: [],
    login_codes: [],
    suggestions: [],
    help_requests: [],
    error_reports: [],
    idempotency_keys: [],
  };

  const addMedia = (owner_type: MediaOwnerType, owner_id: number, items: MediaItemDoc[] | undefined) => {
    (items ?? []).forEach((m, position) => {
      rows.media.push({
        id: m.id,
        owner_type,
        owner_id,
        position,
        location: m.location ?? null,
        name: m.name ?? null,
        url: url(m.url),
      });
    });
  };

  for (const p of doc.partners) {
    rows.partners.push({
      id: p.id,
      name: p.name,
      website: p.website ?? null,
      timezone: p.timezone,
      logo: optionalUrl(p.logo),
      styles: p.styles ?? null,
      support_email: p.support_email ?? null,
    });
    addMedia('partner', p.id, p.media);
  }

  for (const c of doc.categories ?? [])
    rows.categories.push({ id: c.id, name: c.name, icon: c.icon ?? null, ...tr(c.translations) });

  for (const v of doc.venues) {
    rows.venues.push({
      id: v.id,
      name: v.name,
      address: v.address ?? null,
      google_place_id: v.google_place_id ?? null,
      latitude: v.latitude ?? null,
      longitude: v.longitude ?? null,
      pin: v.pin ?? null,
      phone: v.phone ?? null,
      website: v.website ?? null,
      description: v.description ?? null,
      short_description: v.short_description ?? null,
      categories: v.categories ?? [],
      opening_hours: v.opening_hours ?? null,
      custom_fields: v.custom_fields ?? {},
      ...tr(v.translations),
    });
    addMedia('venue', v.id, v.media);
  }

  for (const o of doc.offers) {
    rows.offers.push({
      id: o.id,
      partner_id: o.partner_id,
      name: o.name,
      description: o.description ?? null,
      highlights: o.highlights ?? null,
      signup_url: o.signup_url ?? null,
      styles: o.styles ?? null,
      use_points: o.use_points,
      points_ratio: o.points_ratio ?? null,
      gifting: o.gifting ?? false,
      login_verification: o.login_verification ?? 'none',
      support_phone: o.support_phone ?? null,
      support_text: o.support_text ?? null,
      support_email: o.support_email ?? null,
      bablic_snippet: o.bablic_snippet ?? null,
      points_valid_until: date(o.points_valid_until),
      ...tr(o.translations),
    });
    addMedia('offer', o.id, o.media);
    (o.faqs ?? []).forEach((f, position) => {
      rows.faqs.push({
        id: f.id,
        offer_id: o.id,
        position,
        code: f.code ?? null,
        question: f.question,
        answer: f.answer ?? null,
        show_on_mobile_pass: f.showOnMobilePass,
        icon: f.icon ?? null,
        ...tr(f.translations),
      });
    });
  }

  for (const d of doc.deals) {
    rows.deals.push({
      id: d.id,
      offer_id: d.offer_id,
      name: d.name,
      use_points: d.use_points,
      venue_ids: d.venue_ids,
      max_product_redemptions: d.max_product_redemptions ?? null,
      points_valid_until: date(d.points_valid_until),
      description: d.description ?? null,
      short_description: d.short_description ?? null,
      ...tr(d.translations),
    });
    addMedia('deal', d.id, d.media);
  }

  for (const p of doc.products) {
    rows.products.push({
      id: p.id,
      offer_id: p.offer_id,
      deal_id: p.deal_id,
      venue_id: p.venue_id ?? null,
      name: p.name,
      type: p.type,
      redemptions: p.redemptions ?? 0,
      repeat: p.repeat ?? false,
      repeat_delay: p.repeat_delay ?? null,
      repeat_delay_type: p.repeat_delay_type ?? null,
      points_to_be_earned: p.points_to_be_earned ?? 0,
      settings: p.settings ?? {},
      ticket_settings: p.ticket_settings ?? null,
      information: p.information ?? null,
      short_information: p.short_information ?? null,
      restrictions: p.restrictions ?? null,
      frequency: p.frequency ?? null,
      description: p.description ?? null,
      short_description: p.short_description ?? null,
      custom_fields: p.custom_fields ?? {},
      ...tr(p.translations),
    });
    addMedia('product', p.id, p.media);
  }

  for (const p of doc.packages ?? []) {
    rows.packages.push({
      id: p.id,
      offer_id: p.offer_id,
      name: p.name,
      description: p.description ?? null,
      product_ids: p.product_ids,
      ...tr(p.translations),
    });
    addMedia('package', p.id, p.media);
  }

  const giftableOfReward = new Map<number, boolean>();
  for (const r of doc.rewardItems ?? []) {
    giftableOfReward.set(r.id, r.giftable ?? false);
    rows.reward_items.push({
      id: r.id,
      offer_id: r.offer_id,
      deal_id: r.deal_id ?? null,
      type: r.type,
      name: r.name,
      description: r.description ?? null,
      retail_price: r.retail_price ?? null,
      shipped: r.shipped,
      picked_up: r.picked_up,
      shipping_details: r.shipping_details ?? null,
      pickup_instructions: r.pickup_instructions ?? null,
      giftable: r.giftable ?? false,
      tickets_available: r.ticketsAvailable ?? null,
      venue_id: r.venue_id ?? null,
      redemption_validation: r.redemption_validation ?? null,
      package_id: r.package_id ?? null,
      grants_deal_id: r.grants_deal_id ?? null,
      ...tr(r.translations),
    });
    (r.attributes ?? []).forEach((a, position) => {
      rows.attributes.push({
        id: a.id,
        reward_item_id: r.id,
        position,
        name: a.name,
        retail_price: a.retail_price,
        ...tr(a.translations),
      });
    });
    addMedia('reward_item', r.id, r.media);
  }

  for (const p of doc.perks ?? []) {
    rows.perks.push({
      id: p.id,
      offer_id: p.offer_id,
      name: p.name,
      description: p.description ?? null,
      venue_id: p.venue_id ?? null,
      url: optionalUrl(p.url),
      ...tr(p.translations),
    });
    addMedia('perk', p.id, p.media);
  }

  for (const u of doc.partnerUsers) {
    rows.partner_users.push({
      id: u.id,
      partner_id: u.partner_id,
      name: u.name,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      phone: u.phone ?? null,
      contact_permission: u.contact_permission ?? 0,
      address: u.address ?? null,
      address_2: u.address_2 ?? null,
      city: u.city ?? null,
      state: u.state ?? null,
      zip_code: u.zip_code ?? null,
      country: u.country ?? null,
    });
  }

  for (const p of doc.passes) {
    rows.passes.push({
      id: p.id,
      partner_user_id: p.partner_user_id,
      offer_id: p.offer_id,
      created_at: date(p.created_at) ?? now,
    });
  }

  for (const l of doc.passLinks) {
    const link = {
      offer_id: l.offer_id,
      partner_user_id: l.partner_user_id,
      path: l.path ?? null,
      is_preview: l.isPreview,
      preview_type: l.previewType ?? null,
      preview_type_id: l.previewTypeId ?? null,
      preview_deal_id: l.previewDealId ?? null,
      is_unregistered_link: l.isUnregisteredLink,
      venue_id: l.venue_id ?? null,
      query: l.query ?? {},
      is_public: l.public ?? false,
    };
    rows.pass_links.push({ id: l.id, label: l.label, signed_in: l.signed_in, ...link });
    rows.sessions.push({
      token_hash: hashToken(l.token),
      pass_link_id: l.id,
      label: l.label,
      created_at: now,
      updated_at: now,
      ...link,
    });
  }

  for (const m of doc.modules ?? []) {
    rows.modules.push({
      id: m.id,
      type: m.type,
      name: m.name,
      sort_order: m.sort_order,
      data: rewriteDeep(m.data) as Record<string, unknown>,
      settings: m.settings ?? null,
      ...tr(m.translations),
    });
  }

  for (const a of doc.assignments ?? []) {
    rows.assignments.push({
      id: a.id,
      type: a.type,
      assignment_id: a.assignmentId,
      location: a.location,
      offer_id: a.offer_id ?? null,
      unregistered: a.unregistered ?? false,
      modules: a.modules,
    });
  }

  for (const m of doc.messages ?? []) {
    rows.messages.push({
      id: m.id,
      partner_user_id: m.partner_user_id,
      offer_id: m.offer_id,
      subject: m.subject,
      message: m.message,
      image: optionalUrl(m.image),
      delivered_at: resolveDate(m.delivered_at, now),
      read_at: date(m.read_at),
      ...tr(m.translations),
    });
  }

  for (const l of doc.messageLists ?? []) {
    rows.message_lists.push({
      id: l.id,
      partner_id: l.partner_id,
      name: l.name,
      description: l.description ?? null,
      ...tr(l.translations),
    });
  }

  for (const s of doc.subscriptions ?? []) {
    rows.subscriptions.push({
      id: s.id,
      partner_user_id: s.partner_user_id,
      message_list_id: s.message_list_id,
      subscribed: s.subscribed,
    });
  }

  // Issue 31: each imported check-in already redeemed is one check_ins row, at its redemption.
  const checkInProducts = new Map(
    (doc.products ?? []).filter((p) => p.type === 'check-in').map((p) => [p.id, p] as const),
  );
  for (const o of doc.orders ?? []) {
    const purchasedAt = resolveDate(o.purchased_at, now);
    rows.orders.push({
      id: o.id,
      offer_id: o.offer_id,
      partner_user_id: o.partner_user_id,
      deal_id: o.deal_id ?? null,
      status: o.status,
      purchased_at: purchasedAt,
      points_paid: o.points_paid,
      price_paid: o.price_paid,
      current_points: o.current_points ?? null,
      fields: o.fields ?? {},
      customer: o.customer,
      distribute: o.distribute ?? null,
      expires_at: o.status === 'draft' ? new Date(purchasedAt.getTime() + CART_HOLD_MS) : null,
      created_at: purchasedAt,
      updated_at: now,
    });
    o.items.forEach((i, position) => {
      // Omitted: the reward item's rule, as a claim copies it; else (a purchased deal or package) true,
      // which leaves the offer's gifting to decide.
      const rewardGiftable = i.reward_item_id == null ? undefined : giftableOfReward.get(i.reward_item_id);
      rows.order_items.push({
        id: i.id,
        order_id: o.id,
        position,
        type: i.type,
        name: i.name,
        reward_item_id: i.reward_item_id ?? null,
        parent_id: i.parent.id,
        parent_type: i.parent.type,
        parent_pickup_instructions: i.parent.pickup_instructions ?? null,
        attribute: i.attribute ?? null,
        attribute_id: i.attribute?.id ?? null,
        delivery_method: i.delivery_method ?? null,
        venue_id: i.venue_id ?? null,
        points_paid: i.points_paid,
        redemption_validation: i.redemption_validation ?? null,
        pickup_instructions: i.pickup_instructions ?? null,
        giftable: i.giftable ?? rewardGiftable ?? true,
        redeemed: date(i.redeemed),
        completed: date(i.completed),
      });
      addMedia('order_item', i.id, i.media);
    });
    for (const d of o.orderDeals) {
      rows.order_deals.push({
        id: d.id,
        order_id: o.id,
        deal_id: d.deal_id,
        redemptions_remaining: d.redemptions_remaining,
        redemptions_made: d.redemptions_made,
        added_max_redemptions: d.added_max_redemptions ?? 0,
      });
    }
    for (const p of o.orderPackages)
      rows.order_packages.push({ id: p.id, order_id: o.id, package_id: p.package_id });
    for (const p of o.orderProducts) {
      rows.order_products.push({
        id: p.id,
        order_id: o.id,
        product_id: p.product_id,
        deal_id: p.deal_id,
        order_deal_id: p.order_deal_id,
        redeemed: date(p.redeemed),
        end_date: date(p.end_date),
        expire_date: date(p.expire_date),
        duplicate_date: date(p.duplicate_date),
        redemptions: p.redemptions ?? 0,
        redemptions_remaining_use: p.redemptions_remaining_use ?? null,
        points_to_be_earned: p.points_to_be_earned ?? 0,
      });
      if (p.ticket) rows.tickets.push({ id: p.ticket.id, order_product_id: p.id });
      const checkIn = checkInProducts.get(p.product_id);
      const redeemed = date(p.redeemed);
      if (checkIn && redeemed) {
        rows.check_ins.push({
          offer_id: o.offer_id,
          venue_id: checkIn.venue_id ?? null,
          product_id: p.product_id,
          partner_user_id: o.partner_user_id,
          order_product_id: p.id,
          at: redeemed,
        });
      }
    }
  }

  for (const e of doc.pointsLedger ?? []) {
    rows.points_ledger.push({
      id: e.id,
      partner_user_id: e.partner_user_id,
      offer_id: e.offer_id,
      deal_id: e.deal_id,
      reason_text: e.reason_text,
      points: e.points,
      balance: e.balance,
      value_date: resolveDate(e.value_date, now),
      expires_at: date(e.expires_at),
      order_id: e.order_id ?? null,
      order_product_id: e.order_product_id ?? null,
      redeemed_item_id: e.redeemed?.id ?? null,
    });
  }

  for (const a of doc.availability ?? []) {
    rows.availability.push({
      id: a.id,
      reward_item_id: a.reward_item_id,
      product_id: a.product_id,
      timezone: a.timezone,
    });
    a.pickup_points.forEach((p, position) => {
      rows.pickup_points.push({
        id: p.id,
        availability_id: a.id,
        position,
        venue_id: p.venue_id,
        name: p.name,
        ...tr(p.translations),
      });
    });
    a.dates.forEach((d, position) => {
      rows.availability_dates.push({
        availability_id: a.id,
        position,
        date: calendarDateIn(resolveDate(d.date, now), a.timezone),
        pickup_point_id: d.pickup_point_id ?? null,
        times: d.times,
      });
    });
  }

  for (const p of doc.polls ?? []) {
    rows.polls.push({
      id: p.id,
      deal_id: p.deal_id,
      question: p.question,
      closes_at: date(p.closes_at),
      ...tr(p.translations),
    });
    p.options.forEach((o, position) => {
      rows.poll_options.push({
        id: o.id,
        poll_id: p.id,
        position,
        label: o.label,
        venue_id: o.venue_id ?? null,
        votes: o.votes ?? 0,
        ...tr(o.translations),
      });
    });
    for (const b of p.ballots ?? []) {
      rows.ballots.push({
        poll_id: p.id,
        partner_user_id: b.partner_user_id,
        option_id: b.option_id,
        voted_at: date(b.voted_at) ?? now,
      });
    }
  }

  return { rows, mediaFiles };
}
