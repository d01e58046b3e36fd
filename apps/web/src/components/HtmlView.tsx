import { dropsAttribute, HTML_FORBID_TAGS } from '@trailpass/contract';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { type CSSProperties, type ElementType, useMemo } from 'react';
import { stripEventHandlers } from './strip-event-handlers';
import { cx } from './ui/classes';

/**
 * Server-provided HTML (messages, FAQ answers, list and perk descriptions, Html modules) is stored as
 * given and sanitised here, where it is rendered (DESIGN.md section 4).
 */

/**
 * DOMPurify's defaults plus the contract's rules (html-rules.ts: no styles or forms), which the server's
 * message sanitiser applies too (decision 0041).
 */
const CONFIG: Config = { FORBID_TAGS: [...HTML_FORBID_TAGS] };

/**
 * A preview (a message in the Messages list) sits inside a button: text and its emphasis only. Links and
 * pictures go (their text stays), so nothing in it can be pressed or load anything.
 */
const PREVIEW_CONFIG: Config = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'span', 'ul', 'ol', 'li'],
  ALLOWED_ATTR: [],
};

export const EXTERNAL_LINK_REL = 'noopener noreferrer';

/** An http(s) link to another site. Relative and same-origin links stay in the app's own tab. */
export function isExternalHttpUrl(href: string, base: string = window.location.href): boolean {
  try {
    const url = new URL(href, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== new URL(base).origin;
  } catch {
    return false;
  }
}

/**
 * Our own DOMPurify instance: its link hook is added once and never reaches the shared default
 * instance, so another caller of DOMPurify gets plain DOMPurify, and each call here the same rules.
 */
let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  // DOMPurify already drops script URLs in links; this also drops them where it lets them through as
  // harmless (a style's url(), a data-* attribute, an img src of data:text/html), so no script URL
  // survives at all, and a data: URL stays only as a raster picture.
  instance.addHook('uponSanitizeAttribute', (_node, hook) => {
    if (dropsAttribute(hook.attrName, hook.attrValue)) hook.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    // A partner picture without a text alternative is read as its file name: mark it decorative instead.
    if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href && isExternalHttpUrl(href)) {
      // Opened in a new tab without handing it window.opener or our URL (which carries the pass token).
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', EXTERNAL_LINK_REL);
    } else {
      node.removeAttribute('target');
    }
  });
  purifier = instance;
  return instance;
}

export type HtmlVariant = 'full' | 'preview';

/** Sanitised HTML, safe for innerHTML; '' for nothing. A preview keeps text and emphasis only. */
export function sanitizeHtml(html: string | null | undefined, variant: HtmlVariant = 'full'): string {
  if (!html) return '';
  // Handlers out before DOMPurify parses, or Chromium reports each as a CSP violation (see the module).
  const markup = stripEventHandlers(html);
  if (variant === 'full') return getPurifier().sanitize(markup, CONFIG);
  // Blocks run inline in a preview: a space after each keeps their words apart (and in its accessible text).
  return getPurifier()
    .sanitize(markup, PREVIEW_CONFIG)
    .replace(/<\/(p|li)>(?!$)/g, '</$1> ');
}

/**
 * The first block of the partner's HTML starts at the box's top and the last ends at its bottom, so it lines
 * up with the text around it; blocks are spaced by their bottom margins (styles/module-pages.css).
 */
export const HTML_EDGES_CLASS = 'tp-html-edges';

/**
 * Sanitised partner HTML in a plain element (decision 0027). styles/module-pages.css's tp-html keeps it
 * inside a phone screen (pictures and tables never overflow, long words wrap); tp-html-preview runs a
 * preview's blocks together on one line, a space between them, for a line clamp to cut.
 */
export function HtmlView({
  html,
  component: Component = 'div',
  variant = 'full',
  id,
  className,
  style,
}: {
  html: string | null | undefined;
  component?: ElementType;
  /** 'preview': text and emphasis only, blocks inline (for a list row that is itself a button). */
  variant?: HtmlVariant;
  id?: string;
  /** Text variant (tp-body2), colour, spacing: the caller's look for the content. */
  className?: string;
  style?: CSSProperties;
}) {
  const clean = useMemo(() => sanitizeHtml(html, variant), [html, variant]);
  if (!clean) return null;
  return (
    <Component
      id={id}
      className={cx('tp-html', variant === 'preview' && 'tp-html-preview', className)}
      style={style}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeHtml just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
