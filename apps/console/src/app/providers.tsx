import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AntdProvider, loadAntdLocale } from './antd';
import { AppProviders } from './appProviders';
import { queryClient as defaultQueryClient } from './queryClient';

// Language switches load Ant Design's locale too, as they do once the shell has loaded (router.tsx).
void loadAntdLocale();

type ProvidersProps = { children: ReactNode; queryClient?: QueryClient };

/**
 * The data cache and Ant Design's theme and locale around the app's providers (AppProviders): what a
 * component rendered on its own (tests) needs. The console itself starts with AppProviders (main.tsx)
 * and the shell's route adds Ant Design and the data cache (router.tsx, Shell.tsx), so the first load
 * of /login carries neither.
 */
export function Providers({ children, queryClient = defaultQueryClient }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <AntdProvider>{children}</AntdProvider>
      </AppProviders>
    </QueryClientProvider>
  );
}
