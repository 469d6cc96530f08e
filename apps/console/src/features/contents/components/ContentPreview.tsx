import type { TContent } from '@signage/domain';

/** The media of a content at detail size: its video, its image, or a stream's live image. */
export function ContentPreview({ content }: { content: TContent }) {
  const style = { width: '100%', maxHeight: 320, objectFit: 'contain' as const, background: '#000', borderRadius: 6 };
  if (content.type === 'movie' && content.content_url) {
    // biome-ignore lint/a11y/useMediaCaption: uploaded signage clips have no caption track.
    return <video src={content.content_url} controls poster={content.thumbnail_url ?? undefined} style={style} />;
  }
  const src = content.type === 'stream' ? content.image_url : content.content_url;
  return src ? <img src={src} alt={content.name} style={style} /> : null;
}
