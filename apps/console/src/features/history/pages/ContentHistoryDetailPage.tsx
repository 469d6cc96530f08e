import { FilterOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { addUtcDays, HISTORY_DAYS_DISPLAYED, type THistoryDevice, utcDay, utcDaysBetween } from '@signage/domain';
import { Alert, Badge, Button, Card, Empty, Flex, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../lib/api';
import '../../../i18n/schedules';
import { activeFilterCount } from '../../../ui/contents/format';
import { PageHeader } from '../../../ui/PageHeader';
import { ScrollSentinel } from '../../../ui/ScrollSentinel';
import { exportHistoryDetail, type HistoryDeviceCriteria, useHistoryDevices } from '../api';
import { ContentCell } from '../components/ContentCell';
import { DeviceFilter } from '../components/DeviceFilter';
import { ExportButton } from '../components/ExportButton';

/** A day's cell: filled with the number of plays when the player showed the content that day. */
function DayCell({ date, plays }: { date: string; plays: number }) {
  const { t } = useTranslation();
  const label = plays > 0 ? t('history.playedOn', { date, count: plays }) : t('history.notPlayed', { date });
  return (
    <Tooltip title={label}>
      <div
        role="img"
        aria-label={label}
        data-played={plays > 0 ? 'true' : 'false'}
        style={{
          height: 24,
          borderRadius: 4,
          background: plays > 0 ? '#0958d9' : '#f0f0f0',
          color: '#fff',
          fontSize: 12,
          lineHeight: '24px',
          textAlign: 'center',
        }}
      >
        {plays > 0 ? plays : ''}
      </div>
    </Tooltip>
  );
}

/**
 * Content history detail (SPEC.md section 3): a timeline per player (store name, store code, note) over 7 UTC
 * days, moved a week at a time; 'Return to today' brings back the week ending today. Filter opens the device
 * search overlay; the players load as the list scrolls; the CSV holds every player of the filter and week.
 */
export default function ContentHistoryDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('key');
  const today = utcDay();
  const [end, setEnd] = useState(today);
  const [criteria, setCriteria] = useState<HistoryDeviceCriteria>({});
  const [filterOpen, setFilterOpen] = useState(false);
  const period = useMemo(() => ({ start_date: addUtcDays(end, -(HISTORY_DAYS_DISPLAYED - 1)), end_date: end }), [end]);
  const dates = utcDaysBetween(period.start_date, period.end_date);
  const detail = useHistoryDevices(key, period, criteria);
  const filterCount = activeFilterCount(criteria);
  if (!key) return <Navigate to="/contents/history" replace />;

  const columns: ColumnsType<THistoryDevice> = [
    {
      key: 'store',
      title: t('history.storeName'),
      width: 220,
      fixed: 'left',
      render: (_: unknown, row) => (
        <Flex vertical gap={2} align="start">
          {row.deleted ? (
            <Typography.Text strong ellipsis style={{ maxWidth: 200 }}>
              {row.shop_name}
            </Typography.Text>
          ) : (
            // The player's detail: its schedules, delivery and logs.
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', fontWeight: 600, maxWidth: 200 }}
              onClick={() => navigate(`/device/detail?device_code=${encodeURIComponent(row.device_code)}`)}
            >
              <Typography.Text ellipsis style={{ color: 'inherit', maxWidth: 200 }}>
                {row.shop_name}
              </Typography.Text>
            </Button>
          )}
          {row.deleted ? <Tag style={{ width: 'fit-content' }}>{t('history.deletedPlayer')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'code', title: t('history.storeCode'), width: 110, dataIndex: 'shop_no' },
    {
      key: 'note',
      title: t('history.note'),
      width: 180,
      render: (_: unknown, row) => (
        <Typography.Text ellipsis style={{ maxWidth: 160 }}>
          {row.memo}
        </Typography.Text>
      ),
    },
    ...dates.map((date) => ({
      key: date,
      title: <span style={{ whiteSpace: 'nowrap' }}>{date.slice(5)}</span>,
      width: 72,
      render: (_: unknown, row: THistoryDevice) => {
        const index = row.play_date.indexOf(date);
        return <DayCell date={date} plays={index >= 0 ? (row.plays[index] ?? 0) : 0} />;
      },
    })),
  ];

  return (
    <>
      <PageHeader
        title={t('title.contentHistoryDetail')}
        extra={
          <>
            <Button onClick={() => navigate(`/contents/historysummary?key=${encodeURIComponent(key)}`)}>
              {t('common.back')}
            </Button>
            <Badge count={filterCount} size="small">
              <Button icon={<FilterOutlined />} onClick={() => setFilterOpen(true)}>
                {filterCount > 0 ? t('common.filterActive', { count: filterCount }) : t('common.filter')}
              </Button>
            </Badge>
            <ExportButton
              run={() => exportHistoryDetail(key, period, criteria)}
              disabled={detail.devices.length === 0}
            />
          </>
        }
      />
      {detail.error ? (
        <Alert
          type="error"
          showIcon
          message={t('history.loadFailed')}
          description={errorMessageOf(detail.error)}
          action={<Button onClick={detail.retry}>{t('history.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Card>
        <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
          {detail.content ? <ContentCell content={detail.content} /> : <Spin />}
          <Flex gap={8} align="center" wrap>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('history.previousDays')}
              onClick={() => setEnd(addUtcDays(end, -HISTORY_DAYS_DISPLAYED))}
            />
            <Typography.Text data-testid="timeline-window">
              {t('history.window', { from: period.start_date, to: period.end_date })}
            </Typography.Text>
            <Button
              icon={<RightOutlined />}
              aria-label={t('history.nextDays')}
              disabled={end >= today}
              onClick={() => setEnd([addUtcDays(end, HISTORY_DAYS_DISPLAYED), today].sort()[0] ?? today)}
            />
            <Button disabled={end === today} onClick={() => setEnd(today)}>
              {t('history.returnToday')}
            </Button>
          </Flex>
        </Flex>
        <Table<THistoryDevice>
          rowKey="device_code"
          aria-label={detail.content ? t('history.timeline', { name: detail.content.name }) : undefined}
          columns={columns}
          dataSource={detail.devices}
          pagination={false}
          loading={detail.loading || (detail.fetching && !detail.loadingMore)}
          scroll={{ x: 520 + dates.length * 72 }}
          locale={{ emptyText: <Empty description={t('history.noPlayers')} /> }}
        />
        <ScrollSentinel
          active={!detail.loading && !detail.loadingMore}
          version={detail.devices.length}
          onReach={detail.loadMore}
        />
        {detail.loadingMore ? <Spin style={{ display: 'block', margin: '12px auto' }} /> : null}
      </Card>
      <DeviceFilter
        open={filterOpen}
        initial={criteria}
        onClose={() => setFilterOpen(false)}
        onSearch={(next) => {
          setCriteria(next);
          setFilterOpen(false);
        }}
      />
    </>
  );
}
