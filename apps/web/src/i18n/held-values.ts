import type { I18n, Values } from '@lingui/core';

/**
 * Lingui decodes `\uXXXX` and `\xXX` in a translated text, values included, so a name written with a
 * backslash (`Tee \x41`) would come back changed (`Tee A`). Such a value goes in as a marker (`HELD`, its
 * index, `HELD`) and is put back after Lingui; so does one holding `HELD` itself, so that every `HELD` in
 * Lingui's text is a marker's. Any other value goes in as it is (a plural or a select reads it). The server
 * does the same (apps/server/src/modules/language/i18n.ts).
 */
const HELD = '\u0001';

/** Whether Lingui could change `value` (a backslash) or take it for a marker (`HELD`). */
export function needsHolding(value: unknown): value is string {
  return typeof value === 'string' && (value.includes('\\') || value.includes(HELD));
}

/** `id` translated by `i18n` with every value exactly as given (see `HELD` above). */
export function translateHolding(i18n: I18n, id: string, values?: Values): string {
  if (!values) return i18n._(id);
  const held: string[] = [];
  const given = Object.fromEntries(
    Object.entries(values).map(([name, value]) =>
      needsHolding(value) ? [name, `${HELD}${held.push(value) - 1}${HELD}`] : [name, value],
    ),
  );
  const text = i18n._(id, given);
  if (held.length === 0) return text;
  return text
    .split(HELD)
    .map((part, index) => (index % 2 === 1 ? (held[Number(part)] ?? '') : part))
    .join('');
}
