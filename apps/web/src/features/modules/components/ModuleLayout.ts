/**
 * The module blocks' shared layout, as classes of styles/modules.css (decision 0027). The header height is
 * components/layout's HEADER_HEIGHT.
 *
 * tp-mod-over: content that scrolls over a fixed (sticky) ImageShowcase sits above it and is opaque, so the
 * showcase stays behind the page instead of showing through it.
 * tp-mod-block: one module's box: the page's 16 px side padding and the 16 px gap to the next module.
 */
export const OVER_SHOWCASE_CLASS = 'tp-mod-over';
/**
 * tp-mod-later: a block below the first screen, whose style, layout and paint the browser skips until it
 * comes near the screen (content-visibility, decision 0028).
 */
export const BELOW_FIRST_SCREEN_CLASS = 'tp-mod-later';
export const MODULE_BLOCK_CLASS = 'tp-mod-over tp-mod-block';
