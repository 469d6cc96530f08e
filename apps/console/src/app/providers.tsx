import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from './appProviders';
import { queryClient as defaultQueryClient } from './queryClient';

type ProvidersProps = { children: ReactNode; queryClient?: QueryClient };

/**
 * The data cache around the app's providers (AppProviders): what a component rendered on its own
 * (tests) needs. The console itself starts with AppProviders (main.tsx) and the shell adds the data
 * cache (Shell.tsx), so the first load of /login carries no data-cache code.
 */
export function Providers({ children, queryClient = defaultQueryClient }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppProviders>{children}</AppProviders>
    </QueryClientProvider>
  );
}
