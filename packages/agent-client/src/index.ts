import {
  AGENT_CONTRACTS,
  AGENT_EVENT_NAMES,
  type AgentEventName,
  type BodyIn,
  type Contract,
  type LogLevel,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
  type TAgentCommand,
  type TCommandAnswer,
  type TDeliveryReport,
  type TLogUpload,
  type TManifest,
  type TPlay,
  type TScreenshotUpload,
  urlOf,
  ZFailure,
  zEnvelope,
} from '@signage/domain';

/**
 * A typed client of the player protocol /agent/v1 for the simulator, the tests and the web player.
 * Browser-safe: it needs only `fetch`. Every reply is parsed with the domain schema of its call, so a
 * server that answers something else fails loudly here instead of deep inside a player.
 */
export type AgentClientOptions = {
  /** Where the server is, e.g. 'http://127.0.0.1:8080' (the /agent/v1 paths are added). */
  baseUrl: string;
  /** The device token from pairing; `pair` sets it. */
  token?: string;
  /** Defaults to the global fetch; tests pass one that routes to the app in process. */
  fetch?: typeof fetch;
};

/** A refused or unreadable call: the HTTP status and the server's message (the text installers see). */
export class AgentClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait before trying again (throttled pairing), when the server said so. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'AgentClientError';
  }
}

/** What one call sends, typed by its contract (zod input types). */
export type CallInput<C extends Contract> = { params?: ParamsIn<C>; query?: QueryIn<C>; body?: BodyIn<C> };

