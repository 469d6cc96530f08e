import { MESSAGES } from '@signage/domain';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { translateMessage } from '../i18n/messages';

/** Shown when a route fails to load or render (for example a chunk gone after a deployment). */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main
      role="alert"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        padding: 24,
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>{t('shell.errorTitle')}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>
        {detail ?? translateMessage(t, MESSAGES.unexpectedError)}
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </Button>
    </main>
  );
}
