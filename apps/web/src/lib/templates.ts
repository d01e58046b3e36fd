import type { DealSummary, Product, Venue } from '@trailpass/contract';
import { translate } from '../i18n';

/**
 * Text templates (spec 2.4; demo README, resolved ambiguity 9): double-brace placeholders such as
 * `{{ name }}` are filled from the product, venue or deal a page is about. Anything that cannot be
 * filled shows N/A, so a partner sees at once which placeholder has no data.
 */

export const PLACEHOLDER_NOT_FOUND = 'N/A';

/**
 * PLACEHOLDER_NOT_FOUND in the interface's language (the app's marker, not the partner's text: "k. A." for a
 * German reader of English content); English is the spec's N/A.
 */
function placeholderNotFound(): string {
  return translate('modules:notAvailable');
}

export interface TemplateSource {
  product?: Product | null;
  venue?: Venue | null;
  deal?: DealSummary | null;
}

export interface FillTemplateOptions {
  /**
   * The template is HTML (an Html module's value, sanitised later): every inserted value is escaped so
   * that data can never add markup.
   */
  html?: boolean;
  /**
   * With `html`: newlines in inserted values become `<br>` (two or more become one blank line), the
   * HTML form of spec 2.4's newline spacing. Off by default: the value is then only escaped.
   */
  lineBreaks?: boolean;
}

/** `{{key}}` with optional spaces inside the braces. Anything between the braces is the key. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

type FieldKey =
  | 'address'
  | 'name'
  | 'description'
  | 'shortDescription'
  | 'venueName'
  | 'information'
  | 'shortInformation'
  | 'restrictions'
  | 'frequency';

type Resolver = (source: TemplateSource) => unknown;

/** The entity whose own name and descriptions a page shows: the product, else the venue, else the deal. */
function primary(source: TemplateSource): Product | Venue | DealSummary | null {
  return source.product ?? source.venue ?? source.deal ?? null;
}

const FIELDS: Record<FieldKey, Resolver> = {
  name: (s) => primary(s)?.name,
  description: (s) => primary(s)?.description,
  shortDescription: (s) => primary(s)?.short_description,
  address: (s) => s.venue?.address,
  venueName: (s) => present(s.venue?.name) ?? s.product?.venueName,
  information: (s) => s.product?.information,
  shortInformation: (s) => s.product?.short_information,
  restrictions: (s) => s.product?.restrictions,
  frequency: (s) => s.product?.frequency,
};

function isFieldKey(key: string): key is FieldKey {
  return Object.hasOwn(FIELDS, key);
}

/** A value worth showing as text, or null for a missing, null or blank one. */
function present(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  return value.trim() === '' ? null : value;
}

function customFields(entity: unknown): Record<string, unknown> | null {
  if (!entity || typeof entity !== 'object' || !('custom_fields' in entity)) return null;
  const fields = entity.custom_fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : null;
}

/**
 * The text for one placeholder key, or null when there is none. Named fields come from their entity;
 * any other key is a custom field: the product's, then the venue's (then the deal's, should deals ever
 * carry them). Own keys only, so `{{constructor}}` is not an inherited property.
 */
export function resolvePlaceholder(key: string, source: TemplateSource): string | null {
  if (isFieldKey(key)) return present(FIELDS[key](source));
  for (const entity of [source.product, source.venue, source.deal]) {
    const fields = customFields(entity);
    if (fields && Object.hasOwn(fields, key)) {
      const value = present(fields[key]);
      if (value !== null) return value;
    }
  }
  return null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function toHtml(value: string, lineBreaks: boolean): string {
  const escaped = escapeHtml(value);
  if (!lineBreaks) return escaped;
  return escaped
    .replace(/\r\n?/g, '\n')
    .replace(/\n{2,}/g, '<br><br>')
    .replace(/\n/g, '<br>');
}

/**
 * Replaces every `{{ key }}` in `text`. Missing, null or empty values and unknown keys become
 * PLACEHOLDER_NOT_FOUND, in the interface's language. The result is plain text unless `options.html` is set, in which case inserted
 * values are HTML-escaped (the template itself is left as it is, to be sanitised where it is rendered).
 */
export function fillTemplate(
  text: string,
  source: TemplateSource,
  options: FillTemplateOptions = {},
): string {
  const { html = false, lineBreaks = false } = options;
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    const value = resolvePlaceholder(key, source) ?? placeholderNotFound();
    return html ? toHtml(value, lineBreaks) : value;
  });
}
