import { z } from 'zod';

/**
 * Issue 32: the languages a holder can read the pass in (decision 0049). English is the original text of
 * every content record; the others are the import format's optional `translations`, per field, each
 * falling back to the original.
 */
export const PASS_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type PassLanguage = (typeof PASS_LANGUAGES)[number];
/** The languages a translation can be given in: every one but the original. */
export const TRANSLATION_LANGUAGES = ['es', 'fr', 'de'] as const satisfies readonly PassLanguage[];
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
export const DEFAULT_PASS_LANGUAGE: PassLanguage = 'en';

/**
 * The language the holder app asks its answers in, on every API call. Without it (or with a value that is
 * not one of PASS_LANGUAGES, which is ignored, never an error) the holder's saved choice counts, else English.
 */
export const LANGUAGE_HEADER = 'X-Pass-Language';

export const passLanguage = z.enum(PASS_LANGUAGES);

/** One of PASS_LANGUAGES, or null for anything else (an unknown, empty or repeated value). */
export function asPassLanguage(value: unknown): PassLanguage | null {
  return typeof value === 'string' && (PASS_LANGUAGES as readonly string[]).includes(value)
    ? (value as PassLanguage)
    : null;
}

/** PUT /language: the holder's saved choice; null forgets it. */
export const setLanguageRequest = z.strictObject({ language: passLanguage.nullable() });
export type SetLanguageRequest = z.infer<typeof setLanguageRequest>;
export const languageResponse = z.object({ language: passLanguage.nullable() });
export type LanguageResponse = z.infer<typeof languageResponse>;
