import { MESSAGES } from '@signage/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readScreenState, useScreenStateStore } from '../../../app/screenState';
import { setLanguage } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { failure, type MockReply, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { startSingleSignOn } from '../sso';

vi.mock('../sso', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../sso')>()),
  startSingleSignOn: vi.fn(() => Promise.resolve()),
}));

async function fields() {
  return {
    id: await screen.findByLabelText('ID'),
    password: screen.getByLabelText('Password'),
    vendor: screen.getByRole('button', { name: 'For Vendor' }),
  };
}

describe('Login page', () => {
  it('shows the title area, both fields and both buttons', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Digital signage system' })).toBeInTheDocument();
    const { id, password } = await fields();
    expect(id).toHaveFocus();
    expect(id).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'For FR Group' })).toBeEnabled();
    expect(document.title).toBe('Login - Digital Signage');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("keeps 'For Vendor' disabled until both ID and password are filled", async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/login');
    const { id, password, vendor } = await fields();
    expect(vendor).toBeDisabled();
    await user.type(id, 'alice');
    expect(vendor).toBeDisabled();
    await user.type(password, 'secret');
    expect(vendor).toBeEnabled();
    await user.clear(id);
    expect(vendor).toBeDisabled();
    await user.type(id, '   ');
    expect(vendor).toBeDisabled();
  });

  it('says which field is missing once it has been left empty, in the chosen language', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/login');
    const { id, password } = await fields();
    expect(screen.queryByText('Please enter your ID')).not.toBeInTheDocument();
    await user.click(id);
    await user.tab();
    expect(await screen.findByText('Please enter your ID')).toBeInTheDocument();
    expect(id).toHaveAccessibleDescription('Please enter your ID');
    expect(screen.queryByText('Please enter your Password')).not.toBeInTheDocument();
    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Please enter your Password')).toBeInTheDocument();
    await setLanguage('ja');
    expect(await screen.findByText('IDを入力してください')).toBeInTheDocument();
    await user.type(screen.getByLabelText('ID'), 'alice');
    await waitFor(() => expect(screen.queryByText('IDを入力してください')).not.toBeInTheDocument());
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
  });

  it('submits with Enter and lands on the landing page of the role', async () => {
    const user = userEvent.setup();
    const kitting = userWith('DS_KT', { userId: 'kt-01' });
    const { requests } = mockFetch({ 'POST /api/users/kt-01/auth': () => success(kitting) });
    const { router } = renderApp('/login');
    const { id, password } = await fields();
    await user.type(id, 'kt-01');
    await user.type(password, 'secret{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/newdevice/list'));
    const login = requests.find((request) => request.method === 'POST');
    expect(login?.body).toEqual({ password: 'secret' });
    expect(login?.headers.has('User-Name')).toBe(false);
    expect(useAuth.getState().user).toEqual(kitting);
    expect(await screen.findByRole('heading', { level: 1, name: 'Players waiting for registration' })).toBeVisible();
  });

  it.each([
    ['DS_MK', '/device/list'],
    ['DS_FRIT', '/device/list'],
    ['DS_ST', '/device/list'],
  ] as const)('sends %s to %s after clicking For Vendor', async (role, landing) => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/users/someone/auth': () => success(userWith(role, { userId: 'someone' })) });
    const { router } = renderApp('/login');
    const { id, password, vendor } = await fields();
    await user.type(id, 'someone');
    await user.type(password, 'pw');
    await user.click(vendor);
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  it('shows a 401 in a red strip with the server message, and the strip can be dismissed', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/users/alice/auth': () => failure(401, 'Incorrect ID or password. Login failed') });
    const { router } = renderApp('/login');
    const { id, password } = await fields();
    await user.type(id, 'alice');
    await user.type(password, 'wrong{Enter}');

    const strip = await screen.findByRole('alert');
    expect(strip).toHaveTextContent('Incorrect ID or password. Login failed');
    // The red (error) strip, not the yellow one of an expired session.
    expect(strip).toHaveClass('plain-alert-error');
    expect(router.state.location.pathname).toBe('/login');

    await user.click(within(strip).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the sign-in under way on the button, and sends one sign-in however often Enter is pressed', async () => {
    const user = userEvent.setup();
    let answer: (reply: MockReply) => void = () => {};
    const { requests } = mockFetch({
      'POST /api/users/alice/auth': () =>
        new Promise<MockReply>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/login');
    const { id, password, vendor } = await fields();
    await user.type(id, 'alice');
    await user.type(password, 'secret{Enter}');
    await waitFor(() => expect(vendor).toHaveAttribute('aria-busy', 'true'));
    await user.type(password, '{Enter}');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);

    answer(failure(401, 'Incorrect ID or password. Login failed'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect ID or password. Login failed');
    expect(vendor).not.toHaveAttribute('aria-busy');
  });

  it('shows and hides the password, in the chosen language', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/login');
    const { password } = await fields();
    await user.type(password, 'secret');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    await setLanguage('ko');
    expect(await screen.findByRole('button', { name: '비밀번호 표시' })).toBeInTheDocument();
  });

  it('translates a catalogue message and shows any other message as the server wrote it', async () => {
    const user = userEvent.setup();
    let answer = failure(429, 'Too many failed sign-in attempts. Please wait a few minutes and try again');
    mockFetch({ 'POST /api/users/alice/auth': () => answer });
    renderApp('/login');
    await setLanguage('ja');
    const id = await screen.findByLabelText('ID');
    await user.type(id, 'alice');
    await user.type(screen.getByLabelText('パスワード'), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'サインインの失敗が続いています。数分待ってから再度お試しください',
    );

    answer = failure(400, 'Something only the server knows');
    await user.click(screen.getByRole('button', { name: 'ベンダー向け' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something only the server knows'));
  });

  it("starts single sign-on from 'For FR Group'", async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'For FR Group' }));
    expect(startSingleSignOn).toHaveBeenCalledTimes(1);
  });

  it('shows why single sign-on cannot start in the red strip', async () => {
    const user = userEvent.setup();
    mockFetch({});
    vi.mocked(startSingleSignOn).mockRejectedValueOnce(new ApiError(503, MESSAGES.ssoNotConfigured));
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'For FR Group' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.ssoNotConfigured));
  });

  it('ends the current session and forgets screen state on entry', async () => {
    const marketing = userWith('DS_MK', { userId: 'mk-01' });
    const { requests } = mockFetch({ 'DELETE /api/users/mk-01/auth': () => success(null) });
    useScreenStateStore.getState().update('deviceList', { page: 3 });
    renderApp('/login', marketing);

    await screen.findByRole('button', { name: 'For Vendor' });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain('DELETE /api/users/mk-01/auth');
    expect(useAuth.getState().user).toBeNull();
    expect(readScreenState('deviceList').page).toBe(1);
  });

  it('still clears the local session when the server cannot log out', async () => {
    mockFetch({
      'DELETE /api/users/mk-01/auth': () => failure(500, 'Failed to logout'),
      'GET /api/sso/token/abc': () => failure(400, MESSAGES.ssoExpired),
    });
    const { router } = renderApp('/sso/abc', userWith('DS_MK', { userId: 'mk-01' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ssoExpired);
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuth.getState().user).toBeNull();
  });
});

