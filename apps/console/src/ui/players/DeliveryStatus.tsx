import type { TDeviceDelivery } from '@signage/domain';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../i18n/schedules';
import { gmtShort } from '../../lib/gmt';
import { StatusDot, Tag } from '../lite';
import { formatBytes } from './format';

/** The clock skew in whole minutes, signed ('+3', '-2'); seconds under a minute round away from zero. */
function skewMinutes(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  return `${ms < 0 ? '-' : '+'}${minutes}`;
}

/**
 * Confirmed delivery of a player: 'Up to date', 'Pending since HH:mm GMT' (a change the player has not applied
 * yet), or 'Not reported'; and a flag when the player's clock is more than a minute off the server's.
 */
export function DeliveryStatus({
  delivery,
  onOpen,
  compact = false,
}: {
  delivery: TDeviceDelivery;
  onOpen?: () => void;
  /** One line (the player list): the clock flag beside the state. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const now = new Date();
  const state =
    delivery.state === 'up_to_date' ? (
      <StatusDot status="success">{t('delivery.upToDate')}</StatusDot>
    ) : delivery.state === 'pending' ? (
      <StatusDot status="warning">
        {delivery.pending_since
          ? t('delivery.pendingSince', { time: gmtShort(delivery.pending_since, now) })
          : t('delivery.pending')}
      </StatusDot>
    ) : (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('delivery.unknown')}
      </Typography.Text>
    );
  return (
    <Flex
      vertical={!compact}
      gap={compact ? 4 : 2}
      align={compact ? 'center' : 'flex-start'}
      style={{ whiteSpace: 'nowrap' }}
    >
      {onOpen ? (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto' }}
          title={t('delivery.openPlaying')}
          onClick={onOpen}
        >
          {state}
        </Button>
      ) : (
        state
      )}
      {delivery.clock_off && delivery.clock_skew_ms !== null && (
        <Tag color="error">{t('delivery.clockOff', { minutes: skewMinutes(delivery.clock_skew_ms) })}</Tag>
      )}
    </Flex>
  );
}

/**
 * What the player showed at its last report: the content (current name) since a time, a live content's stream or
 * its live image, the idle screen, or pairing.
 */
export function OnScreen({ delivery }: { delivery: TDeviceDelivery }) {
  const { t } = useTranslation();
  const shown = delivery.on_screen;
  if (!shown) return <>-</>;
  const since = gmtShort(shown.since, new Date());
  if (shown.kind === 'idle') return <>{t('delivery.onScreenIdle', { time: since })}</>;
  if (shown.kind === 'pairing') return <>{t('delivery.onScreenPairing', { time: since })}</>;
  const name = shown.content_name ?? shown.content_id ?? '-';
  // A live schedule: its stream on screen, or its live image while the stream is off air (issue 14).
  if (shown.live === 'stream') return <>{t('delivery.onScreenLiveStream', { name, time: since })}</>;
  if (shown.live === 'live_image') return <>{t('delivery.onScreenLiveImage', { name, time: since })}</>;
  return <>{t('delivery.onScreenContent', { name, time: since })}</>;
}

/** Media kept for offline play against the browser's quota, and the download in progress if any. */
export function PlayerStorage({ delivery }: { delivery: TDeviceDelivery }) {
  const { t } = useTranslation();
  const { cache_bytes: cache, quota_bytes: quota, download } = delivery;
  if (cache === null && download === null) return <>-</>;
  return (
    <Flex vertical gap={2}>
      {cache !== null && (
        <span>
          {quota
            ? t('delivery.cacheOfQuota', { used: formatBytes(cache), quota: formatBytes(quota) })
            : formatBytes(cache)}
        </span>
      )}
      {download && download.files_total > 0 && (
        <Typography.Text type="secondary">
          {t('delivery.downloading', {
            done: download.files_done,
            total: download.files_total,
            percent: download.total_bytes > 0 ? Math.floor((100 * download.done_bytes) / download.total_bytes) : 0,
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * Plays the player could not record (its storage full or unavailable) since it was paired, as it last said:
 * missing from play history although they were shown. Rendered by the detail only when there are any.
 */
export function UnrecordedPlays({ delivery }: { delivery: TDeviceDelivery }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('delivery.playsUnrecordedHelp')}>
      <Tag color="error" tabIndex={0}>
        {/* Digits grouped by thousands with commas, as in all four languages. */}
        {t('delivery.playsUnrecordedCount', { number: delivery.plays_unrecorded.toLocaleString('en-US') })}
      </Tag>
    </Tooltip>
  );
}
