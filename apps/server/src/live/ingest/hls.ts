import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type HlsFile, type HlsSource, STREAM_KEY_PATTERN } from './types';

/** File names nginx-rtmp writes in a stream's folder: index.m3u8 and numbered segments (ZLiveFileParams). */
const FILE_PATTERN = /^[A-Za-z0-9_-]{1,64}\.(m3u8|ts|m4s|mp4)$/;

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};

/** The media type of an HLS file name (the extension is checked by the route's schema). */
export function hlsContentType(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export const isPlaylist = (file: string) => file.endsWith('.m3u8');

/** Names that cannot leave the stream's folder: no separators, no dots but the extension's. */
function checkNames(streamKey: string, file: string): boolean {
  return STREAM_KEY_PATTERN.test(streamKey) && FILE_PATTERN.test(file);
}

/** The HLS directory nginx writes (embedded, or nginx on the same machine or a shared volume). */
export class DiskHlsSource implements HlsSource {
  constructor(readonly dir: string) {}

  async read(streamKey: string, file: string): Promise<HlsFile | null> {
    if (!checkNames(streamKey, file)) return null;
    const folder = path.join(this.dir, streamKey);
    const target = path.join(folder, file);
    if (path.dirname(target) !== folder) return null;
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(target, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    } catch {
      return null;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // The open handle keeps the file readable even if nginx's cleanup removes it meanwhile.
      return { body: handle.createReadStream({ autoClose: true }), size: info.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}

const ORIGIN_TIMEOUT_MS = 5000;

/**
 * An http(s) origin serving the HLS directory (nginx on another machine: a `location` with `alias` to its
 * hls_path, reachable only from the servers). The server proxies it, so players and the console never
 * need a route to the ingest machine and access control stays here.
 */
export class HttpHlsSource implements HlsSource {
  private readonly origin: string;
  constructor(origin: string) {
    this.origin = origin.replace(/\/+$/, '');
  }

  async read(streamKey: string, file: string): Promise<HlsFile | null> {
    if (!checkNames(streamKey, file)) return null;
    let response: Response;
    try {
      response = await fetch(`${this.origin}/${streamKey}/${file}`, { signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS) });
    } catch (error) {
      // The address holds the key: the error says where, without it.
      throw new Error(`the HLS origin ${this.origin} could not be reached (${(error as Error).name})`);
    }
    if (response.status === 404 || response.status === 403) return null;
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`the HLS origin ${this.origin} answered ${response.status}`);
    }
    const length = Number(response.headers.get('content-length'));
    return {
      body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      size: Number.isFinite(length) && length >= 0 && response.headers.has('content-length') ? length : undefined,
    };
  }
}
