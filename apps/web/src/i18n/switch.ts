import { importWithTimeout } from '../lib/lazy';
import { i18next } from '.';
import { activeLanguage, PSEUDO_LANGUAGE, type UiLanguage } from './language';
import type { Catalogues } from './namespaces';

/**
 * Each language but English is a chunk of its own (catalogues/<language>.ts: its locales/<language>/*.json in
 * one module), imported the first time it becomes active: a holder downloads the catalogues of their own
 * language only, and English, in the entry chunk, costs no request.
 */
const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<Catalogues>> = {
  es: () => import('./catalogues/es').then((module) => module.default),
  fr: () => import('./catalogues/fr').then((module) => module.default),
  de: () => import('./catalogues/de').then((module) => module.default),
  [PSEUDO_LANGUAGE]: () => import('./catalogues/pseudo').then((module) => module.default()),
};

const loading = new Map<UiLanguage, Promise<void>>();

/** Loads `language`'s catalogues into i18next once (English is there from the start). */
export function loadCatalogues(language: UiLanguage): Promise<void> {
  if (language === 'en') return Promise.resolve();
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = importWithTimeout(loaders[language]).then((catalogues) => {
      for (const [namespace, catalogue] of Object.entries(catalogues)) {
        i18next.addResourceBundle(language, namespace, catalogue, true, true);
      }
    });
    // A failed chunk (offline before the worker kept it) is tried again the next time.
    loaded.catch(() => loading.delete(language));
    loading.set(language, loaded);
  }
  return loaded;
}

/**
 * Puts the interface in the active language: its catalogues, then i18next (every useTranslation renders
 * again) and `<html lang>`. A catalogue that cannot load leaves the interface as it was (English at first):
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
  if (i18next.language !== language) await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
