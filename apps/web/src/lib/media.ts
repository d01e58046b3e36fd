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

/** The hero image of an entity: the item named Hero, else its first plain (location-less) image. */
export function heroUrl(media: readonly MediaItem[] | null | undefined): string | null {
  if (!media?.length) return null;
  const hero = media.find((item) => item.name === 'Hero') ?? media.find((item) => item.location === null);
  return hero?.url ?? null;
}
