import { DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import type { ModuleData, ModuleSettings, OpeningHours, Translations } from '../../db/schema';

/**
 * Decision 0049: content in the request's language. A content row keeps the import's `translations`
 * (`{ "es": { "name": "..." } }`); each text field reads its translation when there is one, else the
 * original, field by field. English is the original: an English read returns the row itself, so every
 * English answer stays what it was. HTML fields are translated as HTML and reach the holder app as the
 * original's do (it sanitises both the same way).
 */

type Translatable = { translations?: Translations | null };

/** The translated texts of `language` in `translations`, or null when there are none. */
function textsOf(translations: Translations | null | undefined, language: PassLanguage) {
  if (language === DEFAULT_PASS_LANGUAGE || !translations) return null;
  const texts = translations[language];
  return texts !== null && typeof texts === 'object' ? texts : null;
}

/**
 * The row with its text fields in `language`: a field whose translation is text replaces the original's
 * value when the original has that field as text or null; anything else stays the original.
 */
export function localized<T extends Translatable>(row: T, language: PassLanguage): T {
  const texts = textsOf(row.translations, language);
  if (!texts) return row;
  const out: Record<string, unknown> = { ...row };
  for (const [field, text] of Object.entries(texts)) {
    if (typeof text !== 'string' || !Object.hasOwn(row, field) || field === 'translations') continue;
    const original = out[field];
    if (original === null || typeof original === 'string') out[field] = text;
  }
  return out as T;
}

/** localized for a row that may be missing. */
export function localizedOrNull<T extends Translatable>(row: T | null | undefined, language: PassLanguage) {
  return row ? localized(row, language) : (row ?? null);
}

/** A row's text fields in `language` from its translations given apart (a joined column). */
export function localizedFields<T extends object>(
  row: T,
  translations: Translations | null | undefined,
  language: PassLanguage,
): T {
  if (!textsOf(translations, language)) return row;
  const { translations: _t, ...rest } = localized({ ...row, translations }, language);
  return rest as unknown as T;
}

interface VenueRowLike extends Translatable {
  opening_hours: OpeningHours | null;
}

/**
 * A venue in `language`: its text fields as `localized` reads them, and the note under its opening hours
 * from `translations.<language>.opening_hours.note` (nested as the original's). The timezone and periods
 * are not texts and stay; a translated note stands in only for an original note (the importer refuses one
 * without it). English, or a language without a note, changes nothing more than `localized` does.
 */
export function localizedVenue<T extends VenueRowLike>(row: T, language: PassLanguage): T {
  const out = localized(row, language);
  const hours = row.opening_hours;
  if (!hours || typeof hours.note !== 'string') return out;
  const note = (textsOf(row.translations, language)?.opening_hours as { note?: unknown } | undefined)?.note;
  return typeof note === 'string' ? { ...out, opening_hours: { ...hours, note } } : out;
}

interface ModuleRowLike extends Translatable {
  name: string;
  data: ModuleData;
  settings: ModuleSettings | null;
}

const MODULE_DATA_TEXTS = ['label', 'notes', 'value'] as const;

/** `list` with each entry's `keys` replaced by the translated entry at its position, where that is text. */
function localizedList(list: unknown, translated: unknown, keys: readonly string[]): unknown {
  if (!Array.isArray(list) || !Array.isArray(translated)) return list;
  return list.map((entry: unknown, i: number) => localizedObject(entry, translated[i], keys));
}

/** `entry` with its `keys` replaced by `translated`'s, where those are text. */
function localizedObject(entry: unknown, translated: unknown, keys: readonly string[]): unknown {
  if (entry === null || typeof entry !== 'object' || translated === null || typeof translated !== 'object') {
    return entry;
  }
  const texts = translated as Record<string, unknown>;
  const copy = { ...(entry as Record<string, unknown>) };
  for (const key of keys) if (typeof texts[key] === 'string') copy[key] = texts[key];
  return copy;
}

/**
 * A module in `language`: its name, the texts of its data (`label`, `notes`, `value` where the original's is
 * text; `fields` and `items` by position; `video.title`) and its settings' `label` (`settings.notes` is the
 * tab's key in the address and stays).
 */
export function localizedModule<T extends ModuleRowLike>(row: T, language: PassLanguage): T {
  const texts = textsOf(row.translations, language) as {
    name?: unknown;
    data?: Record<string, unknown>;
    settings?: Record<string, unknown>;
  } | null;
  if (!texts) return row;
  const out = { ...row };
  if (typeof texts.name === 'string') out.name = texts.name;
  const dataTexts = texts.data;
  if (dataTexts && typeof dataTexts === 'object') {
    const data: Record<string, unknown> = { ...row.data };
    for (const key of MODULE_DATA_TEXTS) {
      const text = dataTexts[key];
      if (typeof text === 'string' && (typeof data[key] === 'string' || data[key] === undefined)) {
        data[key] = text;
      }
    }
    if (data.fields !== undefined)
      data.fields = localizedList(data.fields, dataTexts.fields, ['label', 'value']);
    if (data.items !== undefined) data.items = localizedList(data.items, dataTexts.items, ['title', 'text']);
    if (data.video !== undefined) data.video = localizedObject(data.video, dataTexts.video, ['title']);
    out.data = data;
  }
  const settingsTexts = texts.settings;
  if (settingsTexts && typeof settingsTexts === 'object' && row.settings) {
    out.settings = localizedObject(row.settings, settingsTexts, ['label']) as ModuleSettings;
  }
  return out;
}
