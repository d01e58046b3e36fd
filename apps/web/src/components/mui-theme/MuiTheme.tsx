import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { usePassColour } from './pass-colour';
import { createAppTheme } from './theme';

/**
 * MUI's theme in the pass's colour around an MUI part of a page: a chunk of its own, loaded by MuiIsland, so
 * a page drawn with the plain components loads no MUI until it shows a part that needs it. No CssBaseline:
 * index.html's base styles are the page's baseline for both kinds of component (decision 0027).
 */
export default function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={createAppTheme(usePassColour())}>{children}</ThemeProvider>;
}
