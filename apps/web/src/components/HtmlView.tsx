import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { type ElementType, useMemo } from 'react';

/**
 * Server-provided HTML (messages, FAQ answers, list and perk descriptions, Html modules) is stored as
 * given and sanitised here, where it is rendered (DESIGN.md section 4).
 */

/**
 * Beyond DOMPurify's defaults (which already drop scripts, event handlers, iframes and script URLs):
 * a `<style>` element would restyle the whole app, and forms could pose as our own sign-in, so both go.
 */
const CONFIG: Config = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
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
  instance.addHook('afterSanitizeAttributes', (node) => {
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

/** Sanitised HTML, safe for innerHTML; '' for nothing. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return getPurifier().sanitize(html, CONFIG);
}

/** Partner HTML flows inside the page: images and tables never overflow a phone screen. */
const contentStyles = {
  overflowWrap: 'anywhere',
  '& img, & video': { maxWidth: '100%', height: 'auto' },
  '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto' },
} as const;

export function HtmlView({
  html,
  component = 'div',
  sx,
}: {
  html: string | null | undefined;
  component?: ElementType;
  sx?: SxProps<Theme>;
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean) return null;
  return (
    <Box
      component={component}
      sx={[contentStyles, ...(Array.isArray(sx) ? sx : [sx])]}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeHtml just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
