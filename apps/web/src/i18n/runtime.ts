// The one Lingui instance of the app (issue 32, decisions 0052 and 0054) and what plain modules use of it. The
// messages arrive compiled (src/build/lingui-catalogues.ts): English with this module, in the entry chunk
// (catalogues/en.ts), each other language as one chunk of its own (switch.ts).

import { setupI18n, type Values } from '@lingui/core';
import englishCatalogue from './catalogues/en';
import { translateHolding } from './held-values';
import { DEFAULT_NAMESPACE, messageId } from './namespaces';

export type { Values };

export const i18n = setupI18n({ locale: 'en', messages: { en: englishCatalogue } });

/**
 * English alone, whatever the active language: for the few constants that name the spec's English string
 * (the tests compare with them) and are made when their module loads.
 */
const english = setupI18n({ locale: 'en', messages: { en: englishCatalogue } });

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
