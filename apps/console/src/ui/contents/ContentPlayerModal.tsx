import type { TContent } from '@signage/domain';
import { Modal } from 'antd';
import { useOverlayToggle } from '../useOverlay';
import { LazyLivePreview } from './live/LazyLivePreview';

/** Plays a content in the 'contentPlayer' overlay: video player, large image, or the live stream while on air. */
export function ContentPlayerModal({ content }: { content: TContent | null }) {
  const [open, , close] = useOverlayToggle('contentPlayer');
  return (
    <Modal
      open={open && content !== null}
      title={content?.name}
      footer={null}
      onCancel={close}
      width={880}
      destroyOnHidden
    >
      {content?.type === 'movie' && content.content_url ? (
        // biome-ignore lint/a11y/useMediaCaption: uploaded signage clips have no caption track.
        <video
          src={content.content_url}
          controls
          autoPlay
          style={{ width: '100%', maxHeight: '70vh' }}
          aria-label={content.name}
        />
      ) : null}
      {content?.type === 'image' && content.content_url ? (
        <img
          src={content.content_url}
          alt={content.name}
          style={{ width: '100%', maxHeight: '70vh', objectFit: 'contain' }}
        />
      ) : null}
      {content?.type === 'stream' ? <LazyLivePreview content={content} maxHeight="70vh" /> : null}
    </Modal>
  );
}
