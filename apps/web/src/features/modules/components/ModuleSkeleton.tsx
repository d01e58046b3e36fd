import { Skeleton } from '../../../components/ui';
import type { KnownModuleType } from '../registry';

/**
 * Roughly the height each module type takes once loaded, so the page does not jump when its chunk
 * arrives. Types that are mostly an image reserve its 16:9 box instead (exactly its height).
 */
const RESERVED_HEIGHT: Partial<Record<KnownModuleType, number>> = {
  Audio: 96,
  DealInfo: 320,
  Greeting: 72,
  MoreInfo: 56,
  OpeningHours: 280,
  ProductInfo: 360,
  Products: 240,
  VenueInfo: 280,
  VenueLinks: 48,
};
const DEFAULT_HEIGHT = 120;
const IMAGE_TYPES = new Set<KnownModuleType>(['ImageShowcase', 'Video', 'DashboardImage']);

/** The placeholder of a module whose chunk is loading (data-module-skeleton marks it for tests). */
export function ModuleSkeleton({ type }: { type: KnownModuleType }) {
  return (
    <div data-module-skeleton="" aria-hidden="true">
      {IMAGE_TYPES.has(type) ? (
        // Square corners, as the full-width picture it stands for.
        <Skeleton style={{ aspectRatio: '16 / 9', borderRadius: 0 }} />
      ) : (
        <Skeleton height={RESERVED_HEIGHT[type] ?? DEFAULT_HEIGHT} />
      )}
    </div>
  );
}
