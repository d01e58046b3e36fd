import { createTheme } from '@mui/material/styles';

/** System font stack: no web fonts are downloaded. */
export const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export function createAppTheme(primary: string) {
  return createTheme({
    palette: { primary: { main: primary } },
    typography: { fontFamily: FONT_STACK },
  });
}
