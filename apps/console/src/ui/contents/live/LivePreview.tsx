import type { TContent, TLiveStatus } from '@signage/domain';
import { Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/live';
import { gmtShort } from '../../../lib/gmt';
import { HlsVideo } from './HlsVideo';
import { LIVE_STATUS_POLL_MS, playlistUrl, useLiveStatus } from './liveStatus';

export type LivePreviewProps = {
  content: Pick<TContent, 'content_id' | 'name' | 'image_url'>;
  maxHeight?: number | string;
  /** How often the on-air state is asked; tests shorten it. */
  pollMs?: number;
};

/**
 * On air (red, with a dot) or off air. Drawn here rather than with antd's Tag: Tag's colour presets would be
 * split out of the chunk that /login loads first into one more chunk of their own.
 */
function OnAirMark({ onAir }: { onAir: boolean }) {
  const { t } = useTranslation();
  const colour = onAir ? '#cf1322' : 'rgba(0, 0, 0, 0.65)';
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        padding: '0 8px',
        fontSize: 12,
        lineHeight: '22px',
        borderRadius: 4,
        border: `1px solid ${onAir ? '#ffa39e' : '#d9d9d9'}`,
        background: onAir ? '#fff1f0' : '#fafafa',
        color: colour,
      }}
    >
      <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: onAir ? colour : '#bfbfbf' }} />
      {onAir ? t('live.onAir') : t('live.offAir')}
    </span>
  );
}

type OffAirReason = 'offAirNote' | 'reconnecting' | 'checking' | 'stateUnknown';

/** What to say when the server's own ingest cannot receive the stream (its `ingest` state), if anything. */
function ingestWarning(ingest: TLiveStatus['ingest']): 'live.ingestDown' | 'live.ingestOff' | null {
  if (ingest === 'stopped' || ingest === 'unavailable') return 'live.ingestDown';
  return ingest === 'off' ? 'live.ingestOff' : null;
}

/** What stands in for the stream: the content's live image (what players show too) and why it is shown. */
function OffAirView({
  content,
  reason,
  maxHeight,
}: { content: LivePreviewProps['content']; reason: OffAirReason } & {
  maxHeight: number | string;
}) {
  const { t } = useTranslation();
  return (
    <div style={{ position: 'relative', background: '#f5f5f5', borderRadius: 6, minHeight: 120 }}>
      {content.image_url ? (
        <img
          src={content.image_url}
          alt={t('live.imageLabel', { name: content.name })}
          style={{ display: 'block', width: '100%', maxHeight, objectFit: 'contain', borderRadius: 6 }}
        />
      ) : null}
      <Typography.Text
        style={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          padding: '2px 8px',
          borderRadius: 4,
          background: 'rgba(0, 0, 0, 0.65)',
          color: '#fff',
        }}
      >
        {t(`live.${reason}`)}
      </Typography.Text>
    </div>
  );
}

/**
 * The preview of a live content, for content detail and the play modal: whether it is on air (asked every few
 * seconds while shown) and, on air, the stream itself; off air, the live image. When playback fails (the playlist
 * went away, a stall) the live image comes back and the stream is tried again once a fresher state says it is
 * still on air, so the preview never sits on a black or frozen frame.
 */
export default function LivePreview({ content, maxHeight = 320, pollMs = LIVE_STATUS_POLL_MS }: LivePreviewProps) {
  const { t } = useTranslation();
  const status = useLiveStatus(content.content_id, pollMs);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const state = status.data;
  const retryDue = failedAt !== null && status.dataUpdatedAt > failedAt;

  useEffect(() => {
    if (retryDue) setFailedAt(null);
  }, [retryDue]);

  const onAir = state?.on_air === true;
  const now = new Date();
  const since = onAir
    ? state.on_air_since && t('live.onAirSince', { time: gmtShort(state.on_air_since, now) })
    : state &&
      (state.last_ended_at
        ? t('live.lastEnded', { time: gmtShort(state.last_ended_at, now) })
        : t('live.neverBroadcast'));
  const warning = state && !onAir ? ingestWarning(state.ingest) : null;
  const reason: OffAirReason = state
    ? onAir
      ? 'reconnecting'
      : 'offAirNote'
    : status.isError
      ? 'stateUnknown'
      : 'checking';

  return (
    <Flex vertical gap={8}>
      <Flex
        align="center"
        gap={8}
        wrap
        role="status"
        aria-live="polite"
        data-on-air={state ? String(onAir) : undefined}
      >
        {state ? <OnAirMark onAir={onAir} /> : null}
        {since ? <Typography.Text type="secondary">{since}</Typography.Text> : null}
      </Flex>
      {warning ? <Typography.Text type="warning">{t(warning)}</Typography.Text> : null}
      {onAir && failedAt === null ? (
        <HlsVideo
          // A new broadcast gets a new player: the old one's playlist position means nothing to it.
          key={state.on_air_since ?? 'on-air'}
          src={playlistUrl(state.playback_url)}
          poster={content.image_url ?? undefined}
          label={t('live.playerLabel', { name: content.name })}
          maxHeight={maxHeight}
          onFailure={() => setFailedAt(Date.now())}
        />
      ) : (
        <OffAirView content={content} reason={reason} maxHeight={maxHeight} />
      )}
    </Flex>
  );
}
