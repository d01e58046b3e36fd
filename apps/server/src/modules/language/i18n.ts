import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { DEFAULT_PASS_LANGUAGE, PASS_LANGUAGES, type PassLanguage } from '@trailpass/contract';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

/**
 * The server's own holder-facing strings in the request's language (issue 32, decision 0049):
 * refusals the app shows, the cart's answer, points reasons, the share text and the holder e-mails. Lingui's
 * core, as the web app, with ICU MessageFormat messages: one catalogue per language
 * (`locales/<language>.json`, keys grouped by area: `errors.soldOut`), every message compiled once when this
 * module loads (a message that does not parse stops the server's start, naming its key), keys only ever
 * literal at the call. English is the spec's strings exactly: an English answer is what it was.
 */

/** A catalogue as its file holds it: areas of keys, each an ICU message. */
type Catalogue = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A key of the catalogues (`errors.soldOut`), as English has them (the test checks the others have each). */
export type MessageKey = {
  [Area in keyof typeof en]: `${Area}.${Extract<keyof (typeof en)[Area], string>}`;
}[keyof typeof en];

/** A message's values: text, or a number (a plural's `count`); an undefined one writes nothing. */
export type MessageValues = Readonly<Record<string, string | number | undefined>>;

/** The server's `t` of one language. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const CATALOGUES: Readonly<Record<PassLanguage, Catalogue>> = { en, es, fr, de };

/** Every message of `catalogue` compiled, by its flat key; a message that does not parse throws, naming it. */
export function compileCatalogue(language: string, catalogue: Catalogue): Messages {
  const compiled: Messages = {};
  for (const [area, messages] of Object.entries(catalogue)) {
    for (const [name, message] of Object.entries(messages)) {
      const key = `${area}.${name}`;
      if (typeof message !== 'string') throw new Error(`The ${language} catalogue's ${key} is not a text`);
      try {
        compiled[key] = compileMessageOrThrow(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`The ${language} catalogue's ${key} is not ICU MessageFormat: ${reason}`, {
          cause: error,
        });
      }
    }
  }
  return compiled;
}

const ENGLISH = compileCatalogue(DEFAULT_PASS_LANGUAGE, CATALOGUES[DEFAULT_PASS_LANGUAGE]);

/**
 * One Lingui instance per language, activated once here and never again. Lingui translates in its active
 * locale (there is no per-call locale), so a shared instance switched per request would let two concurrent
 * requests in different languages read each other's; fixed instances need no switching and no lock. A key a
 * catalogue lacks reads in English, as i18next's fallback did (the catalogue test keeps them all complete).
 */
function instanceOf(language: PassLanguage): I18n {
  const messages =
    language === DEFAULT_PASS_LANGUAGE
      ? ENGLISH
      : { ...ENGLISH, ...compileCatalogue(language, CATALOGUES[language]) };
  return setupI18n({ locale: language, messages: { [language]: messages } });
}

/**
 * Lingui decodes `\uXXXX` and `\xXX` in a translated text, values included, so a name written with a
 * backslash (`Tee \x41`) would come back changed. Such a value goes in as a marker (`HELD`, its index, `HELD`)
 * and is put back after Lingui; so does one holding `HELD` itself, so that every `HELD` in Lingui's text is a
 * marker's. Any other value goes in as it is (a plural or a select reads it).
 */
const HELD = '\u0001';

function translatorOf(i18n: I18n): Translate {
  return (key, values) => {
    if (!values) return i18n._(key);
    const held: string[] = [];
    const given = Object.fromEntries(
      Object.entries(values).map(([name, value]) =>
        typeof value === 'string' && (value.includes('\\') || value.includes(HELD))
          ? [name, `${HELD}${held.push(value) - 1}${HELD}`]
          : [name, value],
      ),
    );
    const text = i18n._(key, given);
    if (held.length === 0) return text;
    return text
      .split(HELD)
      .map((part, index) => (index % 2 === 1 ? (held[Number(part)] ?? '') : part))
      .join('');
  };
}

const TRANSLATORS = Object.fromEntries(
  PASS_LANGUAGES.map((language) => [language, translatorOf(instanceOf(language))]),
) as Record<PassLanguage, Translate>;

/** The `t` of `language` (the server's catalogues). */
export function translator(language: PassLanguage): Translate {
  return TRANSLATORS[language];
}

/** The BCP 47 locale numbers and dates are written in for `language` (e-mails). */
export const LOCALES: Record<PassLanguage, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };
