import { bablicScriptUrl, type DataResponse } from '@trailpass/contract';
import { useEffect } from 'react';

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

/** Loads the loaded pass's translation snippet once, if its offer has one. */
export function useTranslationSnippet(data: Pick<DataResponse, 'offer'>): void {
  const src = translationScriptUrl(data);
  useEffect(() => {
    if (src) addTranslationScript(src);
  }, [src]);
}
