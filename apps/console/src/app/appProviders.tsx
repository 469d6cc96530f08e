import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n, useLocale } from '../i18n';

const theme: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 6 },
  components: { Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff' } },
};

/**
 * What every page needs: Ant Design (theme and the locale of the chosen language) and i18n. The
 * data cache (QueryClientProvider) wraps the shell only (Shell.tsx), and Ant Design's `App`
 * (message, notification and modal hooks) too: the login page uses neither, and leaving them out
 * of the first load keeps /login small.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const antdLocale = useLocale((state) => state.antdLocale);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocale} theme={theme}>
        {children}
      </ConfigProvider>
    </I18nextProvider>
  );
}
