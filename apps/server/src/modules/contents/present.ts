import { API, pathOf, type TContent } from '@signage/domain';
import type { ContentRow } from './repo';

export const mediaUrl = (key: string, which: 'file' | 'thumbnail') =>
  `/api/contents/${encodeURIComponent(key)}/${which}`;

/** What an answer depends on besides the row: where the console was opened. */
export type ContentView = {
  /** Our RTMP ingest's address on the console's host (null: none here); other platforms keep their own. */
  selfHostedRtmpUrl: string | null;
  /** Whether the answer carries a stream's key: only to those who may change contents (the key publishes). */
  streamKeys: boolean;
};

/** Where the console plays a stream: its HLS through this server (only our own ingest's streams have one). */
function playbackOf(row: ContentRow): string | null {
  if (row.livePlatform !== 'selfhosted') return null;
  return pathOf(API.live.file, { content_id: row.id, file: 'index.m3u8' });
}

/**
 * A row as the API answers it (SPEC.md section 3), in every module that answers a content (the contents list,
 * a schedule's contents, the play history). Media is served by this API, never by a storage address, and only
 * for a content not deleted (the media route does not serve a deleted one, so its answer links none). A
 * stream's key is a secret that lets anyone broadcast to the stores: it is in the answer only when `view` says
 * the user may have it.
 */
export function presentContent(row: ContentRow, view?: ContentView): TContent {
  const stream = row.type === 'stream';
  const ownIngest = stream && row.livePlatform === 'selfhosted';
  const media = row.deletedAt === null ? row.mediaKey : null;
  return {
    content_id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    display_pattern: row.displayPattern,
    region: row.region,
    thumbnail_url: row.thumbnailKey && row.deletedAt === null ? mediaUrl(row.key, 'thumbnail') : null,
    processing_state: row.processingState,
    content_url: stream ? playbackOf(row) : media ? mediaUrl(row.key, 'file') : null,
    image_url: stream && media ? mediaUrl(row.key, 'file') : null,
    duration: row.durationSeconds,
    width: row.width,
    height: row.height,
    size: row.size,
    license_from: row.licenseFrom,
    license_to: row.licenseTo,
    updated_at: row.updatedAt.toISOString(),
    livePlatform: row.livePlatform,
    title: row.title,
    livestation_url: row.livestationUrl,
    bambuser_showId: row.bambuserShowId,
    layout: row.layout,
    output_resolution: row.outputResolution,
    output_resolution_width: row.outputWidth,
    output_resolution_height: row.outputHeight,
    live_logo_position: row.liveLogoPosition,
    live_prompt: row.livePrompt,
    live_dashboard: row.liveDashboard,
    rtmp_url: ownIngest && view?.selfHostedRtmpUrl ? view.selfHostedRtmpUrl : row.rtmpUrl,
    stream_key: view?.streamKeys ? row.streamKey : null,
  };
}
