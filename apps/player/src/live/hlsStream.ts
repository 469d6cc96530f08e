import type { HlsConfig } from 'hls.js';

type HlsClass = typeof import('hls.js').default;
type HlsInstance = InstanceType<HlsClass>;

let loading: Promise<HlsClass> | null = null;

/**
 * hls.js (its light build: no alternate audio, subtitles or DRM, which the ingest never makes), imported the
 * first time a live schedule is on screen: a store that never shows live never downloads it. A failed import
 * (offline before it was ever cached) is tried again next time.
 */
export function loadHls(): Promise<HlsClass> {
  loading ??= import('hls.js/light').then(
    (module) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Settings for days of play at low latency on the self-hosted ingest's plain HLS (no LL-HLS parts):
 * - start and stay liveSyncDurationCount (2) target durations behind the live edge; past
 *   liveMaxLatencyDurationCount (5) jump back to it; in between catch up by playing up to 1.2x (muted signage);
 * - a bounded buffer: 10 s kept behind the play head (backBufferLength; hls.js keeps everything by default),
 *   at most 10-20 s ahead, so memory stays flat over days of one broadcast;
 * - short load retries: a playlist that stays away means the broadcast ended; the player then shows the live
 *   image and probes, rather than let hls.js retry for a minute over a still frame.
 */
export const HLS_SETTINGS: Partial<HlsConfig> = {
  enableWorker: true,
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 5,
  maxLiveSyncPlaybackRate: 1.2,
  backBufferLength: 10,
  maxBufferLength: 10,
  maxMaxBufferLength: 20,
  manifestLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 10_000,
      maxLoadTimeMs: 10_000,
      timeoutRetry: { maxNumRetry: 1, retryDelayMs: 500, maxRetryDelayMs: 1_000 },
      errorRetry: { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 1_000 },
    },
  },
  playlistLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 10_000,
      maxLoadTimeMs: 10_000,
      timeoutRetry: { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 2_000 },
      errorRetry: { maxNumRetry: 3, retryDelayMs: 500, maxRetryDelayMs: 2_000 },
    },
  },
};

/** Media errors are recovered (recoverMediaError) up to this many times a minute; beyond, the stream is given up. */
const MEDIA_RECOVERIES_PER_MINUTE = 2;

/**
 * One attachment of a live stream to a video element. `fail` is called once, when hls.js gives up (a fatal
 * network error, media errors beyond recovery, hls.js not loadable or not supported); the owner then destroys
 * it. destroy() leaves nothing behind: hls.js detaches (revoking its MediaSource object URL, emptying the
 * element), its listeners go with it, and a start still importing hls.js does nothing.
 */
export class HlsStream {
  private hls: HlsInstance | null = null;
  private destroyed = false;
  private recoveries: number[] = [];

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly url: string,
    private readonly token: string,
    private readonly fail: (reason: string) => void,
  ) {}

  async start(): Promise<void> {
    let Hls: HlsClass;
    try {
      Hls = await loadHls();
    } catch {
      if (!this.destroyed) this.fail('the stream player could not be loaded');
      return;
    }
    if (this.destroyed) return;
    if (!Hls.isSupported()) return this.fail('this browser cannot play HLS with Media Source Extensions');
    const token = this.token;
    const hls = new Hls({
      ...HLS_SETTINGS,
      // The device token goes with every playlist and segment request (the server refuses them otherwise).
      xhrSetup: (xhr) => xhr.setRequestHeader('Authorization', `Bearer ${token}`),
    });
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal || this.destroyed) return;
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && this.mayRecover()) {
        hls.recoverMediaError();
        return;
      }
      this.fail(`${data.type} ${data.details}`);
    });
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      void this.video.play().catch(() => undefined);
    });
    hls.loadSource(this.url);
    hls.attachMedia(this.video);
  }

  private mayRecover(): boolean {
    const now = Date.now();
    this.recoveries = this.recoveries.filter((at) => now - at < 60_000);
    if (this.recoveries.length >= MEDIA_RECOVERIES_PER_MINUTE) return false;
    this.recoveries.push(now);
    return true;
  }

  /** Seconds behind the live edge, when hls.js knows. */
  get latency(): number | null {
    const latency = this.hls?.latency;
    return typeof latency === 'number' && Number.isFinite(latency) ? latency : null;
  }

  destroy(): void {
    this.destroyed = true;
    this.hls?.destroy();
    this.hls = null;
    if (this.video.hasAttribute('src')) {
      this.video.removeAttribute('src');
      this.video.load();
    }
  }
}
