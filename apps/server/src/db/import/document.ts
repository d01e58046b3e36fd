/**
 * TypeScript shape of a pass-import/1 document (demo/README.md), as guaranteed by
 * pass-import.schema.json once validation has passed. Optional keys mean null, false or [].
 */

import type { Address } from '../schema';

/** ISO 8601 UTC date-time, or `@now`, `@now+30d`, `@now-2h`, `@now+15m`. */
export type DateString = string;
/** `media/<file>` relative to the JSON file, or an http(s) URL. */
export type MediaPath = string;
/**
 * Decision 0049: an entity's holder-read texts in the other languages, each field optional (left out, the
 * original shows). The JSON Schema lists which fields each entity may translate.
 */
export type TranslationsDoc<F extends string> = Partial<
  Record<'es' | 'fr' | 'de', Partial<Record<F, string>>>
>;
/** A module's: its name, the texts of its data (items as a list as long as the original's) and settings. */
export type ModuleTranslationsDoc = Partial<
  Record<
    'es' | 'fr' | 'de',
    {
      name?: string;
      data?: {
        label?: string;
        notes?: string;
        value?: string;
        fields?: Array<{ label?: string; value?: string }>;
        items?: Array<{ title?: string; text?: string }>;
        video?: { title?: string };
      };
      /** The tab label only: settings.notes is the tab's key in the address. */
      settings?: { label?: string };
    }
  >
>;

/**
 * A venue's: its texts and, nested as the original's, its opening hours' note (the timezone and periods are
 * not texts; the validator refuses a note for a venue whose original has none).
 */
export type VenueTranslationsDoc = Partial<
  Record<
    'es' | 'fr' | 'de',
    Partial<Record<'name' | 'description' | 'short_description', string>> & {
      opening_hours?: { note?: string };
    }
  >
>;

