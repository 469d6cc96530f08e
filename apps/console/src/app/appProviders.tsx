import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';

/**
 * What every page needs: i18n. Ant Design's theme and locale (AntdProvider, antd.tsx) wrap the shell
 * only, with the data cache (QueryClientProvider) and Ant Design's `App` (Shell.tsx): the login page
 * uses none of them, and leaving them out of the first load keeps /login small.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
