import type { MediaItem } from '@trailpass/contract';

/** The pass's media rules are the contract's (page-media.ts): the server names a page's first picture by them. */
export { findMedia, type MediaLocation, mediaUrl } from '@trailpass/contract';

/** The hero image of an entity: the item named Hero, else its first plain (location-less) image. */
export function heroUrl(media: readonly MediaItem[] | null | undefined): string | null {
  if (!media?.length) return null;
  const hero = media.find((item) => item.name === 'Hero') ?? media.find((item) => item.location === null);
  return hero?.url ?? null;
}
