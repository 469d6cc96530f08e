import { ROUTES, type RoutePath } from '@signage/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { PlainSpinner } from '../ui/plain';
import { endSession, restoreSession } from './auth/session';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';

type PageModule = { default: ComponentType };

/** The page of every route of the domain table; each one its own chunk (route-level code splitting). */
const PAGES: Record<RoutePath, () => Promise<PageModule>> = {
  '/': () => import('../features/main/pages/MainPage'),
  '/login': () => import('../features/auth/pages/LoginPage'),
  '/sso/:samlresponse': () => import('../features/auth/pages/SsoPage'),
  '/contents/register': () => import('../features/contents/pages/ContentRegisterPage'),
  '/contents/detail': () => import('../features/contents/pages/ContentDetailPage'),
  '/contents/list': () => import('../features/contents/pages/ContentListPage'),
  '/contents/history': () => import('../features/history/pages/ContentHistoryPage'),
  '/contents/historysummary': () => import('../features/history/pages/ContentHistorySummaryPage'),
  '/contents/historydetail': () => import('../features/history/pages/ContentHistoryDetailPage'),
  '/newdevice/list': () => import('../features/players/pages/WaitingPlayerListPage'),
  '/newdevice/register/:serialNumber': () => import('../features/players/pages/RegisterPlayerPage'),
  '/device/list': () => import('../features/players/pages/PlayerListPage'),
  '/device/detail': () => import('../features/players/pages/PlayerDetailPage'),
  '/device/contentedit': () => import('../features/schedules/pages/EditContentsPage'),
  '/schedule/selectcontent': () => import('../features/schedules/pages/SelectContentPage'),
  '/schedule/selectdevice': () => import('../features/schedules/pages/SelectDevicePage'),
  '/schedule/schedulesetting': () => import('../features/schedules/pages/ScheduleSettingPage'),
  '/duplicateschedule/selectcontent': () => import('../features/schedules/pages/SelectContentPage'),
  '/duplicateschedule/selectdevice': () => import('../features/schedules/pages/SelectDevicePage'),
  '/duplicateschedule/schedulesetting': () => import('../features/schedules/pages/ScheduleSettingPage'),
  '/device/scheduleupdate': () => import('../features/schedules/pages/ScheduleUpdatePage'),
  '/device/logs': () => import('../features/logs/pages/PlayerLogsPage'),
  '/setting/list': () => import('../features/tags/pages/TagListPage'),
  '/setting/detail': () => import('../features/tags/pages/TagDetailPage'),
  '/setting/register': () => import('../features/tags/pages/TagRegisterPage'),
  '/audit': () => import('../features/audit/pages/AuditPage'),
  '/emergency': () => import('../features/emergency/pages/EmergencyPage'),
  '/alerts': () => import('../features/alerts/pages/AlertsPage'),
  '/fleet/health': () => import('../features/fleet/pages/FleetHealthPage'),
};

/** Entering login or the SSO response ends the session and forgets stored screen state. */
async function endSessionLoader(): Promise<null> {
  await endSession();
  return null;
}

function pageRoute(path: RoutePath, isPublic: boolean): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: (await PAGES[path]()).default }),
    ...(isPublic ? { loader: endSessionLoader } : {}),
  };
}

function NoPage() {
  return null;
}

/** While the session is restored at start: the spinner in the middle, without Ant Design (not loaded yet). */
function StartSpinner() {
  return (
    <main className="plain-page" role="status" aria-label="Loading">
      <PlainSpinner />
    </main>
  );
}

/** The signed-in shell, shown once Ant Design's locale for the chosen language is in place. */
async function loadShell(): Promise<{ Component: ComponentType }> {
  const [{ SignedInShell }, { loadAntdLocale }] = await Promise.all([import('./SignedInShell'), import('./antd')]);
  await loadAntdLocale();
  return { Component: SignedInShell };
}

/**
 * The route tree: a root that restores the session and guards every route, the public pages
 * (no shell), the shell with every other page, and a catch-all that the guard redirects.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      loader: async () => {
        await restoreSession();
        return null;
      },
      shouldRevalidate: () => false,
      HydrateFallback: StartSpinner,
      ErrorBoundary: RouteErrorBoundary,
      Component: RootLayout,
      children: [
        ...ROUTES.filter((route) => 'public' in route && route.public).map((route) => pageRoute(route.path, true)),
        {
          id: 'shell',
          lazy: loadShell,
          children: ROUTES.filter((route) => !('public' in route && route.public)).map((route) =>
            pageRoute(route.path, false),
          ),
        },
        { path: '*', Component: NoPage },
      ],
    },
  ];
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Lets code outside components (the API client on a 401) navigate through this router. */
export function registerRouter(router: AppRouter): AppRouter {
  setNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}

export function createAppRouter(): AppRouter {
  return registerRouter(createBrowserRouter(createRoutes()));
}
