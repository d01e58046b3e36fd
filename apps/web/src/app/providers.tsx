import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TranslationProvider } from '../i18n';
import { isApiError } from '../lib/api-client';

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

/**
 * The app's providers: the data's and the interface strings' (Lingui's, decision 0052). The MUI theme is not
 * among them: it comes with the shell's own chunk (shell/ThemedShell.tsx), so the first chunk carries no MUI
 * (decision 0025).
 */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <TranslationProvider>{children}</TranslationProvider>
    </QueryClientProvider>
  );
}