/** The error of a refused call, with the server's message and Retry-After. */
function errorOf(response: Response, json: unknown): AgentClientError {
  const failure = ZFailure.safeParse(json);
  const retryAfter = Number(response.headers.get('retry-after'));
  return new AgentClientError(
    response.status,
    failure.success ? failure.data.message : `HTTP ${response.status}`,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export type AgentClient = ReturnType<typeof createAgentClient>;

export function createAgentClient(options: AgentClientOptions) {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  let token = options.token;

  /** Calls one contract: the device token goes along on 'device' contracts, the reply is parsed by its schema. */
  async function call<C extends Contract>(contract: C, input: CallInput<C> = {}): Promise<ResponseOf<C>> {
    const headers: Record<string, string> = {};
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    if (contract.roles === 'device' && token) headers.authorization = `Bearer ${token}`;
    const response = await send(new URL(urlOf(contract, input), options.baseUrl), {
      method: contract.method,
      headers,
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorOf(response, json);
    const envelope = zEnvelope(contract.response).safeParse(json);
    if (!envelope.success) {
      throw new AgentClientError(response.status, `Unexpected reply from ${contract.path}: ${envelope.error.message}`);
    }
    return envelope.data.data as ResponseOf<C>;
  }

  /**
   * The manifest. With the version the player holds, an unchanged manifest answers 304 and this returns
   * { changed: false }; otherwise the parsed manifest. `serverTime` (the X-Server-Time header, epoch ms)
   * comes with both, for the player's clock skew. `fresh` asks the server to check the version against the
   * database rather than its cache of served versions (Cache-Control: no-cache): for a collect a push event
   * asked for, which another server process may have sent before this one heard of the change.
   */
  async function manifest(
    version?: string,
    ask: { fresh?: boolean } = {},
  ): Promise<
    { changed: true; manifest: TManifest; serverTime: number } | { changed: false; version: string; serverTime: number }
  > {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (version) headers['if-none-match'] = `"${version}"`;
    if (ask.fresh) headers['cache-control'] = 'no-cache';
    const response = await send(new URL(urlOf(AGENT_CONTRACTS.manifest), options.baseUrl), { method: 'GET', headers });
    const serverTime = Number(response.headers.get('x-server-time'));
    if (response.status === 304 && version) return { changed: false, version, serverTime };
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorOf(response, json);
    const envelope = zEnvelope(AGENT_CONTRACTS.manifest.response).safeParse(json);
    if (!envelope.success) {
      throw new AgentClientError(response.status, `Unexpected manifest: ${envelope.error.message}`);
    }
    return { changed: true, manifest: envelope.data.data, serverTime };
  }

  /**
   * A media file of the manifest as the raw Response (a stream; 200 or 206), from byte `from` on when given
   * (a dropped download resumes). Refusals (403 not in the manifest, 416) throw. With S3 storage the server
   * answers a 307 to a short-lived URL signed for the file: fetch follows it with the same Range and, the
   * storage being another origin, without the device token (docs/media-delivery.md).
   */
  async function media(contentId: string, range?: { from: number; to?: number }): Promise<Response> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (range) headers.range = `bytes=${range.from}-${range.to ?? ''}`;
    const url = new URL(urlOf(AGENT_CONTRACTS.media, { params: { content_id: contentId } }), options.baseUrl);
    const response = await send(url, { method: 'GET', headers });
    if (!response.ok) throw errorOf(response, await response.json().catch(() => null));
    return response;
  }

  /**
   * Whether a live stream of the manifest is on air: its playlist (the manifest's stream_url) answers 200 (on),
   * 404 while off air or 403 when it left the manifest (off); anything else, or no answer, is 'unreachable'.
   */
  async function liveProbe(streamUrl: string, signal?: AbortSignal): Promise<'on' | 'off' | 'unreachable'> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      const response = await send(new URL(streamUrl, options.baseUrl), {
        method: 'GET',
        headers,
        cache: 'no-store',
        ...(signal ? { signal } : {}),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return 'on';
      return response.status === 404 || response.status === 403 ? 'off' : 'unreachable';
    } catch {
      return 'unreachable';
    }
  }

  /**
   * The push channel (GET /agent/v1/events) as an async stream of events, read with fetch so the device token
   * travels in the Authorization header (EventSource cannot send one). Ends when the server closes the stream
   * or `signal` aborts; a refused connection (401 after the player was deleted) throws. Reconnecting, with
   * backoff and jitter, is the caller's choice (see `reconnectDelayMs`).
   */
  async function* events(signal?: AbortSignal): AsyncGenerator<AgentEvent> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await send(new URL(urlOf(AGENT_CONTRACTS.events), options.baseUrl), {
      method: 'GET',
      headers,
      ...(signal ? { signal } : {}),
    });
    if (!response.ok || !response.body) throw errorOf(response, await response.json().catch(() => null));
    yield* parseEventStream(response.body, signal);
  }

  return {
    get token(): string | undefined {
      return token;
    },
    /** Any contract of the protocol, for callers that need more than the helpers below. */
    call,
    /** Says the serial is here; answers whether it waits, is registered, or is paired. */
    announce: (serial: string) => call(AGENT_CONTRACTS.announce, { body: { serial } }),
    /** Trades serial and PIN for the device token, which later calls send. */
    async pair(serial: string, pin: string) {
      const reply = await call(AGENT_CONTRACTS.pair, { body: { serial, pin } });
      token = reply.token;
      return reply;
    },
    /**
     * Says the player runs (or is faulty), with its clock's zone, its delivery report when it has one, and the
     * running total of plays it could not record.
     */
    heartbeat: (
      status: 'ok' | 'error' = 'ok',
      extra: { time_zone?: string; delivery?: TDeliveryReport; plays_unrecorded?: number } = {},
    ) => call(AGENT_CONTRACTS.heartbeat, { body: { status, ...extra } }),
    uploadLog: (upload: TLogUpload) => call(AGENT_CONTRACTS.logs, { body: upload }),
    manifest,
    media,
    liveProbe,
    events,
    /** The remote commands not answered yet and still fresh (asked on each connection of the push channel). */
    commands: () => call(AGENT_CONTRACTS.commands),
    /** The outcome of a remote command. */
    answerCommand: (commandId: string, answer: TCommandAnswer) =>
      call(AGENT_CONTRACTS.commandAnswer, { params: { command_id: commandId }, body: answer }),
    /** A JPEG (base64) of the screen, answering a screenshot command or with the playback error it shows. */
    uploadScreenshot: (upload: TScreenshotUpload) => call(AGENT_CONTRACTS.screenshot, { body: upload }),
    /** Sends a batch of plays; answers the highest contiguous sequence the server holds (acked). */
    plays: (plays: TPlay[]) => call(AGENT_CONTRACTS.plays, { body: { plays } }),
  };
}

/** One Server-Sent Event of the push channel; `data` is the parsed JSON (null when absent or not JSON). */
export type AgentEvent = { event: AgentEventName; data: unknown };

/**
 * Parses a text/event-stream body into events (the WHATWG rules the channel uses: 'event:' and 'data:' lines, a
 * blank line ends an event, lines starting with ':' are comments). Unknown event names are skipped.
 */
export async function* parseEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<AgentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  try {
    while (!signal?.aborted) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r?\n/);
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
        if (line === '') {
          if (data.length > 0 && (AGENT_EVENT_NAMES as readonly string[]).includes(event)) {
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(data.join('\n'));
            } catch {
              parsed = null;
            }
            yield { event: event as AgentEventName, data: parsed };
          }
          event = 'message';
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
        }
        newline = buffer.search(/\r?\n/);
      }
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

/**
 * How long to wait before reconnecting after `attempt` failed connections in a row: exponential from 1 s up to
 * 60 s, with full jitter, so that a thousand players do not reconnect in the same second after a restart.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

export type {
  LogLevel,
  TAgentCommand,
  TCommandAnswer,
  TDeliveryReport,
  TLogUpload,
  TManifest,
  TPlay,
  TScreenshotUpload,
};
