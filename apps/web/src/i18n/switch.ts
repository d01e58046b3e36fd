import { importWithTimeout } from '../lib/lazy';
import { activeLanguage, PSEUDO_LANGUAGE, type UiLanguage } from './language';
import type { Catalogue } from './namespaces';
import { i18n } from './runtime';

/**
 * Each language but English is a chunk of its own (catalogues/<language>.ts: its locales/<language>/*.json in
 * one module), imported the first time it becomes active: a holder downloads the catalogues of their own
 * language only, and English, in the entry chunk, costs no request.
 */
const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./catalogues/es').then((module) => module.default),
  fr: () => import('./catalogues/fr').then((module) => module.default),
  de: () => import('./catalogues/de').then((module) => module.default),
  [PSEUDO_LANGUAGE]: () => import('./catalogues/pseudo').then((module) => module.default),
};

const loading = new Map<UiLanguage, Promise<void>>();

/** Loads `language`'s catalogues into Lingui once (English is there from the start). */
export function loadCatalogues(language: UiLanguage): Promise<void> {
  if (language === 'en') return Promise.resolve();
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = importWithTimeout(loaders[language]).then((messages) => i18n.load(language, messages));
    // A failed chunk (offline before the worker kept it) is tried again the next time.
    loaded.catch(() => loading.delete(language));
    loading.set(language, loaded);
  }
  return loaded;
}

/**
 * Puts the interface in the active language: its catalogues, then Lingui (every useTranslation and Trans
 * renders again) and `<html lang>`. A catalogue that cannot load leaves the interface as it was (English at first):
 * a page in the wrong language is better than no page.
 */
export async function applyActiveLanguage(): Promise<void> {
  const language = activeLanguage();
  try {
    await loadCatalogues(language);
  } catch (error) {
    console.warn(`The ${language} catalogues could not be loaded`, error);
    return;
  }
  // Another change came while this one loaded: that one applies its own.
  if (activeLanguage() !== language) return;
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
