/**
 * Plain values of the contract, with no zod: a client can import them without pulling in the
 * schemas (bundlers drop the other modules of this package when they are not used).
 */

/** Every API path starts here (spec 7). */
export const API_BASE = '/pass/api';
/** The app and its media are served under this base path (spec 1). */
export const APP_BASE = '/pass';
export const API_VERSION = '1';
export const TOKEN_HEADER = 'X-Pass-Token';
export const API_VERSION_HEADER = 'X-Pass-Api-Version';

/** The login form's rule (spec 5): text, @, domain, a dot and a suffix of two or more characters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;
export const EMAIL_MIN_LENGTH = 3;
/** RFC 5321 caps a forward path at 254 characters; anything longer is rejected before any lookup. */
export const EMAIL_MAX_LENGTH = 254;

/** Shown by the Login page when the server answers 404 (spec 8). */
export const LOGIN_NOT_FOUND_MESSAGE = 'We could not find this email in our logs.';

/**
 * Issue 29 verified sign-in (offers with login_verification email_code): the e-mailed code is 6 digits,
 * good for 10 minutes and 5 wrong tries. Here rather than in auth.ts so that Login imports no zod.
 */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MINUTES = 10;
export const LOGIN_CODE_MAX_TRIES = 5;
export const LOGIN_CODE_WRONG_MESSAGE = 'That code is not right. Check the e-mail and try again.';
export const LOGIN_CODE_ENDED_MESSAGE = 'This code has expired or was tried too often. Ask for a new one.';

/** Issue 29 lost-link recovery: one answer whether or not the e-mail has a pass (it reveals nothing). */
export const lostLinkMessage = (offerName: string) =>
  `If this e-mail has a pass for ${offerName}, its link is on its way.`;
/** Lost-link requests allowed per client address and per e-mail in LOST_LINK_WINDOW_MS. */
export const LOST_LINK_LIMIT = 3;
export const LOST_LINK_WINDOW_MS = 60 * 60 * 1000;

/** Spec 9: the primary colour when neither the offer nor the partner sets one. */
export const DEFAULT_PRIMARY_COLOUR = '#006AAF';
/** Spec 5: a colour is 6 hex digits; anything else is ignored in favour of the next source. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

/** Spec 3 Assignment: the kinds of page an assignment belongs to. */
export const ASSIGNMENT_TYPES = ['offer', 'deal', 'venue', 'product'] as const;
/** Spec 3: an assignment's location defaults to pass; others such as explore and redeem. */
export const DEFAULT_ASSIGNMENT_LOCATION = 'pass';
/**
 * The keys of module data that are relations (demo README): id lists whose records the server adds to an
 * assignment's data map. `media` and `perks` also stay inline as id lists.
 */
export const MODULE_RELATION_KEYS = [
  'venues',
  'categories',
  'media',
  'deals',
  'products',
  'packages',
  'rewardItems',
  'perks',
] as const;
export type ModuleRelationKey = (typeof MODULE_RELATION_KEYS)[number];

/**
 * Spec 3, Offer bablic_snippet: the id of the offer's translation snippet, loaded as a script from
 * Bablic's CDN. Only ids of this shape are used (anything else would be a way to inject a URL), and
 * only the pages of that offer allow the origin in their Content-Security-Policy.
 */
export const BABLIC_SCRIPT_ORIGIN = 'https://cdn2.bablic.com';
export const BABLIC_SNIPPET_PATTERN = /^[A-Za-z0-9]{1,64}$/;
export function bablicScriptUrl(snippet: string | null | undefined): string | null {
  return snippet && BABLIC_SNIPPET_PATTERN.test(snippet)
    ? `${BABLIC_SCRIPT_ORIGIN}/websites/${snippet}.js`
    : null;
}

/** Spec 9: the session-scoped and the local random device ids (a UUID, or any 8 to 64 URL-safe characters). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Spec 9: the share of errors reported (error-trace sampling rate). */
export const ERROR_SAMPLE_RATE = 0.05;
/** Spec 8: messages never reported (a harmless browser notice, not an error of ours). */
export const IGNORED_ERROR_MESSAGES = [
  'ResizeObserver loop completed with undelivered notifications',
] as const;

export const ERROR_MESSAGE_MAX_LENGTH = 2000;
export const ERROR_STACK_MAX_LENGTH = 10000;

/**
 * A client-generated key per attempt of a call that changes something (the redeem and check-in calls).
 * A check-in made offline is queued and sent again when the connection returns, possibly more than
 * once (the page and the service worker may both replay it): the server answers a repeat of a key with
 * the first answer instead of acting again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that repeats the stored first answer of its key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** 16 to 128 URL-safe characters: a UUID (36) fits, and a guessable counter does not. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const IDEMPOTENCY_KEY_INVALID_MESSAGE = 'Must be 16 to 128 letters, digits, - or _ (a UUID fits).';

/** 422: the key was already used for a different request (another body or another call). */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This request key was already used for a different request.';
/** 409: the first request with this key is still being answered; send it again in a moment. */
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'This request is still being processed. Try again in a moment.';

// Install icons (decision 0020). Plain values here, not in manifest.ts: the web's head links use them, and
// importing a zod schema file would pull zod into the first load.

/**
 * Media locations (spec 3, Media item) a pass's install icons come from, in order of preference; each is
 * the offer's, else its partner's.
 */
export const INSTALL_ICON_LOCATIONS = ['Icon196', 'Icon152'] as const;

/** The PNG icon sizes made from a pass's SVG icon at import (decision 0020): Chromium's install minimum and splash. */
export const GENERATED_ICON_SIZES = [192, 512] as const;
export type GeneratedIconSize = (typeof GENERATED_ICON_SIZES)[number];

/**
 * Where the importer writes the PNG made from an imported SVG media file at one size: beside it, as
 * `/pass/media/<name>.svg.<size>.png`. Null for a URL that is not an imported SVG (a remote or bitmap
 * image is used as it is). One rule for the importer, the manifest and the page's apple-touch-icon.
 */
export function generatedIconUrl(svgUrl: string, size: GeneratedIconSize): string | null {
  if (!svgUrl.startsWith(`${APP_BASE}/media/`) || !/^[^?#]+\.svg$/i.test(svgUrl)) return null;
  return `${svgUrl}.${size}.png`;
}

/** Spec 9: order history display 20, page 1. */
export const ORDER_HISTORY_DISPLAY = 20;
