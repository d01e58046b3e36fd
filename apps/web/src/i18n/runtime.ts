// The one Lingui instance of the app (issue 32, decision 0052) and what plain modules use of it. The messages
// arrive compiled (src/build/lingui-catalogues.ts): English as the modules that use each namespace load it
// (english/<namespace>.ts), each other language as one chunk (switch.ts).

import { setupI18n, type Values } from '@lingui/core';
import { translateHolding } from './held-values';
import { type Catalogue, DEFAULT_NAMESPACE, messageId } from './namespaces';

export type { Values };

export const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/**
 * English alone, whatever the active language: for the few constants that name the spec's English string
 * (the tests compare with them) and are made when their module loads.
 */
const english = setupI18n({ locale: 'en', messages: { en: {} } });

/**
 * Adds a namespace's English (english/<namespace>.ts). Its module is the compiled messages
 * (src/build/lingui-catalogues.ts), whatever TypeScript reads in the JSON file.
 */
export function loadEnglish(module: object): void {
  const catalogue = module as Catalogue;
  i18n.load('en', catalogue);
  english.load('en', catalogue);
}

/** A message in the active language, for code outside components: `translate('cart:title', { count })`. */
export function translate(key: string, values?: Values): string {
  return translateHolding(i18n, messageId(DEFAULT_NAMESPACE, key), values);
}

/** A message in English whatever the active language (see `english` above). */
export function englishText(key: string, values?: Values): string {
  return translateHolding(english, messageId(DEFAULT_NAMESPACE, key), values);
}

/** The interface's active language (`en` until another one's catalogues have loaded; see switch.ts). */
export function interfaceLanguage(): string {
  return i18n.locale;
}

/** Calls `listener` whenever the active language changes or messages are added; returns the unsubscribe. */
export function onInterfaceChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}
