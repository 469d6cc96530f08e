import { API, MESSAGES, NO_MORE_RESULTS } from '@signage/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockFetch, success } from '../test/fetchMock';
import { userWith } from '../test/renderApp';
import { ApiError, call, errorMessageOf } from './api';
import { useAuth } from './authStore';
import { setNavigator } from './navigation';

describe('api client', () => {
  afterEach(() => setNavigator(null));

  const noDevices = { devices: [], summary: { endCursor: null, moreResults: NO_MORE_RESULTS } };

  it('returns the data of a Success envelope and builds the query string from the contract', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/devices': () => success(noDevices) });
    const data = await call(API.players.list, {
      query: { order: 'DESC', shop_no: '', region: undefined, tags: ['a', 'b'], all: true, is_alive: false },
    });
    expect(data).toEqual(noDevices);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/devices?order=DESC&tags=a&tags=b&all=true&is_alive=false');
  });

  it('fills path parameters, encoded, and rejects an answer that breaks the response schema', async () => {
    const { requests } = mockFetch({ 'GET /api/devices/A%2FB': () => success({ devices: [{ wrong: true }] }) });
    await expect(call(API.players.detail, { params: { device_code: 'A/B' } })).rejects.toThrow();
    expect(requests[0]?.path).toBe('/api/devices/A%2FB');
  });

  it('sends the signed-in username in User-Name, except on anonymous calls', async () => {
    const { requests } = mockFetch({
      'GET /api/devices': () => success(noDevices),
      'POST /api/users/x/auth': () => success(userWith('DS_MK')),
    });
    useAuth.getState().setUser(userWith('DS_MK', { username: '山田 太郎' }));
    await call(API.players.list);
    await call(API.users.login, { params: { userId: 'x' }, body: { password: 'p' }, anonymous: true });
    expect(decodeURIComponent(requests[0]?.headers.get('User-Name') ?? '')).toBe('山田 太郎');
    expect(requests[1]?.headers.has('User-Name')).toBe(false);
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toEqual({ password: 'p' });
  });

  it('sends FormData as is', async () => {
    const { requests } = mockFetch({ 'POST /api/contents': () => failure(400, 'no file') });
    const form = new FormData();
    form.append('name', 'spring');
    await call(API.contents.register, { body: form }).catch(() => undefined);
    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('throws ApiError with the status and the server message on failure', async () => {
    mockFetch({ 'DELETE /api/contents/9': () => failure(409, MESSAGES.contentDeleteFailed) });
    const error = await call(API.contents.remove, { params: { contentId: '9' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: MESSAGES.contentDeleteFailed });
    expect(errorMessageOf(error, MESSAGES.unexpectedError)).toBe(MESSAGES.contentDeleteFailed);
  });

  it('treats a Failure result as an error even with status 200, and a non-JSON answer as unexpected', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response(JSON.stringify({ result: 'Failure', message: 'nope', data: null })))
        .mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }))
        .mockRejectedValueOnce(new TypeError('network down')),
    );
    await expect(call(API.users.me)).rejects.toMatchObject({ status: 200, message: 'nope' });
    await expect(call(API.users.me)).rejects.toMatchObject({ status: 502, message: MESSAGES.unexpectedError });
    await expect(call(API.users.me)).rejects.toMatchObject({ status: 0, message: MESSAGES.unexpectedError });
  });

  it('ends the session and goes to login on a 401', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ 'GET /api/devices': () => failure(401, 'Please sign in to continue') });
    useAuth.getState().setUser(userWith('DS_MK'));
    await expect(call(API.players.list)).rejects.toMatchObject({ status: 401 });
    expect(useAuth.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone on a 401 of an anonymous call (wrong password)', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ 'POST /api/users/a/auth': () => failure(401, MESSAGES.loginFailed) });
    useAuth.getState().setUser(userWith('DS_MK'));
    await expect(
      call(API.users.login, { params: { userId: 'a' }, body: { password: 'wrong' }, anonymous: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(useAuth.getState().user).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