describe('single sign-on response (/sso/{token})', () => {
  it.each([
    ['DS_KT', '/newdevice/list'],
    ['DS_ST', '/device/list'],
    ['DS_FRIT', '/device/list'],
  ] as const)('exchanges the one-time token once and sends %s to %s', async (role, landing) => {
    const user = userWith(role, { userId: `sso-${role}` });
    const { requests } = mockFetch({ [`GET /api/sso/token/tok-${role}`]: () => success(user) });
    const { router } = renderApp(`/sso/tok-${role}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    expect(useAuth.getState().user).toEqual(user);
    const exchanges = requests.filter((request) => request.path === `/api/sso/token/tok-${role}`);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.headers.has('User-Name')).toBe(false);
  });

  it('goes to login with the reason in the red strip when the token is refused', async () => {
    mockFetch({ 'GET /api/sso/token/used': () => failure(400, MESSAGES.ssoExpired) });
    const { router } = renderApp('/sso/used');
    await setLanguage('ja');
    const strip = await screen.findByRole('alert');
    expect(router.state.location.pathname).toBe('/login');
    expect(strip).toHaveTextContent('シングルサインオンの有効期限が切れたか、すでに使用されています');
  });

  it("shows the server's refusal from /login?error=… in the red strip, until dismissed", async () => {
    const user = userEvent.setup();
    mockFetch({});
    const { router } = renderApp('/login?error=ssoNoRole');
    const strip = await screen.findByRole('alert');
    expect(strip).toHaveTextContent(MESSAGES.ssoNoRole);
    await user.click(within(strip).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('shows the refusal of a local password account in the strip, in the chosen language (issue 30 item 7)', async () => {
    mockFetch({});
    renderApp('/login?error=ssoLocalAccount');
    await setLanguage('ja');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このユーザーIDはパスワードを持つローカルアカウントのため、シングルサインオンではサインインできません',
    );
  });

  it('shows the SHA-1 refusal in the strip', async () => {
    mockFetch({});
    renderApp('/login?error=ssoWeakSignature');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ssoWeakSignature);
  });

  it('shows no strip for an unknown or unrelated error key', async () => {
    mockFetch({});
    renderApp('/login?error=loginFailed');
    await screen.findByRole('button', { name: 'For Vendor' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
