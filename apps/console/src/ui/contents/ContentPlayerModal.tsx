import type { TContent } from '@signage/domain';
import { Alert, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlayToggle } from '../../app/shell/useOverlay';

/** An HLS stream: the browser's own player where it has one (Safari), hls.js elsewhere, loaded on demand. */
function StreamPlayer({ src }: { src: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = src;
      return;
    }
    let destroy = () => {};
    let cancelled = false;
    import('hls.js').then(({ default: Hls }) => {
      if (cancelled || !Hls.isSupported()) return;
      const hls = new Hls();
      hls.loadSource(src);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [src]);
  return <video ref={video} controls autoPlay muted style={{ width: '100%', maxHeight: '70vh' }} />;
}

/** Plays a content in the 'contentPlayer' overlay: video player, large image, or the live stream. */
export function ContentPlayerModal({ content }: { content: TContent | null }) {
  const { t } = useTranslation();
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
      {content?.type === 'stream' ? (
        content.content_url ? (
          <StreamPlayer src={content.content_url} />
        ) : (
          <>
            <Alert type="info" showIcon title={t('contents.player.noPlayback')} style={{ marginBottom: 12 }} />
            {content.image_url ? <img src={content.image_url} alt={content.name} style={{ width: '100%' }} /> : null}
          </>
        )
      ) : null}
    </Modal>
  );
}
