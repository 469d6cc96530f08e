export type LiveProviderId = 'bambuser' | 'selfhosted';

export interface CreateStreamInput {
  /** Our content key: lets the provider's records point back at the content. */
  contentKey: string;
  title: string;
  /** Bambuser Live Shopping show the stream belongs to, when the form gave one. */
  showId?: string;
  /** Output resolution chosen in the form (even, 320-1920 x 180-1080). */
  width: number;
  height: number;
  /** The host the console was opened at: a self-hosted ingest address is shown on it. */
  host: string;
}

/**
 * Where an encoder (OBS, a camera) pushes the stream. Players never get a provider's address: the server
 * serves a self-hosted stream's HLS under the content id (GET /api/live, /agent/v1/live).
 */
export interface LiveStream {
  /** The provider's id for the stream: keep it with the content row; `deleteStream` takes it. */
  ref: string;
  rtmpUrl: string;
  streamKey: string;
}

export interface LiveProvider {
  readonly id: LiveProviderId;
  /** Name shown in the console's platform picker. */
  readonly label: string;
  createStream(input: CreateStreamInput): Promise<LiveStream>;
  /** Releases the stream at the provider; deleting one that is already gone is not an error. */
  deleteStream(ref: string): Promise<void>;
}

/** A provider call that failed; `status` is the provider's HTTP status when it answered. */
export class LiveProviderError extends Error {
  readonly provider: LiveProviderId;
  readonly status: number | undefined;
  constructor(provider: LiveProviderId, message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LiveProviderError';
    this.provider = provider;
    this.status = status;
  }
}
