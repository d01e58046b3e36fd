import { createTheme } from '@mui/material/styles';
import { accessiblePrimary, FONT_STACK, MIN_CONTRAST } from './primary-colour';

export { accessiblePrimary, FONT_STACK } from './primary-colour';

export function createAppTheme(primary: string) {
  return createTheme({
    palette: { primary: { main: accessiblePrimary(primary) }, contrastThreshold: MIN_CONTRAST },
    typography: { fontFamily: FONT_STACK },
  });
}
