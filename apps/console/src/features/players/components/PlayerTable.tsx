import { displayPatternLabel, type PlayerListView, type TDevice } from '@signage/domain';
import { Badge, Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useChosenLanguage } from '../../../i18n';
import { textOr } from '../../../i18n/keys';
import { tagName } from '../../../ui/tagName';
import { floorMapUrl } from '../api';

type Props = {
  view: PlayerListView;
  rows: TDevice[];
  firstNumber: number;
  loading: boolean;
  showLogs: boolean;
  emptyText: string;
  onDetails: (device: TDevice) => void;
  onLogs: (device: TDevice) => void;
};

function Status({ device, kitting }: { device: TDevice; kitting: boolean }) {
  const { t } = useTranslation();
  if (kitting && !device.is_activated) return <Tag>{t('players.notRegistered')}</Tag>;
  return device.is_alive ? (
    <Badge status="success" text={t('players.alive')} />
  ) : (
    <Badge status="error" text={<Typography.Text type="danger">{t('players.issue')}</Typography.Text>} />
  );
}

/** The player table of a role's view (SPEC.md section 2): marketing, kitting or shop. */
export function PlayerTable({ view, rows, firstNumber, loading, showLogs, emptyText, onDetails, onLogs }: Props) {
  const { t } = useTranslation();
  const language = useChosenLanguage();
  const number = {
    title: t('players.number'),
    key: 'n',
    width: 64,
    render: (_: unknown, __: TDevice, i: number) => firstNumber + i,
  };
  const status = {
    title: t('players.status'),
    key: 'status',
    render: (_: unknown, d: TDevice) => <Status device={d} kitting={view === 'kitting'} />,
  };
  const actions = {
    title: '',
    key: 'actions',
    align: 'right' as const,
    fixed: 'right' as const,
    render: (_: unknown, d: TDevice) => (
      <Flex gap={8} justify="flex-end">
        {showLogs ? <Button onClick={() => onLogs(d)}>{t('players.logs')}</Button> : null}
        <Button type="primary" ghost onClick={() => onDetails(d)}>
          {t('players.details')}
        </Button>
      </Flex>
    ),
  };
  const pattern = {
    title: t('players.displayPattern'),
    dataIndex: 'display_pattern',
    render: (v: string) => displayPatternLabel(v),
  };
  const storeName = { title: t('players.storeName'), dataIndex: 'shop_name' };
  const location = {
    title: t('players.location'),
    dataIndex: 'device_type',
    render: (v: string) => (v ? textOr(t, `location.${v}`, v) : '-'),
  };
  const memo = { title: t('players.memo'), dataIndex: 'memo', ellipsis: true };

  const columns: Record<PlayerListView, ColumnsType<TDevice>> = {
    marketing: [
      number,
      storeName,
      { title: t('players.storeCode'), dataIndex: 'shop_no' },
      {
        title: t('players.country'),
        dataIndex: 'region',
        render: (v: string) => (v ? textOr(t, `country.${v}`, v) : '-'),
      },
      pattern,
      memo,
      {
        title: t('players.storeType'),
        dataIndex: 'store_type',
        render: (v: string) => (v ? textOr(t, `storeType.${v}`, v) : '-'),
      },
      location,
      {
        title: t('players.tags'),
        key: 'tags',
        render: (_, d) => d.tags.map((tag) => <Tag key={tag.id}>{tagName(tag, language) || tag.id.slice(0, 8)}</Tag>),
      },
      status,
      actions,
    ],
    kitting: [
      number,
      { title: t('players.serial'), dataIndex: 'device_name' },
      storeName,
      { title: t('players.storeCode'), dataIndex: 'shop_no' },
      pattern,
      status,
      actions,
    ],
    shop: [
      number,
      storeName,
      pattern,
      memo,
      location,
      status,
      {
        title: t('players.floorMap'),
        key: 'floormap',
        render: (_, d) => (
          <a href={floorMapUrl(d.region, d.shop_no)} target="_blank" rel="noreferrer">
            {t('players.floorMap')} (PDF)
          </a>
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
      columns={columns[view]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
    />
  );
}
