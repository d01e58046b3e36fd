import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { dataQueryOptions, primaryColour } from '../features/app-data';
import { isApiError } from '../lib/api-client';
import { getToken } from '../lib/session';
import { createAppTheme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network trouble and 5xx get two more tries.
        retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        // Ask even when the browser says it is offline: the service worker answers the kept reads from its
        // cache (decision 0021). The default ('online') would leave such a query paused until a connection.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

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

/** The theme follows the offer's primary colour (else the partner's, else #006AAF). */
function AppTheme({ children }: { children: ReactNode }) {
  const token = getToken();
  const { data } = useQuery({ ...dataQueryOptions(token), enabled: false });
  const primary = primaryColour(data);
  const theme = useMemo(() => createAppTheme(primary), [primary]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {globalStyles}
      {children}
    </ThemeProvider>
  );
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AppTheme>{children}</AppTheme>
    </QueryClientProvider>
  );
}
