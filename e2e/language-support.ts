import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Helpers of the language journeys (issue 32, decision 0050): the catalogues as the app has them, and the
 * texts the server sent a page, so that a journey can tell the interface's strings from the content's.
 */

const LOCALES = resolve(import.meta.dirname, '..', 'apps', 'web', 'src', 'i18n', 'locales');

/** Every string of a language's catalogues, by `namespace:key`. */
export function catalogue(language: string): Map<string, string> {
  const strings = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES, language))) {
    if (!file.endsWith('.json')) continue;
    const namespace = file.slice(0, -'.json'.length);
    const entries = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const [key, value] of Object.entries(entries)) {
      if (typeof value === 'string') strings.set(`${namespace}:${key}`, value);
    }
  }
  return strings;
}

/**
 * The languages whose catalogue chunk (`assets/<language>-<hash>.js`, i18n/catalogues) the page asks for, as
 * they are asked for: English is in the entry chunk and has none (issue 32 item 6, decision 0054).
 */
export function catalogueChunkRequests(page: Page): string[] {
  const languages: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/assets\/(es|fr|de|pseudo)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (chunk?.[1]) languages.push(chunk[1]);
  });
  return languages;
}

/** Every string value of a JSON document, however deep. */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.trim() !== '') into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) stringsOf(item, into);
  }
}

/**
 * Collects, from now on, every string of the JSON the page gets from the API (and of the first answers
 * embedded in a page's HTML, decision 0026): what the server wrote, in whatever language it answered.
 */
export interface ServerStrings {
  strings: Set<string>;
  /** Waits for the bodies still being read: call it before matching a page's texts. */
  settled: () => Promise<void>;
}

export function collectServerStrings(page: Page): ServerStrings {
  const strings = new Set<string>();
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    const reading = read(response).finally(() => pending.delete(reading));
    pending.add(reading);
  });
  const read = async (response: import('@playwright/test').Response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    try {
      if (url.pathname.startsWith('/pass/api/') && type.includes('json')) {
        stringsOf(await response.json(), strings);
      } else if (response.request().resourceType() === 'document' && type.includes('html')) {
        const html = await response.text();
        const boot = /<script type="application\/json" id="tp-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
        if (boot) stringsOf(JSON.parse(boot), strings);
      }
    } catch {
      // A body that is gone (a navigation) or not JSON: nothing to collect.
    }
  };
  return {
    strings,
    settled: async () => {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export interface TextFinding {
  text: string;
  where: string;
}

/**
 * The visible text nodes of the page (trimmed, with the tag and class of their element), and the buttons
 * whose text does not fit in them. Runs in the page.
 */
export async function visibleTexts(page: Page): Promise<{ texts: TextFinding[]; clipped: TextFinding[] }> {
  return page.evaluate(() => {
    const nameOf = (element: Element) => {
      const label = element.getAttribute('aria-label');
      const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      return `${element.tagName.toLowerCase()}${className ? `.${className}` : ''}${label ? `[${label}]` : ''}`;
    };
    const texts: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      // A text marked as another language's (the More page's language names, each in its own) is none of
      // the interface's.
      if (parent.closest('[lang]') !== document.documentElement) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      texts.push({ text, where: nameOf(parent) });
    }
    // Text for screen readers only (clipped to a pixel on purpose) is read, not seen: no clipping to find.
    const readOnly = (element: Element | null): boolean => {
      for (let at = element; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
        if (at.clientWidth <= 1 && at.clientHeight <= 1 && style.overflow === 'hidden') return true;
      }
      return false;
    };
    const clipped: { text: string; where: string }[] = [];
    for (const button of document.querySelectorAll('button, [role="button"], a.MuiButton-root')) {
      if (!button.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const box = button.getBoundingClientRect();
      if (box.width === 0) continue;
      const inner = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode(); node; node = inner.nextNode()) {
        if (!node.textContent?.trim() || readOnly(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        const element = node.parentElement;
        // Cut off by its own element (an ellipsis) or running out of the button.
        const cut = element && element !== button && element.scrollWidth > element.clientWidth + 1;
        if (cut || rect.left < box.left - 1 || rect.right > box.right + 1) {
          clipped.push({ text: node.textContent.trim(), where: nameOf(button) });
        }
      }
    }
    return { texts, clipped };
  });
}

/** Whether the page is wider than the screen (a horizontal scroll bar). */
export async function overflowsHorizontally(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number } | null> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth
      ? { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }
      : null;
  });
}

/**
 * A predicate: is `text` the server's (one of its strings, a piece of one, its HTML's text, or one with its
 * `{{placeholders}}` filled in)?
 */
export function serverTextMatcher(strings: Iterable<string>): (text: string) => boolean {
  const plain: string[] = [];
  const patterns: RegExp[] = [];
  const decode = (value: string) =>
    value
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ');
  for (const value of strings) {
    const text = decode(value);
    plain.push(text);
    if (text.includes('{{')) {
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{[^}]*\\\}\\\}/g, '.*?');
      patterns.push(new RegExp(escaped, 'i'));
    }
  }
  // Case aside: the app writes some of the server's texts with a capital first letter (spec 2.10).
  const corpus = plain.join('\n').toLowerCase();
  return (text: string) => {
    const normal = text.replace(/\s+/g, ' ');
    return corpus.includes(normal.toLowerCase()) || patterns.some((pattern) => pattern.test(normal));
  };
}
