import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  canDeletePlayer,
  canEditPlayer,
  canEditStore,
  displayPatternLabel,
  isRegionBound,
  MESSAGES,
  type TDevice,
  zoneLabel,
} from '@signage/domain';
import { Button, Card, Descriptions, Empty, Flex, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PlayerSchedulesSlot } from '../../../app/featureSlots';
import { openDevicePlaying } from '../../../app/shell/devicePlaying';
import { useBanner } from '../../../app/shell/useBanner';
import { useChosenLanguage } from '../../../i18n';
import { textOr } from '../../../i18n/keys';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { CenteredSpinner } from '../../../ui/CenteredSpinner';
import { openDialog } from '../../../ui/dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { DeliveryStatus, OnScreen, PlayerStorage, UnrecordedPlays } from '../../../ui/players/DeliveryStatus';
import '../../../i18n/schedules';
import { formatGmt } from '../../../lib/gmt';
import { PlayerStatus } from '../../../ui/players/PlayerStatus';
import { tagName } from '../../../ui/tagName';
import { useDeletePlayer, useEditPlayer, usePlayer } from '../api';
import { FloorMapUpload } from '../components/FloorMapUpload';
import { OpeningHoursCard } from '../components/OpeningHoursCard';
import { PlayerEditForm } from '../components/PlayerEditForm';
import { RemoteCommands } from '../components/RemoteCommands';

/** The configured zone; the player's own report beside it when they differ (the configured one is used). */
function PlayerTimeZone({ device }: { device: TDevice }) {
  const { t } = useTranslation();
  const reported = device.reported_time_zone;
  return (
    <Flex vertical gap={4}>
      <span>{zoneLabel(device.time_zone)}</span>
      {reported && reported !== device.time_zone ? (
        <Typography.Text type="warning">{t('players.timeZoneReported', { zone: zoneLabel(reported) })}</Typography.Text>
      ) : null}
    </Flex>
  );
}

function PlayerFacts({ device, canUploadMap }: { device: TDevice; canUploadMap: boolean }) {
  const { t } = useTranslation();
  const language = useChosenLanguage();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: t('players.storeName'), children: device.shop_name },
        { key: 'code', label: t('players.storeCode'), children: device.shop_no },
        {
          key: 'country',
          label: t('players.country'),
          children: device.region ? textOr(t, `country.${device.region}`, device.region) : '-',
        },
        { key: 'pattern', label: t('players.displayPattern'), children: displayPatternLabel(device.display_pattern) },
        { key: 'timeZone', label: t('players.timeZone'), children: <PlayerTimeZone device={device} /> },
        { key: 'serial', label: t('players.serial'), children: device.device_name },
        { key: 'id', label: t('players.deviceCode'), children: device.device_code },
        {
          key: 'status',
          label: t('players.status'),
          children: !device.is_activated ? <Tag>{t('players.notRegistered')}</Tag> : <PlayerStatus device={device} />,
        },
        { key: 'last', label: t('players.lastAccess'), children: formatGmt(device.last_accessed) },
        { key: 'activated', label: t('players.activatedAt'), children: formatGmt(device.activated_at) },
        {
          key: 'schedule',
          label: t('players.schedule'),
          children: device.has_schedule ? t('players.scheduled') : t('players.unscheduled'),
        },
        ...(device.is_activated
          ? [
              {
                key: 'delivery',
                label: t('delivery.title'),
                children: (
                  <DeliveryStatus delivery={device.delivery} onOpen={() => openDevicePlaying(device.device_code)} />
                ),
              },
              { key: 'onScreen', label: t('delivery.onScreen'), children: <OnScreen delivery={device.delivery} /> },
              { key: 'storage', label: t('delivery.storage'), children: <PlayerStorage delivery={device.delivery} /> },
              ...(device.delivery.plays_unrecorded > 0
                ? [
                    {
                      key: 'unrecorded',
                      label: t('delivery.playsUnrecorded'),
                      children: <UnrecordedPlays delivery={device.delivery} />,
                    },
                  ]
                : []),
              {
                key: 'version',
                label: t('delivery.playerVersion'),
                children: device.delivery.player_version ?? '-',
              },
            ]
          : []),
        {
          key: 'storeType',
          label: t('players.storeType'),
          children: device.store_type ? textOr(t, `storeType.${device.store_type}`, device.store_type) : '-',
        },
        {
          key: 'location',
          label: t('players.location'),
          children: textOr(t, `location.${device.device_type}`, device.device_type),
        },
        { key: 'memo', label: t('players.memo'), span: 'filled', children: device.memo || '-' },
        {
          key: 'tags',
          label: t('players.tags'),
          span: 'filled',
          children: device.tags.length
            ? device.tags.map((tag) => <Tag key={tag.id}>{tagName(tag, language) || tag.id.slice(0, 8)}</Tag>)
            : '-',
        },
        {
          key: 'floorMap',
          label: t('players.floorMap'),
          span: 'filled',
          children: <FloorMapUpload device={device} canUpload={canUploadMap} />,
        },
      ]}
    />
  );
}

