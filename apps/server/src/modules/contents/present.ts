import type { TContent } from '@signage/domain';
import type { ContentRow } from './repo';

export const mediaUrl = (key: string, which: 'file' | 'thumbnail') =>
  `/api/contents/${encodeURIComponent(key)}/${which}`;

/** A row as the API answers it (SPEC.md section 3). Media is served by this API, never by a storage address. */
export function presentContent(row: ContentRow): TContent {
  const stream = row.type === 'stream';
  return {
    content_id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    display_pattern: row.displayPattern,
    region: row.region,
    thumbnail_url: row.thumbnailKey ? mediaUrl(row.key, 'thumbnail') : null,
    content_url: stream ? row.playbackUrl : row.mediaKey ? mediaUrl(row.key, 'file') : null,
    image_url: stream && row.mediaKey ? mediaUrl(row.key, 'file') : null,
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
    rtmp_url: row.rtmpUrl,
    stream_key: row.streamKey,
  };
}
