// colorManipulator on its own, not @mui/material/styles: Pass Login and the loading frame use these
// before (or without) any MUI chunk (decision 0025).
import { darken, getContrastRatio } from '@mui/system/colorManipulator';

/** System font stack: no web fonts are downloaded. */
export const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/**
 * The partner's colour, darkened just enough (if at all) for white text on it and for it as text
 * on white to reach 4.5:1. Most brand colours pass unchanged (#006AAF is 5.6:1).
 */
export function accessiblePrimary(colour: string): string {
  let result = colour;
  for (let step = 1; step <= 20 && getContrastRatio(result, '#ffffff') < MIN_CONTRAST; step += 1) {
    result = darken(colour, step * 0.05);
  }
  return result;
}
