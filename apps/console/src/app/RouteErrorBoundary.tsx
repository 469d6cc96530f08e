import { MESSAGES } from '@signage/domain';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { translateMessage } from '../i18n/messages';
import { PlainButton } from '../ui/plain';

/**
 * Shown when a route fails to load or render (for example a chunk gone after a deployment). Plain
 * elements (ui/plain): it belongs to the first load, and Ant Design may be what failed to load.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main role="alert" className="plain-page route-error">
      <h1>{t('shell.errorTitle')}</h1>
      <p>{detail ?? translateMessage(t, MESSAGES.unexpectedError)}</p>
      <PlainButton variant="primary" className="route-error-reload" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </PlainButton>
    </main>
  );
}
