import { bablicScriptUrl, type DataResponse } from '@trailpass/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { activeLanguage, languageSource, onLanguageChange } from '../../i18n/language';

/** Marks the script element this feature added, so that it is added once per page. */
const SNIPPET_ATTRIBUTE = 'data-translation-snippet';

/**
 * The script of the offer's translation snippet (spec 3, Offer bablic_snippet), or null: without a
 * snippet, or with an id of the wrong shape, nothing from another site is loaded.
 */
export function translationScriptUrl(data: Pick<DataResponse, 'offer'>): string | null {
  return bablicScriptUrl(data.offer?.bablic_snippet);
}

/**
 * Appends `<script src async>` for the snippet to the document head, unless a snippet script is already
 * there: the page's Content-Security-Policy allows Bablic for the pass it was opened with (decision
 * 0020), and a second snippet would translate the page twice. It is never removed, on sign-out either:
 * removing the element would not undo what the script has done, and the signed-out pages of the offer are
 * translated too.
 */
export function addTranslationScript(src: string): void {
  if (document.head.querySelector(`script[${SNIPPET_ATTRIBUTE}]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.setAttribute('async', '');
  // The page URL holds the pass token: never send it to the CDN (the page's Referrer-Policy says so too).
  script.setAttribute('referrerpolicy', 'no-referrer');
  script.setAttribute(SNIPPET_ATTRIBUTE, '');
  document.head.append(script);
}

/**
 * Whether the snippet may translate the page (issue 32 item 4, decision 0050): only when the holder reads
 * it in English without having chosen English, the browser asking for a language the app has no catalogue
 * of (or for English, where the snippet leaves the page as it is). With a language of our own (es, fr, de),
 * from the link, the More page, the saved choice or the browser, the interface and the content are already
 * in it, and a snippet would rewrite them; a holder who chose English wants English.
 */
export function snippetWanted(): boolean {
  if (activeLanguage() !== 'en') return false;
  const source = languageSource();
  return source === 'browser' || source === 'default';
}

/** Loads the loaded pass's translation snippet once, if its offer has one and the language wants it. */
export function useTranslationSnippet(data: Pick<DataResponse, 'offer'>): void {
  const wanted = useSyncExternalStore(onLanguageChange, snippetWanted, snippetWanted);
  const src = wanted ? translationScriptUrl(data) : null;
  useEffect(() => {
    if (src) addTranslationScript(src);
  }, [src]);
}