/** Player detail (SPEC.md section 2): view/edit toggle, Register saves, Delete for DS_LHQIT and DS_FRIT. */
export default function PlayerDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const user = useAuth((state) => state.user);
  const role = user?.authority;
  const code = useSearchParams()[0].get('device_code');
  const player = usePlayer(code);
  const edit = useEditPlayer(code ?? '');
  const remove = useDeletePlayer();
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (code) setEditing(false);
  }, [code]);

  // Without a chosen player there is nothing to show: back to the list (SPEC.md section 4).
  if (!code) return <Navigate to="/device/list" replace />;
  const device = player.data;
  const confirmDelete = (target: TDevice) =>
    openDialog({
      kind: 'playerDelete',
      title: t('players.deleteTitle'),
      content: t('players.deleteContent', { name: `${target.shop_name} (${target.device_name})` }),
      okText: t('common.delete'),
      danger: true,
      onOk: () =>
        remove.mutate(target.device_code, {
          onSuccess: () => {
            banner.show({ level: 'info', text: MESSAGES.playerDeleted });
            navigate('/device/list');
          },
          onError: (error) => banner.show({ level: 'error', text: errorMessageOf(error, MESSAGES.playerDeleteFailed) }),
        }),
    });

  return (
    <>
      <PageHeader
        title={t('title.playerDetail')}
        extra={
          device && role ? (
            <>
              {canEditPlayer(role) && !editing ? (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  {t('players.edit')}
                </Button>
              ) : null}
              {canDeletePlayer(role) ? (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(device)}
                  loading={remove.isPending}
                >
                  {t('common.delete')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {player.isLoading ? <CenteredSpinner /> : null}
      {player.isError ? (
        <Card>
          <Empty description={translateMessage(t, errorMessageOf(player.error, MESSAGES.playerGetFailed))} />
        </Card>
      ) : null}
      {device ? (
        <Card>
          {editing ? (
            <PlayerEditForm
              device={device}
              saving={edit.isPending}
              editStore={role !== undefined && canEditStore(role)}
              countries={user && isRegionBound(user.authority) ? [user.region] : undefined}
              onCancel={() => setEditing(false)}
              onSave={(change) =>
                edit.mutate(change, {
                  onSuccess: () => {
                    setEditing(false);
                    banner.show({ level: 'info', text: MESSAGES.playerSaved });
                  },
                  onError: (error) =>
                    banner.show({ level: 'error', text: errorMessageOf(error, MESSAGES.playerPutFailed) }),
                })
              }
            />
          ) : (
            <PlayerFacts device={device} canUploadMap={role !== undefined && canEditStore(role)} />
          )}
        </Card>
      ) : null}
      {device ? (
        <OpeningHoursCard deviceCode={device.device_code} canEdit={role !== undefined && canEditPlayer(role)} />
      ) : null}
      {device?.is_activated && role && canEditPlayer(role) ? <RemoteCommands deviceCode={device.device_code} /> : null}
      {device?.is_activated ? <PlayerSchedulesSlot device={device} /> : null}
    </>
  );
}
