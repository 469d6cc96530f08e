import { findRoute, PAGE_TITLE_SUFFIX, redirectFor } from '@signage/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useAuth } from '../lib/authStore';
import { useBackNavigation } from './shell/useBackNavigation';

/**
 * Wraps every route: applies the access rule of SPEC.md section 4 (no session -> login; unknown,
 * forbidden or root route -> landing page), sets the page title, and handles back navigation.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname, key } = useLocation();
  const navigation = useNavigation();
  const authority = useAuth((state) => state.user?.authority);
  // While a navigation is under way the guard waits for it to land rather than racing it.
  const target = navigation.state === 'idle' ? redirectFor(authority, pathname) : null;
  const route = findRoute(pathname);
  const title = route && !target ? `${t(route.titleKey)}${PAGE_TITLE_SUFFIX}` : null;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useBackNavigation();

  // One redirect per location (its key): React may render only the last of several router states (they come in
  // transitions), so the Navigate of an earlier visit to a redirected address can still be mounted, and a
  // mounted Navigate with the same target does not navigate again.
  if (target) return <Navigate key={key} to={target} replace />;
  return <Outlet />;
}
