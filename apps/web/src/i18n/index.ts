// The app's interface strings (issue 32, decision 0050): i18next through react-i18next, one JSON catalogue per
// feature (namespace) and language under locales/<language>/<namespace>.json. English, the spec's strings, is
// in the entry chunk so that the first screen never waits for a catalogue; the other languages load as one
// chunk each when chosen. Components import useTranslation and Trans from here (not from react-i18next) so
// that the instance is initialised wherever a component renders, the tests' fresh module graphs included.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { byNamespace, type Catalogue } from './namespaces';

const englishCatalogues = byNamespace(
  import.meta.glob<Catalogue>('./locales/en/*.json', { eager: true, import: 'default' }),
);

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: englishCatalogues },
  ns: Object.keys(englishCatalogues),
  defaultNS: 'common',
  // Synchronous: English is here already, and the first render must not wait a tick for it.
  initAsync: false,
  // React escapes what it renders; i18next escaping too would show &amp; in the page.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export { Trans, useTranslation } from 'react-i18next';
export { i18next };
