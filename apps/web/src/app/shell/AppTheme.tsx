import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { createAppTheme } from '../../components/mui-theme/theme';

const globalStyles = (
  <GlobalStyles
    styles={(theme) => ({
      ':focus-visible': {
        outline: `3px solid ${theme.palette.primary.main}`,
        outlineOffset: 2,
      },
      '.MuiAppBar-root :focus-visible': { outlineColor: theme.palette.common.white },
      '@keyframes tp-slide-right': {
        from: { transform: 'translateX(-24%)', opacity: 0 },
        to: { transform: 'none', opacity: 1 },
      },
    })}
  />
);

/** The MUI theme, following the offer's primary colour (else the partner's, else #006AAF). */
export function AppTheme({ primary, children }: { primary: string; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(primary), [primary]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {globalStyles}
      {children}
    </ThemeProvider>
  );
}
