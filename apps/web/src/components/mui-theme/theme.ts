import { createTheme, type Theme } from '@mui/material/styles';
import { accessiblePrimary, FONT_STACK, MIN_CONTRAST } from '../../lib/primary-colour';

export { accessiblePrimary, FONT_STACK } from '../../lib/primary-colour';

const themes = new Map<string, Theme>();

/**
 * The MUI theme in the pass's colour (made accessible). Made once per colour: every MUI island of a page
 * (decision 0027) shares one theme object, so emotion serialises its styles once.
 */
export function createAppTheme(primary: string): Theme {
  let theme = themes.get(primary);
  if (!theme) {
    theme = createTheme({
      palette: { primary: { main: accessiblePrimary(primary) }, contrastThreshold: MIN_CONTRAST },
      typography: { fontFamily: FONT_STACK },
    });
    themes.set(primary, theme);
  }
  return theme;
}
