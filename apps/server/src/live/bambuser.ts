import { type CreateStreamInput, type LiveProvider, LiveProviderError, type LiveStream } from './types';

export interface BambuserProviderOptions {
  apiKey: string;
  /** Default https://api.bambuser.com; tests point it at a local stand-in. */
  baseUrl?: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

export const BAMBUSER_DEFAULT_BASE_URL = 'https://api.bambuser.com';
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_ERROR_DETAIL = 300;

type Json = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The RTMP ingest of a created application. Bambuser's public reference does not show this answer's
 * fields; its dashboard labels them `url` and `key`, and its JSON is camelCase elsewhere, so both
 * spellings are read. Anything else fails loudly instead of handing the user an empty key.
 */
function readIngest(body: Json): { ref: string; rtmpUrl: string; streamKey: string } {
  const nested = (typeof body.rtmp === 'object' && body.rtmp !== null ? body.rtmp : {}) as Json;
  const ref = text(body.id) ?? text(body.applicationId);
  const rtmpUrl = text(body.rtmpUrl) ?? text(body.url) ?? text(nested.url);
  const streamKey = text(body.streamKey) ?? text(body.key) ?? text(nested.key);
  if (!ref || !rtmpUrl || !streamKey) {
    const fields = Object.keys(body).join(', ') || 'none';
    throw new LiveProviderError(
      'bambuser',
      `Bambuser answered without an application id, RTMP url and key (fields: ${fields})`,
    );
  }
  return { ref, rtmpUrl, streamKey };
}

/**
 * Bambuser's HTTP API (https://bambuser.com/docs/api/): bearer API key, version chosen by the Accept header.
 * A stream is an RTMP application (POST /applications with platform "rtmp"); its id is the `ref` that
 * deleteStream removes.
 */
export class BambuserProvider implements LiveProvider {
  readonly id = 'bambuser' as const;
  readonly label = 'Bambuser';
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: BambuserProviderOptions) {
    if (!options.apiKey) throw new Error('BambuserProvider needs an API key');
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? BAMBUSER_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async createStream(input: CreateStreamInput): Promise<LiveStream> {
    const body = await this.request('POST', '/applications', {
      platform: 'rtmp',
      // The content key keeps the application traceable in Bambuser's dashboard.
      title: `${input.title} [${input.contentKey}]`,
    });
    return readIngest(body ?? {});
  }

  async deleteStream(ref: string): Promise<void> {
    await this.request('DELETE', `/applications/${encodeURIComponent(ref)}`, undefined, { missingIsFine: true });
  }

  private async request(
    method: 'POST' | 'DELETE',
    path: string,
    payload?: Json,
    options: { missingIsFine?: boolean } = {},
  ): Promise<Json | null> {
    const call = `${method} ${path}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.apiKey}`,
          Accept: 'application/vnd.bambuser.v1+json',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
        body: payload ? JSON.stringify(payload) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const message = timedOut
        ? `Bambuser API did not answer ${call} within ${this.timeoutMs / 1000} s`
        : `Bambuser API could not be reached for ${call}: ${(error as Error).message}`;
      throw new LiveProviderError('bambuser', message, undefined, { cause: error });
    }
    if (response.status === 404 && options.missingIsFine) return null;
    const raw = await response.text().catch(() => '');
    if (!response.ok) {
      const detail = raw.trim().slice(0, MAX_ERROR_DETAIL);
      throw new LiveProviderError(
        'bambuser',
        `Bambuser API answered ${response.status} ${response.statusText} to ${call}${detail ? `: ${detail}` : ''}`,
        response.status,
      );
    }
    if (!raw.trim()) return null;
    try {
      return JSON.parse(raw) as Json;
    } catch (error) {
      throw new LiveProviderError('bambuser', `Bambuser API answered ${call} with invalid JSON`, response.status, {
        cause: error,
      });
    }
  }
}
