import { randomBytes } from 'node:crypto';
import type { CreateStreamInput, LiveProvider, LiveStream } from './types';

export interface SelfHostedProviderOptions {
  /** Where encoders push, e.g. rtmp://live.example.com:1935/live (the key is appended by the encoder). */
  rtmpIngestUrl: string;
  /** Folder the RTMP server writes HLS to, served over http(s), e.g. https://live.example.com/hls. */
  hlsBaseUrl: string;
}

/** 24 random bytes, base64url: 32 characters, 192 bits, nothing a viewer could guess or derive from the content. */
export function newStreamKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * An RTMP server we run (nginx-rtmp, MediaMTX, SRS...): a fresh unguessable stream key per content, the
 * configured ingest URL, and the HLS playlist the server publishes under that key. Nothing is created
 * remotely; the RTMP server should accept only keys the console issued (on_publish / auth hook).
 */
export class SelfHostedProvider implements LiveProvider {
  readonly id = 'selfhosted' as const;
  readonly label = 'Self-hosted RTMP';
  private readonly rtmpIngestUrl: string;
  private readonly hlsBaseUrl: string;

  constructor(options: SelfHostedProviderOptions) {
    this.rtmpIngestUrl = options.rtmpIngestUrl.replace(/\/+$/, '');
    this.hlsBaseUrl = options.hlsBaseUrl.replace(/\/+$/, '');
  }

  async createStream(_input: CreateStreamInput): Promise<LiveStream> {
    const streamKey = newStreamKey();
    return {
      ref: streamKey,
      rtmpUrl: this.rtmpIngestUrl,
      streamKey,
      playbackUrl: `${this.hlsBaseUrl}/${streamKey}.m3u8`,
    };
  }

  async deleteStream(_ref: string): Promise<void> {
    // The key lives only in our database: removing the content row retires it.
  }
}
