import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../../lib/authStore';
import { failure, mockFetch, success } from '../../test/fetchMock';
import { renderApp, userWith } from '../../test/renderApp';
import { useOverlay } from '../../ui/useOverlay';
import { useBanner } from './useBanner';

async function sideMenu() {
  return screen.findByRole('navigation', { name: 'Main menu' });
}

describe('side menu', () => {
  it('shows DS_KT only the player group, with its two items', async () => {
    mockFetch({});
    renderApp('/newdevice/list', userWith('DS_KT'));
    const menu = await sideMenu();
    expect(within(menu).getByText('Player')).toBeVisible();
    for (const group of ['Contents', 'Playlist', 'Setting']) expect(within(menu).queryByText(group)).toBeNull();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['New registration', 'List view']);
  });

  it('shows DS_FRIT every group', async () => {
    mockFetch({});
    renderApp('/device/list', userWith('DS_FRIT'));
    const menu = await sideMenu();
    for (const group of ['Contents', 'Player', 'Playlist', 'Setting', 'Audit', 'Emergency', 'Alerts'])
      expect(within(menu).getByText(group)).toBeVisible();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(11);
    expect(within(menu).getByText('Audit trail')).toBeVisible();
    expect(within(menu).getByText('Emergency messages')).toBeVisible();
    expect(within(menu).getByText('Fleet health')).toBeVisible();
    expect(within(menu).getByText('My alerts')).toBeVisible();
    expect(within(menu).getByText('History')).toBeVisible();
  });

  it('shows DS_LHQBIZ the content list but no content registration or history', async () => {
    mockFetch({});
    renderApp('/device/list', userWith('DS_LHQBIZ'));
    const menu = await sideMenu();
    expect(within(menu).getByText('Contents')).toBeVisible();
    expect(within(menu).queryByText('History')).toBeNull();
    expect(within(menu).queryByText('Setting')).toBeNull();
  });

  it('highlights the current screen and navigates on click', async () => {
    const user = userEvent.setup();
    mockFetch({});
    const { router } = renderApp('/newdevice/list', userWith('DS_KT'));
    const menu = await sideMenu();
    const [waiting, list] = within(menu).getAllByRole('menuitem');
    expect(waiting).toHaveClass('ant-menu-item-selected');
    await user.click(list!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Player list' })).toBeVisible();
    expect(list).toHaveClass('ant-menu-item-selected');
    expect(document.title).toBe('Player list - Digital Signage');
  });

  it('keeps the side menu in view on long pages', async () => {
    mockFetch({});
    renderApp('/device/list', userWith('DS_MK'));
    await sideMenu();
    expect(document.getElementById('side-menu')).toHaveStyle({ position: 'sticky', overflowY: 'auto' });
  });

  it('collapses and expands with the hamburger button', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/device/list', userWith('DS_MK'));
    await sideMenu();
    const hamburger = screen.getByRole('button', { name: 'Toggle side menu' });
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await user.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('side-menu')).toHaveClass('ant-layout-sider-collapsed');
    await user.click(hamburger);
    expect(document.getElementById('side-menu')).not.toHaveClass('ant-layout-sider-collapsed');
  });
});

