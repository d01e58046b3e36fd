/** Link helpers for modules: partner data ends up in hrefs, so only harmless schemes get through. */

/** A phone number as a tel: target: digits and a leading plus only. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

/**
 * A media or link URL from module data, if it is http(s) or a path on this site. Anything else
 * (`javascript:`, `data:`) is refused: these values land in href and src attributes.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/** Another site opens in a new tab without window.opener or our URL (which carries the pass token). */
export const EXTERNAL_LINK_PROPS = { target: '_blank', rel: 'noopener noreferrer' } as const;
