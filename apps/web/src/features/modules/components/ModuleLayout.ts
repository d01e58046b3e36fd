/** Layout constants the module blocks share (the header height is components/layout's HEADER_HEIGHT). */

/** The space between two modules. */
export const MODULE_GAP = 2;

/** Horizontal padding of a module's content (full-bleed modules such as ImageShowcase have none). */
export const MODULE_PADDING_X = 2;

/**
 * Content that scrolls over a fixed (sticky) ImageShowcase: above it and opaque, so the showcase stays
 * behind the page instead of showing through it.
 */
export const OVER_SHOWCASE_SX = {
  position: 'relative',
  zIndex: 1,
  bgcolor: 'background.default',
} as const;
