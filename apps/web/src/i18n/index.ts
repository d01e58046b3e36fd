// The app's interface strings (issue 32, decisions 0050 and 0052): Lingui, one ICU MessageFormat catalogue
// per feature (namespace) and language under locales/<language>/<namespace>.json, compiled at build time
// (src/build/lingui-catalogues.ts). A namespace's English, the spec's strings, is loaded by the modules that
// use it (`import '../i18n/english/cart'`), so it comes with their chunk and the first screen never waits for
// a catalogue; the other languages load as one chunk each when chosen (switch.ts). Components and plain
// modules import from here, never from @lingui/*.
export { type TFunction, Trans, TranslationProvider, useTranslation } from './react';
export { englishText, i18n, interfaceLanguage, translate, type Values } from './runtime';
