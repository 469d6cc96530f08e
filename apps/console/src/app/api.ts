import { MESSAGES, type TEnvelope } from '@signage/domain';
import type { z } from 'zod';
import { useAuth } from './auth/store';
import { navigateTo } from './navigation';

/** Where the API lives; same origin unless a deployment sets VITE_API_BASE. */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** A call that did not answer `Success`: the HTTP status and the server's message (catalogue text). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions<T> = {
  query?: Query;
  /** JSON-serialised, or sent as is when FormData or a Blob (uploads; a Blob with its own type). */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates `data` at the edge; the type then comes from the domain schema. */
  schema?: z.ZodType<T>;
  /**
   * Calls made without a session (login, session restore, logout): no User-Name header, and a 401
   * is an answer for the caller rather than the end of the session.
   */
  anonymous?: boolean;
};

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v !== undefined && v !== null && v !== '') params.append(name, String(v));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function isEnvelope(value: unknown): value is TEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'result' in value && 'message' in value;
}

/** The session is gone: forget the user and show the login page. */
function endLocalSession(): void {
  useAuth.getState().clear();
  navigateTo('/login');
}

async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
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
    response = await fetch(buildUrl(path, options.query), {
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
  return options.schema ? options.schema.parse(envelope.data) : (envelope.data as T);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
  del: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
};

/** The text to show for a failed call: the server's message, or the catalogue default of the call. */
export function errorMessageOf(error: unknown, fallback: string = MESSAGES.unexpectedError): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
