/**
 * Spec 2.4 rules about modules that the server derives and the app's tests restate: one definition, so
 * the two cannot drift apart.
 */

/** Spec 2.4 (demo README ambiguity 7): the showcase's own sort_order is 1 or 2, on a deal, venue or product page. */
export function isFixedShowcase(type: string | null, sortOrder: number, page: string): boolean {
  return (
    type === 'ImageShowcase' &&
    (sortOrder === 1 || sortOrder === 2) &&
    (page === 'deal' || page === 'venue' || page === 'product')
  );
}
