import type { MediaItem } from '@trailpass/contract';

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
