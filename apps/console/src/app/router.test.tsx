import { LANGUAGES, landingFor, ROLES, ROUTES, redirectFor } from '@signage/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { useAuth } from '../lib/authStore';
import { failure, mockFetch, success } from '../test/fetchMock';
import { renderApp, userWith } from '../test/renderApp';

const concrete = (path: string) => path.replace(/:(\w+)/g, 'SN-0001');

/**
 * Screens whose input is missing send the user on (SPEC.md section 4): a later wizard step without players
 * or contents to the player step, a copy without its schedule to the player list, and the schedule edits
 * without a schedule (only a player is given here) to the player list.
 */
const WIZARD_REDIRECTS: Record<string, string> = {
  '/device/contentedit': '/device/list',
  '/device/scheduleupdate': '/device/list',
  '/schedule/selectcontent': '/schedule/selectdevice',
  '/schedule/schedulesetting': '/schedule/selectdevice',
  '/duplicateschedule/selectdevice': '/device/list',
  '/duplicateschedule/selectcontent': '/device/list',
  '/duplicateschedule/schedulesetting': '/device/list',
};

describe('routes and guard', () => {
  // One test per role, each within the suite's 30 s bound (3.5 s each with the style-rule pre-check, 2026-12-04).
  it.each(ROLES)('registers every route of the domain table and applies the role rule to each (%s)', async (role) => {
    // The content detail screen goes back to its list once its content fails to load; the content stays in
    // flight here, so the check reads where the route put the user, not how fast the 404 came.
    mockFetch({ 'GET /api/contents/SN-0001': () => new Promise(() => {}) });
    const { router, unmount } = renderApp('/', userWith(role));
    // The landing page is a real screen now: its chunk's first (cold) load can take a while.
    await waitFor(() => expect(router.state.location.pathname).toBe(landingFor(role)), { timeout: 20_000 });
    for (const route of ROUTES.filter((r) => !('public' in r))) {
      const path = concrete(route.path);
      // With a key (content) and a device code (player screens): detail screens send a visit without
      // theirs on to their list.
      await act(() => router.navigate(`${path}?key=SN-0001&device_code=SN-0001`));
      const expected = redirectFor(role, path) ?? WIZARD_REDIRECTS[path] ?? path;
      await waitFor(() => expect(router.state.location.pathname, `${role} ${path}`).toBe(expected));
      expect(router.state.matches.at(-1)?.route.path, path).not.toBe('*');
    }
    unmount();
  });

  it('sends a visitor without a session to login, from known and unknown routes', async () => {
    mockFetch({});
    for (const path of ['/device/list', '/', '/no/such/page']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      unmount();
    }
  });

  it('sends a signed-in user on an unknown route to their landing page', async () => {
    mockFetch({});
    const { router } = renderApp('/no/such/page', userWith('DS_KT'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/newdevice/list'));
  });

  it('sends a second visit to / on to the landing page when the router passed the landing page unrendered', async () => {
    // React renders only the last of router states that come together (transitions): here the redirect of a
    // visit to / reaches the landing page and a new visit to / starts before React renders it. The guard must
    // redirect that second visit too (it stayed on a blank / when the first visit's redirect was still mounted).
    mockFetch({});
    const { router } = renderApp('/newdevice/list', userWith('DS_KT'));
    await waitFor(() => expect(document.title).toBe('Players waiting for registration - Digital Signage'));
    let visitedAgain = false;
    const stop = router.subscribe((state) => {
      if (visitedAgain || state.navigation.state !== 'idle' || state.location.pathname !== '/newdevice/list') return;
      visitedAgain = true;
      void router.navigate('/?again');
    });
    await act(() => router.navigate('/'));
    stop();
    expect(visitedAgain).toBe(true);
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/newdevice/list', search: '' }));
  });

  it('renders the content history list with its title and its empty state', async () => {
    mockFetch({
      'GET /api/contents/history': () =>
        success({
          contentHistory: [],
          start_date: '2026-11-15',
          end_date: '2026-11-24',
          summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' },
        }),
    });
    renderApp('/contents/history', userWith('DS_FRIT'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Contents history' })).toBeVisible();
    expect(await screen.findByText('No content played in this period')).toBeVisible();
    expect(document.title).toBe('Contents history - Digital Signage');
  });

  it('keeps the English title suffix in every language', async () => {
    mockFetch({});
    renderApp('/device/list', userWith('DS_MK'));
    await screen.findByRole('heading', { level: 1, name: 'Player list' });
    for (const language of LANGUAGES) {
      await act(() => setLanguage(language));
      expect(document.title).toMatch(/ - Digital Signage$/);
    }
    expect(document.title).toBe('플레이어 목록 - Digital Signage');
  });
});

describe('session restore at start', () => {
  it('waits for the session check, then lets the restored user in', async () => {
    const user = userWith('DS_LHQIT');
    mockFetch({ 'GET /api/users/me': () => success(user) });
    const { router } = renderApp('/contents/list', null, { restore: true });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await waitFor(() => expect(useAuth.getState().user).toEqual(user));
    expect(router.state.location.pathname).toBe('/contents/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contents list' })).toBeVisible();
  });

  it('goes to login when there is no session', async () => {
    mockFetch({ 'GET /api/users/me': () => failure(401, 'Please sign in to continue') });
    const { router } = renderApp('/device/list', null, { restore: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