describe('message banner', () => {
  it("shows 'prefix~key' as the prefix and the translated key, and a click dismisses it", async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/device/list', userWith('DS_FRIT'));
    await sideMenu();
    act(() => useBanner.getState().show({ level: 'warning', text: 'Store 0001: ~playerDeleted' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Store 0001: Player has been deleted');
    expect(banner).toHaveClass('ant-alert-warning');
    await user.click(banner);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(useBanner.getState().message).toBeNull();
  });

  it('translates a plain catalogue text and an i18n key after the tilde', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/device/list', userWith('DS_FRIT'));
    await sideMenu();
    act(() => useBanner.getState().show({ level: 'error', text: 'Failed to logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to logout');
    await user.click(screen.getByRole('button', { name: 'DS_FRIT user' }));
    await user.click(await screen.findByRole('radio', { name: '日本語' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('ログアウトに失敗しました'));
    act(() => useBanner.getState().show({ level: 'info', text: '3 ~common.copied' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('3 コピーしました'));
  });

  it('translates a bare i18n key, such as the texts of content update and delete', async () => {
    mockFetch({});
    renderApp('/device/list', userWith('DS_FRIT'));
    await sideMenu();
    act(() => useBanner.getState().show({ level: 'info', text: 'contents.detail.updated' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Content has been updated');
    act(() => useBanner.getState().show({ level: 'info', text: 'contents.detail.deleted' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Content has been deleted'));
    act(() => useBanner.getState().show({ level: 'error', text: 'contents.serverMessages.contentInUse' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This content is used by a schedule and cannot be deleted'),
    );
  });

  it('is hidden on the login page, as is the header', async () => {
    mockFetch({});
    useBanner.getState().show({ level: 'info', text: 'Hello' });
    renderApp('/login');
    await screen.findByRole('button', { name: 'For Vendor' });
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle side menu' })).not.toBeInTheDocument();
  });
});

describe('language', () => {
  it('switches from the settings panel, and keeps the choice in local storage and a cookie', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/device/list', userWith('DS_FRIT', { username: 'Tanaka' }));
    await sideMenu();
    await user.click(screen.getByRole('button', { name: 'Tanaka' }));
    const panel = await screen.findByRole('dialog');
    for (const label of ['日本語', 'English', '繁體中文', '한국어']) {
      expect(within(panel).getByRole('radio', { name: label })).toBeInTheDocument();
    }
    expect(within(panel).getByRole('radio', { name: 'English' })).toBeChecked();

    await user.click(within(panel).getByRole('radio', { name: '日本語' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'プレーヤー一覧' })).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'メインメニュー' })).getByText('コンテンツ')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'ログアウト' })).toBeVisible();
    expect(localStorage.getItem('language')).toBe('ja');
    expect(document.cookie).toMatch(/(^|; )language=ja(;|$)/);
    expect(document.title).toBe('プレーヤー一覧 - Digital Signage');
    expect(document.documentElement.lang).toBe('ja');

    await user.click(within(panel).getByRole('radio', { name: '繁體中文' }));
    expect(await screen.findByRole('heading', { level: 1, name: '播放器清單' })).toBeVisible();
    expect(localStorage.getItem('language')).toBe('tw');
    expect(document.cookie).toMatch(/(^|; )language=tw(;|$)/);
  });

  it('switches from the compact switch in the header', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/newdevice/list', userWith('DS_KT'));
    await sideMenu();
    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: '한국어' }));
    expect(await screen.findByRole('heading', { level: 1, name: '등록 대기 중인 플레이어' })).toBeVisible();
    expect(localStorage.getItem('language')).toBe('ko');
    expect(document.cookie).toMatch(/(^|; )language=ko(;|$)/);
  });
});

describe('logout and session', () => {
  it('logs out from the settings panel and returns to login', async () => {
    const user = userEvent.setup();
    const { requests } = mockFetch({ 'DELETE /api/users/frit/auth': () => success(null) });
    const { router } = renderApp('/device/list', userWith('DS_FRIT', { userId: 'frit', username: 'Admin' }));
    await sideMenu();
    await user.click(screen.getByRole('button', { name: 'Admin' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/api/users/frit/auth')).toBe(
      true,
    );
    expect(useAuth.getState().user).toBeNull();
    expect(await screen.findByRole('button', { name: 'For Vendor' })).toBeVisible();
  });

  it('shows the logout failure in the banner and stays signed in', async () => {
    const user = userEvent.setup();
    mockFetch({ 'DELETE /api/users/frit/auth': () => failure(500, 'Failed to logout') });
    const { router } = renderApp('/device/list', userWith('DS_FRIT', { userId: 'frit', username: 'Admin' }));
    await sideMenu();
    await user.click(screen.getByRole('button', { name: 'Admin' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to logout');
    expect(router.state.location.pathname).toBe('/device/list');
    expect(useAuth.getState().user).not.toBeNull();
  });

  it('Back closes an open overlay and stays on the page', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/users/me': () => success(userWith('DS_MK', { username: 'Sato' })) });
    const { router } = renderApp('/device/list', userWith('DS_MK', { username: 'Sato' }));
    await sideMenu();
    await act(() => router.navigate('/device/detail?device_code=DV1'));
    await user.click(screen.getByRole('button', { name: 'Sato' }));
    await screen.findByRole('dialog');
    expect(useOverlay.getState().open).toBe('headerMenu');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(useOverlay.getState().open).toBeNull());
    expect(router.state.location.pathname).toBe('/device/detail');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'));
  });

  it('Back closes an overlay opened right after a direct load, and closing it otherwise keeps the page', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/users/me': () => success(userWith('DS_MK', { username: 'Sato' })) });
    const { router } = renderApp('/device/list', userWith('DS_MK', { username: 'Sato' }));
    await sideMenu();
    await user.click(screen.getByRole('button', { name: 'Sato' }));
    await screen.findByRole('dialog');
    expect(useOverlay.getState().open).toBe('headerMenu');
    // The page is the first history entry: without an entry of the overlay's own, a browser's Back would
    // leave the console instead of closing the overlay.
    await waitFor(() => expect(router.state.historyAction).toBe('PUSH'));
    expect(router.state.location).toMatchObject({ pathname: '/device/list', state: { overlay: 'headerMenu' } });

    await act(() => router.navigate(-1));
    await waitFor(() => expect(useOverlay.getState().open).toBeNull());
    expect(router.state.location.pathname).toBe('/device/list');

    await user.click(screen.getByRole('button', { name: 'Sato' }));
    await waitFor(() => expect(useOverlay.getState().open).toBe('headerMenu'));
    act(() => useOverlay.getState().close());
    await act(() => router.navigate('/device/detail'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'));
    expect(useOverlay.getState().open).toBeNull();
  });

  it('Back goes to login when the server says the session is gone', async () => {
    mockFetch({ 'GET /api/users/me': () => failure(401, 'Please sign in to continue') });
    const { router } = renderApp('/device/list', userWith('DS_MK'));
    await sideMenu();
    await act(() => router.navigate('/device/detail'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuth.getState().user).toBeNull();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });
});
