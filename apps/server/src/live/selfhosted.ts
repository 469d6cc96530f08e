import { randomBytes } from 'node:crypto';
import type { LiveIngest } from './ingest/types';
import type { CreateStreamInput, LiveProvider, LiveStream } from './types';

/** 24 random bytes, base64url: 32 characters, 192 bits, nothing a viewer could guess or derive from the content. */
export function newStreamKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Our own RTMP ingest (nginx-rtmp, embedded or run as its own service): a fresh unguessable stream key per
 * content and the ingest's address. Nothing is created remotely: nginx asks the server on every publish
 * whether the key belongs to a live content (modules/live), and the HLS it writes is served by the server
 * under the content id, never under the key.
 */
export class SelfHostedProvider implements LiveProvider {
  readonly id = 'selfhosted' as const;
  readonly label = 'Self-hosted RTMP';

  constructor(private readonly ingest: Pick<LiveIngest, 'rtmpUrl'>) {}

  async createStream(input: CreateStreamInput): Promise<LiveStream> {
    const streamKey = newStreamKey();
    return { ref: streamKey, rtmpUrl: this.ingest.rtmpUrl(input.host) ?? '', streamKey };
  }

  async deleteStream(_ref: string): Promise<void> {
    // The key lives only in our database: deleting the content retires it (the hook refuses it from then on).
  }
}
