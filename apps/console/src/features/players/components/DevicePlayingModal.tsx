import { Alert, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDevicePlaying } from '../../../app/shell/devicePlaying';
import { DeliveryStatus, OnScreen, PlayerStorage } from '../../../ui/players/DeliveryStatus';
import { useOverlayToggle } from '../../../ui/useOverlay';
import { usePlayer } from '../api';
import { InfoOverlay } from './InfoOverlay';
import '../../../i18n/schedules';
import { formatGmt } from '../../../lib/gmt';

/** Refreshed while open: a player reports every 60 s, a change shows within seconds of its report. */
const REFRESH_MS = 10_000;

/**
 * The device playing list (SPEC.md overlays): what a player shows now, as it last reported, and which plan
 * version it has applied, with delivery state, download progress and storage.
 */
export default function DevicePlayingModal() {
  const { t } = useTranslation();
  const deviceCode = useDevicePlaying((state) => state.deviceCode);
  const [open] = useOverlayToggle('devicePlayingList');
  const query = usePlayer(open ? deviceCode : null, open ? REFRESH_MS : false);
  const device = query.data;
  const delivery = device?.delivery;
  return (
    <InfoOverlay
      overlay="devicePlayingList"
      title={t('delivery.nowPlaying', { name: device?.shop_name || device?.device_name || deviceCode || '' })}
    >
      {query.isError ? (
        <Alert type="error" showIcon message={t('players.loadFailed')} />
      ) : !delivery ? (
        <Skeleton active />
      ) : delivery.state === 'unknown' && !delivery.reported_at ? (
        <Typography.Paragraph type="secondary">{t('delivery.noReport')}</Typography.Paragraph>
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'onScreen', label: t('delivery.onScreen'), children: <OnScreen delivery={delivery} /> },
            { key: 'state', label: t('delivery.title'), children: <DeliveryStatus delivery={delivery} /> },
            {
              key: 'version',
              label: t('delivery.appliedVersion'),
              children: delivery.applied_version ? (
                <Typography.Text code copyable={{ text: delivery.applied_version }}>
                  {delivery.applied_version.slice(0, 12)}
                </Typography.Text>
              ) : (
                '-'
              ),
            },
            { key: 'storage', label: t('delivery.storage'), children: <PlayerStorage delivery={delivery} /> },
            { key: 'player', label: t('delivery.playerVersion'), children: delivery.player_version ?? '-' },
            { key: 'reported', label: t('delivery.reportedAt'), children: formatGmt(delivery.reported_at) },
          ]}
        />
      )}
    </InfoOverlay>
  );
}
