import type { Readable } from 'node:stream';
import type { LiveIngestState } from '@signage/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Where the self-hosted RTMP ingest stands, as GET /api/live/:content_id/status reports it (ZLiveStatus):
 * running, starting (or restarting), stopped, unavailable (nginx or its module missing), off (nothing here
 * receives RTMP), external (nginx runs as its own service; the server cannot see whether it is up).
 */
export type IngestState = LiveIngestState;

/** A file of a stream's HLS folder, ready to send. */
export type HlsFile = { body: Readable; size: number | undefined };

/** Reads a stream's HLS folder (the ingest writes `<folder>/<stream key>/index.m3u8` and its segments). */
export interface HlsSource {
  /** The file, or null when it does not exist (yet, or any more). */
  read(streamKey: string, file: string): Promise<HlsFile | null>;
}

/** Called when every publisher is gone at once (the embedded nginx stopped or is about to start). */
export type IngestDownHandler = (reason: string) => Promise<void>;

/**
 * The self-hosted RTMP ingest as the rest of the server sees it: nginx-rtmp, embedded (a child process of
 * this server) or run as its own service, or none at all.
 */
export interface LiveIngest {
  readonly kind: 'embedded' | 'external' | 'off';
  state(): IngestState;
  /** Whether an on_publish / on_publish_done / on_update call carries the secret nginx was given (constant time). */
  acceptsHookSecret(secret: string): boolean;
  /** The RTMP address encoders push to, for a console opened at `host`; null when nothing receives RTMP. */
  rtmpUrl(host: string): string | null;
  /** The stream's HLS files as the ingest writes them. */
  readonly hls: HlsSource;
  /**
   * Drops the publisher of a stream key now (key rotated, content deleted); false when it could not be asked.
   * Never logs the key.
   */
  cut(streamKey: string, log: FastifyBaseLogger): Promise<boolean>;
  /** Who to tell when all publishers are gone at once. */
  onDown(handler: IngestDownHandler): void;
  /** Starts the embedded nginx (a no-op for the others); `hookBaseUrl` is this server as nginx reaches it. */
  start(hookBaseUrl: string, log: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
}

/** The stream keys the self-hosted provider issues: 32 base64url characters (also the HLS folder names). */
export const STREAM_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