export interface MediaItemDoc {
  id: number;
  location?: string | null;
  name?: string | null;
  url: MediaPath;
}
export interface StylesDoc {
  colors: { primary: { main: string } };
}
/** The same recipient shape the orders table stores. */
export type AddressDoc = Address;
export interface FaqDoc {
  id: number;
  code?: string | null;
  question: string;
  answer?: string | null;
  showOnMobilePass: boolean;
  icon?: string | null;
  translations?: TranslationsDoc<'question' | 'answer'>;
}
export interface PartnerDoc {
  id: number;
  name: string;
  website?: string | null;
  timezone: string;
  logo?: MediaPath | null;
  styles?: StylesDoc | null;
  /** Issue 29: where holders' suggestions and help requests are e-mailed (an offer's own wins). */
  support_email?: string | null;
  media?: MediaItemDoc[];
}
export interface OfferDoc {
  id: number;
  partner_id: number;
  name: string;
  description?: string | null;
  highlights?: string | null;
  signup_url?: string | null;
  media?: MediaItemDoc[];
  styles?: StylesDoc | null;
  use_points: boolean;
  points_ratio?: number | null;
  gifting?: boolean;
  /** Issue 29: how holders sign in; omitted, `none`. */
  login_verification?: 'none' | 'email_code';
  support_phone?: string | null;
  support_text?: string | null;
  /** Issue 29: where holders' suggestions and help requests are e-mailed; omitted, the partner's. */
  support_email?: string | null;
  bablic_snippet?: string | null;
  points_valid_until?: DateString | null;
  faqs?: FaqDoc[];
  translations?: TranslationsDoc<'name' | 'description' | 'highlights' | 'support_text'>;
}
export interface DealDoc {
  id: number;
  offer_id: number;
  name: string;
  use_points: boolean;
  venue_ids: number[];
  max_product_redemptions?: number | null;
  points_valid_until?: DateString | null;
  description?: string | null;
  short_description?: string | null;
  media?: MediaItemDoc[];
  translations?: TranslationsDoc<'name' | 'description' | 'short_description'>;
}
export interface OpeningHoursDoc {
  timezone: string;
  periods: Array<{ day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'; open: string; close: string }>;
  note?: string | null;
}
export interface VenueDoc {
  id: number;
  name: string;
  address?: string | null;
  google_place_id?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  pin?: string | null;
  phone?: string | null;
  website?: string | null;
  description?: string | null;
  short_description?: string | null;
  categories?: number[];
  media?: MediaItemDoc[];
  opening_hours?: OpeningHoursDoc | null;
  custom_fields?: Record<string, string>;
  translations?: VenueTranslationsDoc;
}
export interface CategoryDoc {
  id: number;
  name: string;
  icon?: string | null;
  translations?: TranslationsDoc<'name'>;
}
export interface HideRuleDoc {
  amount: number;
  type: string;
}
export interface ProductDoc {
  id: number;
  offer_id: number;
  deal_id: number;
  venue_id?: number | null;
  name: string;
  type: string;
  redemptions?: number;
  repeat?: boolean;
  repeat_delay?: number | null;
  repeat_delay_type?: 'minutes' | 'hours' | 'days' | null;
  points_to_be_earned?: number;
  settings?: { quiz?: Record<string, unknown> | null };
  ticket_settings?: {
    hide_ticket: { after_redemption?: HideRuleDoc | null; after_expiration?: HideRuleDoc | null };
  } | null;
  information?: string | null;
  short_information?: string | null;
  restrictions?: string | null;
  frequency?: string | null;
  description?: string | null;
  short_description?: string | null;
  media?: MediaItemDoc[];
  custom_fields?: Record<string, string>;
  translations?: TranslationsDoc<
    | 'name'
    | 'information'
    | 'short_information'
    | 'restrictions'
    | 'frequency'
    | 'description'
    | 'short_description'
  >;
}
export interface AttributeDoc {
  id: number;
  name: string;
  retail_price: number;
  translations?: TranslationsDoc<'name'>;
}
export interface RewardItemDoc {
  id: number;
  offer_id: number;
  deal_id?: number | null;
  type: 'product' | 'deal' | 'package';
  name: string;
  description?: string | null;
  attributes?: AttributeDoc[];
  retail_price?: number | null;
  shipped: boolean;
  picked_up: boolean;
  shipping_details?: string | null;
  pickup_instructions?: string | null;
  giftable?: boolean;
  ticketsAvailable?: Record<string, number | null> | null;
  venue_id?: number | null;
  redemption_validation?: string | null;
  package_id?: number | null;
  grants_deal_id?: number | null;
  media?: MediaItemDoc[];
  translations?: TranslationsDoc<'name' | 'description' | 'shipping_details' | 'pickup_instructions'>;
}
export interface PackageDoc {
  id: number;
  offer_id: number;
  name: string;
  description?: string | null;
  product_ids: number[];
  media?: MediaItemDoc[];
  translations?: TranslationsDoc<'name' | 'description'>;
}
export interface PerkDoc {
  id: number;
  offer_id: number;
  name: string;
  description?: string | null;
  venue_id?: number | null;
  url?: string | null;
  media?: MediaItemDoc[];
  translations?: TranslationsDoc<'name' | 'description'>;
}
export interface PartnerUserDoc {
  id: number;
  partner_id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
  contact_permission?: 0 | 1;
  address?: string | null;
  address_2?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  country?: string | null;
}
export interface PassDoc {
  id: number;
  partner_user_id: number;
  offer_id: number;
  created_at?: DateString;
}
export interface PassLinkDoc {
  id: number;
  token: string;
  label: string;
  offer_id: number | null;
  partner_user_id: number | null;
  signed_in: boolean;
  path?: string;
  isPreview: boolean;
  previewType?: 'product' | 'venue' | null;
  previewTypeId?: number | null;
  previewDealId?: number | null;
  isUnregisteredLink: boolean;
  venue_id?: number | null;
  query?: { submissionVenueId?: number; dealId?: number };
  /** May be posted publicly: each visitor gets a signed-out session of their own (decision 0022). */
  public?: boolean;
}
export interface ModuleDoc {
  id: number;
  type: string | null;
  name: string;
  sort_order: number;
  data: Record<string, unknown>;
  settings?: { label?: string; notes?: string };
  translations?: ModuleTranslationsDoc;
}
export interface AssignmentDoc {
  id: number;
  type: 'offer' | 'deal' | 'venue' | 'product';
  assignmentId: number;
  location: string;
  offer_id?: number | null;
  unregistered?: boolean;
  modules: number[];
}
export interface MessageDoc {
  id: number;
  partner_user_id: number;
  offer_id: number;
  subject: string;
  message: string;
  image?: MediaPath | null;
  delivered_at: DateString;
  read_at?: DateString | null;
  translations?: TranslationsDoc<'subject' | 'message'>;
}
export interface MessageListDoc {
  id: number;
  partner_id: number;
  name: string;
  description?: string | null;
  translations?: TranslationsDoc<'name' | 'description'>;
}
export interface SubscriptionDoc {
  id: number;
  partner_user_id: number;
  message_list_id: number;
  subscribed: 0 | 1;
}
export interface OrderItemDoc {
  id: number;
  type: 'product' | 'deal' | 'package';
  name: string;
  reward_item_id?: number | null;
  parent: { id: number; type: 'product' | 'deal' | 'package'; pickup_instructions?: string | null };
  venue_id?: number | null;
  delivery_method?: 'shipped' | 'picked_up' | null;
  points_paid: number;
  attribute?: AttributeDoc | null;
  media?: MediaItemDoc[];
  redeemed?: DateString | null;
  completed?: DateString | null;
  redemption_validation?: string | null;
  pickup_instructions?: string | null;
  /** May be shipped to someone else; omitted: the reward item's giftable, else true. */
  giftable?: boolean;
}
export interface OrderDealDoc {
  id: number;
  deal_id: number;
  redemptions_remaining: number | null;
  redemptions_made: number;
  added_max_redemptions?: number;
}
export interface OrderPackageDoc {
  id: number;
  package_id: number;
}
export interface OrderProductDoc {
  id: number;
  product_id: number;
  deal_id: number;
  order_deal_id: number | null;
  redeemed: DateString | null;
  end_date?: DateString | null;
  expire_date?: DateString | null;
  duplicate_date?: DateString | null;
  redemptions?: number;
  redemptions_remaining_use?: number | null;
  points_to_be_earned?: number;
  ticket?: { id: number; order_product_id: number } | null;
}
export interface OrderDoc {
  id: number;
  offer_id: number;
  partner_user_id: number;
  deal_id?: number | null;
  status: 'draft' | 'completed' | 'expired' | 'cancelled';
  fields?: Record<string, string>;
  points_paid: number;
  price_paid: string;
  current_points?: number | null;
  purchased_at: DateString;
  customer: AddressDoc;
  distribute?: AddressDoc | null;
  items: OrderItemDoc[];
  orderDeals: OrderDealDoc[];
  orderPackages: OrderPackageDoc[];
  orderProducts: OrderProductDoc[];
}
export interface LedgerEntryDoc {
  id: number;
  partner_user_id: number;
  offer_id: number;
  deal_id: number;
  reason_text: string;
  points: number;
  balance: number;
  value_date: DateString;
  expires_at?: DateString | null;
  order_id?: number | null;
  order_product_id?: number | null;
  redeemed?: {
    id: number;
    completed: DateString | null;
    delivery_method: 'shipped' | 'picked_up' | null;
  } | null;
}
export interface AvailabilityDoc {
  id: number;
  reward_item_id: number | null;
  product_id: number | null;
  timezone: string;
  pickup_points: Array<{
    id: number;
    venue_id: number;
    name: string;
    translations?: TranslationsDoc<'name'>;
  }>;
  dates: Array<{ date: DateString; pickup_point_id?: number | null; times: string[] }>;
}
export interface PollDoc {
  id: number;
  deal_id: number;
  question: string;
  closes_at?: DateString | null;
  options: Array<{
    id: number;
    label: string;
    venue_id?: number | null;
    votes?: number;
    translations?: TranslationsDoc<'label'>;
  }>;
  ballots?: Array<{ partner_user_id: number; option_id: number; voted_at?: DateString }>;
  translations?: TranslationsDoc<'question'>;
}

export interface PassDocument {
  format: 'pass-import/1';
  provider: { name: string; emailDomain: string };
  partners: PartnerDoc[];
  offers: OfferDoc[];
  deals: DealDoc[];
  venues: VenueDoc[];
  categories?: CategoryDoc[];
  products: ProductDoc[];
  rewardItems?: RewardItemDoc[];
  packages?: PackageDoc[];
  perks?: PerkDoc[];
  partnerUsers: PartnerUserDoc[];
  passes: PassDoc[];
  passLinks: PassLinkDoc[];
  assignments?: AssignmentDoc[];
  modules?: ModuleDoc[];
  messages?: MessageDoc[];
  messageLists?: MessageListDoc[];
  subscriptions?: SubscriptionDoc[];
  orders?: OrderDoc[];
  pointsLedger?: LedgerEntryDoc[];
  availability?: AvailabilityDoc[];
  polls?: PollDoc[];
}
