import { MESSAGES } from '@signage/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockFetch, success } from '../test/fetchMock';
import { userWith } from '../test/renderApp';
import { ApiError, api, errorMessageOf } from './api';
import { useAuth } from './auth/store';
import { setNavigator } from './navigation';

describe('api client', () => {
  afterEach(() => setNavigator(null));

  it('returns the data of a Success envelope and builds the query string', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/devices': () => success({ devices: [1, 2] }) });
    const data = await api.get<{ devices: number[] }>('/api/devices', {
      query: { order: 'DESC', shop_no: '', region: null, tags: ['a', 'b'], all: true, page: 0 },
    });
    expect(data).toEqual({ devices: [1, 2] });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/devices?order=DESC&tags=a&tags=b&all=true&page=0');
  });

  it('sends the signed-in username in User-Name, except on anonymous calls', async () => {
    const { requests } = mockFetch({
      'GET /api/devices': () => success([]),
      'POST /api/users/x/auth': () => success(null),
    });
    useAuth.getState().setUser(userWith('DS_MK', { username: '山田 太郎' }));
    await api.get('/api/devices');
    await api.post('/api/users/x/auth', { body: { password: 'p' }, anonymous: true });
    expect(decodeURIComponent(requests[0]?.headers.get('User-Name') ?? '')).toBe('山田 太郎');
    expect(requests[1]?.headers.has('User-Name')).toBe(false);
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toEqual({ password: 'p' });
  });

  it('sends FormData as is', async () => {
    const { requests } = mockFetch({ 'POST /api/contents': () => success({ ok: true }) });
    const form = new FormData();
    form.append('name', 'spring');
    await api.post('/api/contents', { body: form });
    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('throws ApiError with the status and the server message on failure', async () => {
    mockFetch({ 'DELETE /api/schedules/9': () => failure(409, 'Failed to delete schedule') });
    const error = await api.del('/api/schedules/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Failed to delete schedule' });
    expect(errorMessageOf(error, MESSAGES.scheduleDeleteFailed)).toBe('Failed to delete schedule');
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
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 200, message: 'nope' });
    await expect(api.get('/api/b')).rejects.toMatchObject({ status: 502, message: MESSAGES.unexpectedError });
    await expect(api.get('/api/c')).rejects.toMatchObject({ status: 0, message: MESSAGES.unexpectedError });
  });

  it('ends the session and goes to login on a 401', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ 'GET /api/devices': () => failure(401, 'Please sign in to continue') });
    useAuth.getState().setUser(userWith('DS_MK'));
    await expect(api.get('/api/devices')).rejects.toMatchObject({ status: 401 });
    expect(useAuth.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone on a 401 of an anonymous call (wrong password)', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch({ 'POST /api/users/a/auth': () => failure(401, MESSAGES.loginFailed) });
    useAuth.getState().setUser(userWith('DS_MK'));
    await expect(api.post('/api/users/a/auth', { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(useAuth.getState().user).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
