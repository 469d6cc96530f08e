import type { FastifyBaseLogger } from 'fastify';
import { dropPublisher } from './control';
import { sameSecret } from './embedded';
import { DiskHlsSource, HttpHlsSource } from './hls';
import type { HlsSource, IngestState, LiveIngest } from './types';

export type ExternalIngestOptions = {
  /** LIVE_RTMP_URL, e.g. rtmp://live.example.com:1935/live */
  rtmpUrl: string;
  /** LIVE_HLS_URL: the folder nginx writes (an absolute path) or an http(s) origin serving it. */
  hlsLocation: string;
  /**
   * LIVE_HOOK_SECRET: nginx's on_publish / on_publish_done / on_update addresses carry it as `secret`. One, or
   * two ('new,old') while it is rotated: either is accepted.
   */
  hookSecrets: readonly string[];
  /** LIVE_CONTROL_URL: nginx's rtmp_control location, e.g. http://127.0.0.1:8088/control */
  controlUrl: string | undefined;
};

/**
 * nginx-rtmp run as its own service (production, deploy/nginx-rtmp.conf): the server issues keys, answers
 * its hooks and serves its HLS with access control, but neither starts nor watches it. Without a control
 * address a rotated or deleted key is still refused at nginx's next on_update call (every 5 s).
 */
export class ExternalIngest implements LiveIngest {
  readonly kind = 'external' as const;
  readonly hls: HlsSource;

  constructor(private readonly options: ExternalIngestOptions) {
    this.hls = /^https?:\/\//i.test(options.hlsLocation)
      ? new HttpHlsSource(options.hlsLocation)
      : new DiskHlsSource(options.hlsLocation);
  }

  state(): IngestState {
    return 'external';
  }

  acceptsHookSecret(secret: string): boolean {
    // Every candidate is compared (no early exit), so the time taken does not say which one matched.
    let accepted = false;
    for (const candidate of this.options.hookSecrets) accepted = sameSecret(secret, candidate) || accepted;
    return accepted;
  }

  rtmpUrl(): string {
    return this.options.rtmpUrl;
  }

  async cut(streamKey: string, log: FastifyBaseLogger): Promise<boolean> {
    if (!this.options.controlUrl) return false;
    try {
      await dropPublisher({ url: this.options.controlUrl }, streamKey);
      return true;
    } catch (error) {
      log.warn({ reason: (error as Error).message }, 'live ingest: could not cut a broadcast');
      return false;
    }
  }

  onDown(): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

/** No self-hosted ingest here (LIVE_INGEST=off, or only another platform is configured). */
export class NoIngest implements LiveIngest {
  readonly kind = 'off' as const;
  readonly hls: HlsSource = { read: async () => null, clear: async () => {} };
  state(): IngestState {
    return 'off';
  }
  acceptsHookSecret(): boolean {
    return false;
  }
  rtmpUrl(): null {
    return null;
  }
  async cut(): Promise<boolean> {
    return false;
  }
  onDown(): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}
