import type { TContent } from '@signage/domain';
import { LazyLivePreview } from '../../../ui/contents/live/LazyLivePreview';

/** The media of a content at detail size: its video, its image, or a live stream's on-air state and preview. */
export function ContentPreview({ content }: { content: TContent }) {
  if (content.type === 'stream') return <LazyLivePreview content={content} maxHeight={320} />;
  const style = { width: '100%', maxHeight: 320, objectFit: 'contain' as const, background: '#000', borderRadius: 6 };
  if (content.type === 'movie' && content.content_url) {
    // biome-ignore lint/a11y/useMediaCaption: uploaded signage clips have no caption track.
    return <video src={content.content_url} controls poster={content.thumbnail_url ?? undefined} style={style} />;
  }
  return content.content_url ? <img src={content.content_url} alt={content.name} style={style} /> : null;
}
