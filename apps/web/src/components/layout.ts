/** Spec 2.3 and 9: the header (top bar) is 64 high. The shell draws it; sticky and fading content measures from it. */
export const HEADER_HEIGHT = 64;
