import type { PassLanguage } from '@trailpass/contract';

/**
 * The contract's PASS_LANGUAGES, LANGUAGE_HEADER and asPassLanguage, copied (language.test.ts compares them):
 * the contract's language module also builds its zod schemas when imported, and this module is in the
 * entry chunk, which importing it would give the whole of zod (about 28 kB gzip).
 */
export const PASS_LANGUAGES: readonly PassLanguage[] = ['en', 'es', 'fr', 'de'];
export const LANGUAGE_HEADER = 'X-Pass-Language';

/** One of PASS_LANGUAGES, or null for anything else. */
export function asPassLanguage(value: unknown): PassLanguage | null {
  return typeof value === 'string' && (PASS_LANGUAGES as readonly string[]).includes(value)
    ? (value as PassLanguage)
    : null;
}

/**
 * Which language the holder reads the app in (issue 32, decision 0050): `?lang=` on the pass link, kept for
 * the session (as the token is), or a choice on the More page, which counts the same way; else the holder's
 * saved language (/data's `language`); else the first of the browser's languages whose primary subtag we
 * have; else English. Plain state with listeners: the API client reads it for X-Pass-Language, the date and
 * number helpers for their locale, and i18n/switch.ts loads the catalogue and tells Lingui.
 */

/**
 * The pseudo-locale of the Playwright suite: English, accented and lengthened (i18n/pseudo.ts). Reached only
 * through `?lang=en-XA`; never saved, never offered, and the server is asked for English.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type UiLanguage = PassLanguage | typeof PSEUDO_LANGUAGE;

/** The pass link's parameter (the server reads it too, for the page's first answers: decision 0049). */
export const LANGUAGE_QUERY = 'lang';
/** sessionStorage: the language this tab's link or More page chose, for the rest of the session. */
export const SESSION_LANGUAGE_KEY = 'trailpass-language';

/** Each language's name in itself, as the More page's chooser lists them. */
export const LANGUAGE_NAMES: Record<PassLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

/** A pass language, or the pseudo-locale; null for anything else. */
export function asUiLanguage(value: unknown): UiLanguage | null {
  return value === PSEUDO_LANGUAGE ? PSEUDO_LANGUAGE : asPassLanguage(value);
}

/** `?lang=` of a page query, when it names a language we have (exactly, as the server reads it). */
export function linkLanguage(search: string): UiLanguage | null {
  return asUiLanguage(new URLSearchParams(search).get(LANGUAGE_QUERY));
}

