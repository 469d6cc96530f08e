import { vi } from 'vitest';

export type MockRequest = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
export type MockReply = { status: number; body: unknown };
type Handler = (request: MockRequest) => MockReply | Promise<MockReply>;

export const success = (data: unknown): MockReply => ({ status: 200, body: { result: 'Success', message: '', data } });
export const failure = (status: number, message: string): MockReply => ({
  status,
  body: { result: 'Failure', message, data: null },
});

/**
 * Replaces fetch with a table of handlers keyed 'METHOD /path' (query strings ignored); anything
 * else answers 404. Returns the mock, whose calls the tests inspect through `requests`.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: MockRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply = handler ? await handler(request) : failure(404, 'The requested item was not found');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
