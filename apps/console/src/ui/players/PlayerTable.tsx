import { QuestionCircleOutlined } from '@ant-design/icons';
import { displayPatternLabel, type PlayerListView, type TDevice } from '@signage/domain';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChosenLanguage } from '../../i18n';
import { textOr } from '../../i18n/keys';
import { type DataColumn, DataTable, type RowSelection } from '../DataTable';
import { Tag } from '../lite';
import { tagName } from '../tagName';
import { floorMapUrl } from './api';
import { ClosedNow } from './ClosedNow';
import { DeliveryStatus } from './DeliveryStatus';
import { PlayerStatus } from './PlayerStatus';
import { ALWAYS } from './playerColumns';
import '../../i18n/schedules';
import { formatGmt } from '../../lib/gmt';

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
  rowSelection?: RowSelection<TDevice>;
  /** Opens the device content list on the player's schedules (the button shows when given). */
  onContents?: (device: TDevice) => void;
  /** Opens what the player is playing (its delivery line becomes a link when given). */
  onPlaying?: (device: TDevice) => void;
  /** Opens the device help (a help button beside the Status title when given). */
  onHelp?: () => void;
  /** The optional columns shown (keys of playerColumnChoices); every column when absent. */
  shown?: string[];
  density?: 'regular' | 'compact';
  /** Drawn under the rows inside the table's scroll area. */
  footer?: ReactNode;
};

type Column = DataColumn<TDevice>;

/** A long text cut to its column with the whole text on hover. */
const clipped = (key: keyof TDevice, title: string, width: number): Column => ({
  key,
  title,
  width,
  ellipsis: true,
  render: (d) => String(d[key] ?? ''),
});

/**
 * The player table of a role's view (SPEC.md section 2): marketing, kitting or shop. Status and tags come
 * early so the fixed action column never hides them at laptop widths; the rest scrolls beside it. A light
 * table (ui/DataTable), so that the player list's first load carries no Ant Design Table (issue 15).
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
  shown,
  density = 'regular',
  footer,
}: Props) {
  const { t } = useTranslation();
  const language = useChosenLanguage();
  const compact = density === 'compact';
  const buttonSize = compact ? 'small' : 'middle';
  const number: Column = {
    title: t('players.number'),
    key: 'n',
    width: compact ? 48 : 56,
    fixed: compact ? 'left' : undefined,
    render: (_, i) => firstNumber + i,
  };
  const status: Column = {
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
    // Compact: wide enough for the longest usual line ('Alive', 'Delivery not reported', the closed mark); what
    // is more (a longer word of another language) wraps under it instead of widening the column past the screen.
    width: compact ? 206 : 200,
    render: (d) => (
      // One line in the compact density (the reason of an issue in its tooltip), so a screen holds 15 players or more.
      <Flex vertical={!compact} wrap={compact} gap={compact ? 8 : 2} align={compact ? 'center' : undefined}>
        <PlayerStatus device={d} kitting={view === 'kitting'} compact={compact} />
        {d.is_activated && (
          <DeliveryStatus delivery={d.delivery} compact={compact} onOpen={onPlaying ? () => onPlaying(d) : undefined} />
        )}
        {/* Opening hours (issue 29 item 1): offline while closed is no alarm. */}
        {d.is_activated && d.store_open === false ? <ClosedNow compact={compact} /> : null}
      </Flex>
    ),
  };
  const actions: Column = {
    title: '',
    key: 'actions',
    align: 'right',
    // In the compact density the table fits the screen: the buttons take their own column, covering none.
    fixed: density === 'compact' ? undefined : 'right',
    render: (d) => (
      <Flex gap={density === 'compact' ? 4 : 8} justify="flex-end" style={{ whiteSpace: 'nowrap' }}>
        {onContents ? (
          <Button size={buttonSize} onClick={() => onContents(d)} disabled={!d.has_schedule}>
            {t('scheduleView.contents')}
            {/* The store in the name, not on screen: a name that holds the visible text (WCAG 2.5.3). */}
            <span className="visually-hidden"> {t('scheduleView.contentsOfStore', { name: d.shop_name })}</span>
          </Button>
        ) : null}
        {showLogs ? (
          <Button size={buttonSize} onClick={() => onLogs?.(d)}>
            {t('players.logs')}
          </Button>
        ) : null}
        <Button size={buttonSize} type="primary" ghost onClick={() => onDetails?.(d)}>
          {t('players.details')}
        </Button>
      </Flex>
    ),
  };
  // The kitting view's nine columns and two buttons fit 1440 px in every language only a little narrower.
  const kittingCompact = compact && view === 'kitting';
  const scheduleWidth = kittingCompact ? 128 : compact ? 150 : 200;
  const schedule: Column = {
    title: t('scheduleView.currentSchedule'),
    key: 'schedule',
    width: scheduleWidth,
    render: (d) => (
      <Flex vertical gap={0}>
        {d.current_schedule ? (
          <Typography.Text
            ellipsis={{ tooltip: d.current_schedule.schedule_name }}
            style={{ maxWidth: scheduleWidth - 16 }}
          >
            {d.current_schedule.schedule_name}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('scheduleView.noCurrent')}</Typography.Text>
        )}
        {d.next_schedule ? (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: scheduleWidth - 16, fontSize: 12 }}>
            {t('scheduleView.nextNamed', { name: d.next_schedule.schedule_name })}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  };
  const pattern: Column = {
    title: t('players.displayPattern'),
    key: 'display_pattern',
    width: kittingCompact ? 88 : compact ? 100 : 130,
    render: (d) => displayPatternLabel(d.display_pattern),
  };
  // The player's name stays at the left while the other columns scroll (the kitting view names it by serial).
  const storeName: Column = {
    ...clipped('shop_name', t('players.storeName'), compact ? (view === 'kitting' ? 130 : 150) : 180),
    fixed: compact && view !== 'kitting' ? 'left' : undefined,
  };
  const storeCode: Column = {
    title: t('players.storeCode'),
    key: 'shop_no',
    width: compact ? 66 : 90,
    render: (d) => d.shop_no,
  };
  const serial: Column = {
    ...clipped('device_name', t('players.serial'), kittingCompact ? 128 : compact ? 150 : 160),
    fixed: compact && view === 'kitting' ? 'left' : undefined,
  };
  const lastAccess: Column = {
    title: t('players.lastAccess'),
    key: 'last_accessed',
    width: compact ? 132 : 150,
    render: (d) => formatGmt(d.last_accessed),
  };
  const location: Column = {
    title: t('players.location'),
    key: 'device_type',
    width: 130,
    render: (d) => (d.device_type ? textOr(t, `location.${d.device_type}`, d.device_type) : '-'),
  };
  const memo = clipped('memo', t('players.memo'), 180);
  const tags: Column = {
    title: t('players.tags'),
    key: 'tags',
    width: compact ? 120 : 220,
    render: (d) =>
      d.tags.length === 0 ? (
        '-'
      ) : (
        <Flex wrap gap={4}>
          {d.tags.map((tag) => (
            <Tag key={tag.id}>{tagName(tag, language) || tag.id.slice(0, 8)}</Tag>
          ))}
        </Flex>
      ),
  };

  const columns: Record<PlayerListView, Column[]> = {
    marketing: [
      number,
      storeName,
      storeCode,
      status,
      tags,
      schedule,
      {
        title: t('players.country'),
        key: 'region',
        width: 130,
        render: (d) => (d.region ? textOr(t, `country.${d.region}`, d.region) : '-'),
      },
      pattern,
      serial,
      lastAccess,
      memo,
      {
        title: t('players.storeType'),
        key: 'store_type',
        width: 140,
        render: (d) => (d.store_type ? textOr(t, `storeType.${d.store_type}`, d.store_type) : '-'),
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
        render: (d) =>
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

  const always = new Set(ALWAYS[view]);
  const wanted = shown ? new Set(shown) : null;
  const visible = columns[view].filter(
    (column) => (onDetails || column !== actions) && (!wanted || always.has(column.key) || wanted.has(column.key)),
  );

  return (
    <DataTable
      label={t('title.playerList')}
      density={density}
      footer={footer}
      loadingText={t('common.loading')}
      rowKey={(d) => d.device_code}
      loading={loading}
      rows={rows}
      columns={visible}
      rowSelection={rowSelection}
      emptyText={emptyText}
    />
  );
}
