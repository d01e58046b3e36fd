import { DEFAULT_PASS_LANGUAGE, PASS_LANGUAGES, type PassLanguage } from '@trailpass/contract';
import i18next, { type TFunction } from 'i18next';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

/**
 * The server's own holder-facing strings in the request's language (issue 32, decision 0049): refusals the
 * app shows, the cart's answer, points reasons, the share text and the holder e-mails. i18next, as the web
 * app: one catalogue per language (`locales/<language>.json`, keys grouped by area: `errors.soldOut`), one
 * instance per language made once when this module loads (no initialisation per request), keys only ever
 * literal at the call. English is the spec's strings exactly: an English answer is what it was.
 */

const CATALOGUES: Record<PassLanguage, Record<string, unknown>> = { en, es, fr, de };

function instanceOf(language: PassLanguage) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_PASS_LANGUAGE,
    resources: {
      [language]: { translation: CATALOGUES[language] },
      [DEFAULT_PASS_LANGUAGE]: { translation: CATALOGUES[DEFAULT_PASS_LANGUAGE] },
    },
    // The catalogues are here: init is synchronous, so `t` works as soon as this module has loaded.
    initAsync: false,
    // Answers are JSON and e-mails are rendered by React, which escapes: no HTML escaping of values here.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const TRANSLATORS = Object.fromEntries(
  PASS_LANGUAGES.map((language) => [language, instanceOf(language).t]),
) as unknown as Record<PassLanguage, TFunction>;

/** The `t` of `language` (the server's catalogues). */
export function translator(language: PassLanguage): TFunction {
  return TRANSLATORS[language];
}

/** The BCP 47 locale numbers and dates are written in for `language` (e-mails). */
export const LOCALES: Record<PassLanguage, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };
