import { QuestionCircleOutlined } from '@ant-design/icons';
import { displayPatternLabel, type PlayerListView, type TDevice } from '@signage/domain';
import { Button, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useChosenLanguage } from '../../i18n';
import { textOr } from '../../i18n/keys';
import { tagName } from '../tagName';
import { floorMapUrl } from './api';
import { DeliveryStatus } from './DeliveryStatus';
import { formatGmt } from './format';
import { PlayerStatus } from './PlayerStatus';
import '../../i18n/schedules';

type Props = {
  view: PlayerListView;
  rows: TDevice[];
  firstNumber: number;
  loading: boolean;
  showLogs: boolean;
  emptyText: string;
  /** Without it the row has no Details and Logs buttons (the schedule wizard's player picker). */
  onDetails?: (device: TDevice) => void;
  onLogs?: (device: TDevice) => void;
  /** Check boxes to pick players (the schedule wizard). */
  rowSelection?: TableProps<TDevice>['rowSelection'];
  /** Opens the device content list on the player's schedules (the button shows when given). */
  onContents?: (device: TDevice) => void;
  /** Opens what the player is playing (its delivery line becomes a link when given). */
  onPlaying?: (device: TDevice) => void;
  /** Opens the device help (a help button beside the Status title when given). */
  onHelp?: () => void;
};

/** A long text cut to its column with the whole text on hover. */
const clipped = (width: number) => ({
  width,
  ellipsis: { showTitle: true },
});

/**
 * The player table of a role's view (SPEC.md section 2): marketing, kitting or shop. Status and tags come
 * early so the fixed action column never hides them at laptop widths; the rest scrolls beside it.
 */
export function PlayerTable({
  view,
  rows,
  firstNumber,
  loading,
  showLogs,
  emptyText,
  onDetails,
  onLogs,
  rowSelection,
  onContents,
  onPlaying,
  onHelp,
}: Props) {
  const { t } = useTranslation();
  const language = useChosenLanguage();
  const number = {
    title: t('players.number'),
    key: 'n',
    width: 56,
    render: (_: unknown, __: TDevice, i: number) => firstNumber + i,
  };
  const status = {
    title: onHelp ? (
      <Flex align="center" gap={4}>
        {t('players.status')}
        <Button
          type="text"
          size="small"
          icon={<QuestionCircleOutlined />}
          aria-label={t('delivery.helpButton')}
          title={t('delivery.helpButton')}
          onClick={onHelp}
        />
      </Flex>
    ) : (
      t('players.status')
    ),
    key: 'status',
    width: 200,
    render: (_: unknown, d: TDevice) => (
      <Flex vertical gap={2}>
        <PlayerStatus device={d} kitting={view === 'kitting'} />
        {d.is_activated && <DeliveryStatus delivery={d.delivery} onOpen={onPlaying ? () => onPlaying(d) : undefined} />}
      </Flex>
    ),
  };
  const actions = {
    title: '',
    key: 'actions',
    align: 'right' as const,
    fixed: 'right' as const,
    render: (_: unknown, d: TDevice) => (
      <Flex gap={8} justify="flex-end">
        {onContents ? (
          <Button
            onClick={() => onContents(d)}
            disabled={!d.has_schedule}
            aria-label={t('scheduleView.openContentListOf', { name: d.shop_name })}
          >
            {t('scheduleView.contents')}
          </Button>
        ) : null}
        {showLogs ? <Button onClick={() => onLogs?.(d)}>{t('players.logs')}</Button> : null}
        <Button type="primary" ghost onClick={() => onDetails?.(d)}>
          {t('players.details')}
        </Button>
      </Flex>
    ),
  };
  const schedule = {
    title: t('scheduleView.currentSchedule'),
    key: 'schedule',
    width: 200,
    render: (_: unknown, d: TDevice) => (
      <Flex vertical gap={0}>
        {d.current_schedule ? (
          <Typography.Text ellipsis={{ tooltip: d.current_schedule.schedule_name }} style={{ maxWidth: 184 }}>
            {d.current_schedule.schedule_name}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('scheduleView.noCurrent')}</Typography.Text>
        )}
        {d.next_schedule ? (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 184, fontSize: 12 }}>
            {t('scheduleView.nextNamed', { name: d.next_schedule.schedule_name })}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  };
  const pattern = {
    title: t('players.displayPattern'),
    dataIndex: 'display_pattern',
    width: 130,
    render: (v: string) => displayPatternLabel(v),
  };
  const storeName = { title: t('players.storeName'), dataIndex: 'shop_name', ...clipped(180) };
  const storeCode = { title: t('players.storeCode'), dataIndex: 'shop_no', width: 90 };
  const serial = { title: t('players.serial'), dataIndex: 'device_name', ...clipped(160) };
  const lastAccess = {
    title: t('players.lastAccess'),
    dataIndex: 'last_accessed',
    width: 150,
    render: (v: string | null) => formatGmt(v),
  };
  const location = {
    title: t('players.location'),
    dataIndex: 'device_type',
    width: 130,
    render: (v: string) => (v ? textOr(t, `location.${v}`, v) : '-'),
  };
  const memo = { title: t('players.memo'), dataIndex: 'memo', ...clipped(180) };
  const tags = {
    title: t('players.tags'),
    key: 'tags',
    width: 220,
    render: (_: unknown, d: TDevice) =>
      d.tags.length === 0 ? (
        '-'
      ) : (
        <Flex wrap gap={4}>
          {d.tags.map((tag) => (
            <Tag key={tag.id} style={{ marginInlineEnd: 0 }}>
              {tagName(tag, language) || tag.id.slice(0, 8)}
            </Tag>
          ))}
        </Flex>
      ),
  };

  const columns: Record<PlayerListView, ColumnsType<TDevice>> = {
    marketing: [
      number,
      storeName,
      storeCode,
      status,
      tags,
      schedule,
      {
        title: t('players.country'),
        dataIndex: 'region',
        width: 130,
        render: (v: string) => (v ? textOr(t, `country.${v}`, v) : '-'),
      },
      pattern,
      serial,
      lastAccess,
      memo,
      {
        title: t('players.storeType'),
        dataIndex: 'store_type',
        width: 140,
        render: (v: string) => (v ? textOr(t, `storeType.${v}`, v) : '-'),
      },
      location,
      actions,
    ],
    kitting: [number, serial, storeName, storeCode, status, schedule, pattern, lastAccess, actions],
    shop: [
      number,
      storeName,
      status,
      schedule,
      pattern,
      memo,
      location,
      {
        title: t('players.floorMap'),
        key: 'floormap',
        width: 140,
        render: (_, d) =>
          d.has_floor_map ? (
            <a href={floorMapUrl(d.region, d.shop_no)} target="_blank" rel="noreferrer">
              {t('players.floorMap')} (PDF)
            </a>
          ) : (
            <Typography.Text type="secondary">{t('players.noFloorMap')}</Typography.Text>
          ),
      },
      actions,
    ],
  };

  return (
    <Table
      rowKey="device_code"
      size="middle"
      loading={loading}
      dataSource={rows}
      columns={onDetails ? columns[view] : columns[view].filter((column) => column !== actions)}
      rowSelection={rowSelection}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
    />
  );
}
