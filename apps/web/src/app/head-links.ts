import {
  apiPaths,
  type DataResponse,
  generatedIconUrl,
  INSTALL_ICON_LOCATIONS,
  type PassLanguage,
} from '@trailpass/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslationSnippet } from '../features/translation';
import { activeLanguage, contentLanguage, onLanguageChange } from '../i18n/language';
import { buildApiUrl } from '../lib/api-client';
import { afterFirstScreen } from '../lib/first-screen';
import { mediaUrl } from '../lib/media';
import { TOKEN_QUERY } from '../lib/session';

/** The document-head links that follow the pass; null leaves (or, for the manifest, takes) it out. */
export interface HeadLinks {
  manifest: string | null;
  icon: string | null;
  appleTouchIcon: string | null;
}

/**
 * The pass's web manifest URL (spec 7, Manifest: query o and t). Built from the token alone, not the
 * page query, so that it does not change (and get fetched again) as the pages' dealId comes and goes. It
 * names the language the app is showing (`lang`, issue 32): the browser fetches the manifest itself,
 * without the app's X-Pass-Language, and the offer's name is in that language; a change of language is a
 * new URL, which the browser fetches again.
 */
export function manifestHref(offerId: number, token: string, language: PassLanguage): string {
  const tokenOnly = new URLSearchParams({ [TOKEN_QUERY]: token }).toString();
  return buildApiUrl(apiPaths.manifest, { o: offerId, lang: language }, tokenOnly);
}

const isSvg = (url: string) => /\.svg(?:[?#]|$)/i.test(url);

/**
 * A home-screen icon Safari takes: Safari ignores an SVG one (it takes a screenshot instead), so an
 * imported SVG becomes the 192 px PNG the importer made from it (decision 0020); a remote SVG has none.
 */
function touchIconOf(url: string | null): string | null {
  if (url === null) return null;
  return isSvg(url) ? generatedIconUrl(url, 192) : url;
}

/** `language`: the content language the app is showing (the pseudo-locale's is English). */
export function passHeadLinks(data: DataResponse, token: string | null, language: PassLanguage): HeadLinks {
  const offer = data.offer?.media;
  const partner = data.partner?.media;
  const touchIcons = INSTALL_ICON_LOCATIONS.map((location) =>
    touchIconOf(mediaUrl(location, offer, partner)),
  );
  return {
    // An unregistered link has no offer, so nothing to install.
    manifest: data.offer && token ? manifestHref(data.offer.id, token, language) : null,
    icon: mediaUrl('Favicon', offer, partner),
    appleTouchIcon: touchIcons.find((url) => url !== null) ?? null,
  };
}

/** Points the head's `<link rel>` at href, adding the element when it is missing; null removes it. */
export function setHeadLink(rel: string, href: string | null): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (href === null) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  if (link.getAttribute('href') === href) return;
  link.setAttribute('href', href);
  // The default icon's type need not match the partner's file; browsers sniff it instead.
  link.removeAttribute('type');
}

export function applyHeadLinks(links: HeadLinks): void {
  setHeadLink('manifest', links.manifest);
  // Without pass media the app's own icons (index.html) stay.
  if (links.icon) setHeadLink('icon', links.icon);
  if (links.appleTouchIcon) setHeadLink('apple-touch-icon', links.appleTouchIcon);
}

/**
 * Keeps the manifest, favicon and home-screen icon links on the loaded pass, and loads its offer's
 * translation snippet, if any (the other thing the loaded pass puts in the head). The links change once the
 * first screen is there (lib/first-screen.ts): each is a request the browser makes at once, and none of
 * them is needed to show the page.
 */
export function usePassHeadLinks(data: DataResponse, token: string | null): void {
  // Rendered again when the holder changes language, so the manifest link follows (the icons do not change).
  const language = contentLanguage(useSyncExternalStore(onLanguageChange, activeLanguage, activeLanguage));
  const { manifest, icon, appleTouchIcon } = passHeadLinks(data, token, language);
  useEffect(() => {
    let current = true;
    afterFirstScreen(() => {
      if (current) applyHeadLinks({ manifest, icon, appleTouchIcon });
    });
    return () => {
      current = false;
    };
  }, [manifest, icon, appleTouchIcon]);
  useTranslationSnippet(data);
}