/** The first of the browser's languages whose primary subtag is one of ours (`de-AT` → `de`); null when none. */
export function browserLanguage(
  languages: readonly string[] | undefined = browserLanguages(),
): PassLanguage | null {
  for (const tag of languages ?? []) {
    const primary = asPassLanguage(tag.split('-')[0]?.toLowerCase());
    if (primary) return primary;
  }
  return null;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Where the active language came from: the order above. `browser` and `default` are nobody's choice. */
export type LanguageSource = 'chosen' | 'saved' | 'browser' | 'default';

export interface LanguageInputs {
  /** The link's `?lang=` or the More page's choice, this session; null when neither. */
  chosen: UiLanguage | null;
  /** The signed-in holder's saved language; null when none or signed out; undefined before /data says. */
  saved: PassLanguage | null | undefined;
  /** What the browser asks for, when we have it. */
  browser: PassLanguage | null;
}

/** The order of issue 32: the link (or More), the saved choice, the browser, English. */
export function resolveLanguage({ chosen, saved, browser }: LanguageInputs): {
  language: UiLanguage;
  source: LanguageSource;
} {
  if (chosen) return { language: chosen, source: 'chosen' };
  if (saved) return { language: saved, source: 'saved' };
  if (browser) return { language: browser, source: 'browser' };
  return { language: 'en', source: 'default' };
}

interface LanguageState extends LanguageInputs {
  /** The token whose /data `saved` came with: another token's holder may have saved another language. */
  savedFor: string | null;
}

let state: LanguageState | null = null;
const listeners = new Set<() => void>();

function current(): LanguageState {
  if (!state) state = initialState(typeof window === 'undefined' ? '' : window.location.search);
  return state;
}

function initialState(search: string): LanguageState {
  const fromLink = linkLanguage(search);
  const store = sessionStore();
  if (fromLink) {
    try {
      store?.setItem(SESSION_LANGUAGE_KEY, fromLink);
    } catch {
      // Storage full or disabled: the link's language holds for this page load.
    }
  }
  const chosen = fromLink ?? asUiLanguage(store?.getItem(SESSION_LANGUAGE_KEY) ?? null);
  return { chosen, saved: undefined, savedFor: null, browser: browserLanguage() };
}

/** The language the interface is in now (the saved language counts once /data has said it). */
export function activeLanguage(): UiLanguage {
  return resolveLanguage(current()).language;
}

export function languageSource(): LanguageSource {
  return resolveLanguage(current()).source;
}

/** The language of this session's link or More-page choice, if any. */
export function chosenLanguage(): UiLanguage | null {
  return current().chosen;
}

/** The pass language behind a UI language: the pseudo-locale reads English content. */
export function contentLanguage(language: UiLanguage): PassLanguage {
  return language === PSEUDO_LANGUAGE ? 'en' : language;
}

/**
 * X-Pass-Language of the next API call, or null to send none. Before /data has said what the holder saved,
 * and with nothing chosen, the browser's language is asked for when it is not English (the usual case: no
 * saved choice, and the answer is then right at once); an English browser sends nothing, so the server
 * answers in the saved language if there is one. Once the saved language is known the active one is sent.
 */
export function requestLanguage(): PassLanguage | null {
  const inputs = current();
  const { language, source } = resolveLanguage(inputs);
  if (inputs.saved === undefined && source !== 'chosen' && language === 'en') return null;
  return contentLanguage(language);
}

/**
 * /data has said what the holder behind `token` saved (null: nothing, or nobody signed in). True when this
 * changed the active language.
 */
export function noteSavedLanguage(token: string | null, saved: PassLanguage | null): boolean {
  const before = resolveLanguage(current());
  const inputs = current();
  if (inputs.saved === saved && inputs.savedFor === token) return false;
  state = { ...inputs, saved, savedFor: token };
  return notifyIfChanged(before);
}

/** The saved language as last seen, and whose token's it was (undefined before any /data). */
export function knownSavedLanguage(): { saved: PassLanguage | null | undefined; token: string | null } {
  const { saved, savedFor } = current();
  return { saved, token: savedFor };
}

/** The More page's choice (or a test's): it holds for this session, above the saved language. */
export function chooseLanguage(language: UiLanguage): void {
  const before = resolveLanguage(current());
  state = { ...current(), chosen: language };
  try {
    sessionStore()?.setItem(SESSION_LANGUAGE_KEY, language);
  } catch {
    // As above.
  }
  notifyIfChanged(before);
}

/** Tells the listeners when the language or where it came from changed; true when the language did. */
function notifyIfChanged(before: { language: UiLanguage; source: LanguageSource }): boolean {
  const after = resolveLanguage(current());
  if (after.language !== before.language || after.source !== before.source) notify();
  return after.language !== before.language;
}

/** Calls `listener` whenever the active language, or where it comes from, changes. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * The locale dates and numbers are written in. English keeps what the app did before issue 32: the
 * browser's own locale (spec 3: userLocale), en-US without one. Another language uses the browser's tag of
 * that language when it has one (`es-MX`), else the bare language (`es`).
 */
export function formattingLocale(): string {
  const language = contentLanguage(activeLanguage());
  if (language === 'en') return (typeof navigator === 'undefined' ? '' : navigator.language) || 'en-US';
  return browserLanguages().find((tag) => tag.split('-')[0]?.toLowerCase() === language) ?? language;
}

/** Tests: forget the state, read the page's query and the session again on next use. */
export function resetLanguageForTests(search?: string): void {
  state = search === undefined ? null : initialState(search);
  listeners.clear();
}
