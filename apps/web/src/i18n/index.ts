// The app's interface strings (issue 32, decisions 0050, 0052 and 0054): Lingui, one ICU MessageFormat
// catalogue per feature (namespace) and language under locales/<language>/<namespace>.json, compiled at build
// time (src/build/lingui-catalogues.ts). English, the spec's strings, is in the entry chunk with the runtime,
// so the first screen never waits for a catalogue; the other languages load as one chunk each when chosen
// (switch.ts). Components and plain modules import from here, never from @lingui/*.
export { type TFunction, Trans, TranslationProvider, useTranslation } from './react';
export { englishText, i18n, interfaceLanguage, translate, type Values } from './runtime';
