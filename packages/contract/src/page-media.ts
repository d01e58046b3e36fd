import type { MediaItem } from './common';
import type { DataResponse } from './data';
import { isPreviewPass } from './page-reads';

/**
 * Where a pass's pictures are found (spec 3 Media location), shared by the app, which shows them, and the
 * server, which names a page's first picture in its HTML so that it is asked for before the app's code has
 * run (decision 0026, decision 0028).
 */

export type MediaLocation = NonNullable<MediaItem['location']>;

export function findMedia(media: readonly MediaItem[] | null | undefined, location: MediaLocation) {
  return media?.find((item) => item.location === location) ?? null;
}

/** The first media list (offer, then partner, …) that has the location wins. */
export function mediaUrl(
  location: MediaLocation,
  ...sources: (readonly MediaItem[] | null | undefined)[]
): string | null {
  for (const media of sources) {
    const item = findMedia(media, location);
    if (item?.url) return item.url;
  }
  return null;
}

/** Login page background and logo: offer media, else partner media (spec 2.13). */
export function loginMedia(data: DataResponse): { background: string | null; logo: string | null } {
  return {
    background: mediaUrl('Login', data.offer?.media, data.partner?.media),
    logo: mediaUrl('HorizontalLogo', data.offer?.media, data.partner?.media),
  };
}

/**
 * The picture Pass Login shows largest, its logo, when the pass shows Login at all: signed out (a public
 * link's answer is, and so is its visitor's) and not a preview (spec 2.2). Null otherwise.
 */
export function loginLogoToShow(data: DataResponse): string | null {
  if (data.partner_user !== null || isPreviewPass(data)) return null;
  return loginMedia(data).logo;
}
