import { MESSAGES, searchOf, type TEnvelope } from '@signage/domain';
import { useAuth } from './authStore';
import { navigateTo } from './navigation';

/*
 * The HTTP side of the API client without the contracts: no zod schema and no contract table, so
 * the sign-in client (auth/client.ts) and the first load of /login stay small. `call` (api.ts) adds
 * the contracts and the validation of every answer on top of `request`.
 */

/** Where the API lives; same origin unless a deployment sets VITE_API_BASE. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** A call that did not answer `Success`: the HTTP status and the server's message (catalogue text). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

type RequestOptions<T> = {
  query?: Record<string, unknown>;
  /** JSON-serialised, or sent as is when FormData or a Blob (uploads; a Blob with its own type). */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates `data` at the edge and gives it its type (a zod schema's `parse`, or a hand-written check). */
  parse?: (data: unknown) => T;
  /**
   * Calls made without a session (login, session restore, logout): no User-Name header, and a 401
   * is an answer for the caller rather than the end of the session.
   */
  anonymous?: boolean;
};

export function isEnvelope(value: unknown): value is TEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'result' in value && 'message' in value;
}

/** The session is gone: forget the user (a signed-in one is told why) and show the login page. */
export function endLocalSession(): void {
  useAuth.getState().expire();
  navigateTo('/login');
}

export async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const username = useAuth.getState().user?.username;
  // The spec's User-Name header; the server never trusts it. Encoded: header values must be Latin-1.
  if (username && !options.anonymous) headers['User-Name'] = encodeURIComponent(username);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body instanceof Blob) {
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${searchOf(options.query)}`, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, MESSAGES.unexpectedError);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  const envelope = isEnvelope(payload) ? payload : undefined;

  if (response.status === 401 && !options.anonymous) endLocalSession();

  if (!response.ok || envelope?.result !== 'Success') {
    throw new ApiError(response.status, envelope?.message || MESSAGES.unexpectedError);
  }
  return options.parse ? options.parse(envelope.data) : (envelope.data as T);
}

/** The text to show for a failed call: the server's message, or the catalogue default of the call. */
export function errorMessageOf(error: unknown, fallback: string = MESSAGES.unexpectedError): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
