import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n, useLocale } from '../i18n';
import { queryClient as defaultQueryClient } from './queryClient';

const theme: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 6 },
  components: { Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff' } },
};

type ProvidersProps = { children: ReactNode; queryClient?: QueryClient };

/**
 * Data cache, Ant Design (theme and the locale of the chosen language), and i18n. Ant Design's
 * `App` (message, notification and modal hooks) wraps the shell only: the login page needs none of
 * it, and leaving it out of the first load keeps /login small.
 */
export function Providers({ children, queryClient = defaultQueryClient }: ProvidersProps) {
  const antdLocale = useLocale((state) => state.antdLocale);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocale} theme={theme}>
          {children}
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
