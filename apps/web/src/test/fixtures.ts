import type { DataResponse, Deal, Offer, Partner, PartnerUser, UnregisteredLink } from '@trailpass/contract';

export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 101,
    partner_id: 1,
    name: 'Lakeshore Brew Trail',
    description: null,
    highlights: null,
    media: [
      { id: 2012, location: 'Login', name: null, url: '/pass/media/brew-trail-login.svg' },
      { id: 2013, location: 'HorizontalLogo', name: null, url: '/pass/media/brew-trail-horizontal.svg' },
    ],
    styles: { colors: { primary: { main: '#C26A1B' } } },
    use_points: false,
    points_ratio: 5,
    gifting: false,
    support_phone: '+1 920-555-0142',
    support_text: '+1 920-555-0199',
    bablic_snippet: null,
    points_valid_until: null,
    faqs: [],
    isPreview: false,
    previewType: null,
    previewTypeId: null,
    previewDealId: null,
    isUnregisteredLink: false,
    ...overrides,
  };
}

export function makePartner(overrides: Partial<Partner> = {}): Partner {
  return {
    id: 1,
    name: 'Visit Lakeshore',
    website: 'visitlakeshore.example',
    timezone: 'America/Chicago',
    logo: null,
    styles: { colors: { primary: { main: '#0B6E8A' } } },
    media: [
      { id: 2002, location: 'HorizontalLogo', name: null, url: '/pass/media/visit-lakeshore-horizontal.svg' },
    ],
    ...overrides,
  };
}

export function makeUser(overrides: Partial<PartnerUser> = {}): PartnerUser {
  return {
    id: 1001,
    partner_id: 1,
    name: 'Ava Lindqvist',
    first_name: 'Ava',
    last_name: 'Lindqvist',
    email: 'ava@example.com',
    phone: '+19205550123',
    contact_permission: 1,
    address: null,
    address_2: null,
    city: null,
    state: null,
    zip_code: null,
    country: null,
    ...overrides,
  };
}

export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 201,
    offer_id: 101,
    name: 'Brew Trail Passport',
    use_points: true,
    venue_ids: [],
    max_product_redemptions: null,
    points_valid_until: null,
    description: null,
    short_description: null,
    media: [],
    order_deals: [{ id: 9001, order_id: 7001 }],
    totalProductsCount: 0,
    current_points: 0,
    next_points_expiration: null,
    ...overrides,
  };
}

/** A signed-in pass holder on a gamified offer with one deal that has orders. */
export function makeData(overrides: Partial<DataResponse> = {}): DataResponse {
  return {
    validated: true,
    offer: makeOffer(),
    isPreview: false,
    isUnregisteredLink: false,
    preview_deal_id: null,
    preview_type: null,
    preview_type_id: null,
    deals: [makeDeal()],
    products: [],
    order_deals: [],
    order_products: [],
    messageLists: [],
    offerFields: [],
    partner: makePartner(),
    partner_user: makeUser(),
    messageCounts: { unread: 2 },
    current_points: 205,
    next_points_expiration: null,
    venue: null,
    unregistered_links: [],
    internal_staff: false,
    public_link: false,
    language: null,
    ...overrides,
  };
}

export function makeSignedOut(overrides: Partial<DataResponse> = {}): DataResponse {
  return makeData({
    partner_user: null,
    messageCounts: { unread: 0 },
    deals: [makeDeal({ order_deals: [] })],
    ...overrides,
  });
}

export function makePreview(
  preview: { type: 'product' | 'venue'; typeId: number; dealId?: number | null },
  overrides: Partial<DataResponse> = {},
): DataResponse {
  return makeSignedOut({
    isPreview: true,
    preview_type: preview.type,
    preview_type_id: preview.typeId,
    preview_deal_id: preview.dealId ?? null,
    offer: makeOffer({
      isPreview: true,
      previewType: preview.type,
      previewTypeId: preview.typeId,
      previewDealId: preview.dealId ?? null,
    }),
    ...overrides,
  });
}

export function makeUnregisteredLink(
  pass: { id: number; name: string; highlights?: string | null; url?: string | null },
  partner: { id: number; name: string; website: string | null },
): UnregisteredLink {
  return {
    url: pass.url ?? null,
    pass: {
      id: pass.id,
      name: pass.name,
      media: [],
      highlights: pass.highlights ?? null,
      partner: { ...partner, media: [] },
    },
  };
}
