import type { TContentHistory } from '@signage/domain';
import { Alert, Button, Card, Empty, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenState } from '../../../app/screenState';
import { errorMessageOf } from '../../../lib/api';
import '../../../i18n/schedules';
import { formatGmtSeconds } from '../../../lib/gmt';
import { ContentSearchModal } from '../../../ui/contents/ContentSearchModal';
import { FilterSortButtons } from '../../../ui/contents/FilterSortButtons';
import { activeFilterCount, countryText } from '../../../ui/contents/format';
import { PageHeader } from '../../../ui/PageHeader';
import { ScrollSentinel } from '../../../ui/ScrollSentinel';
import { exportHistoryList, type HistoryCriteria, useHistoryRows } from '../api';
import { ContentCell } from '../components/ContentCell';
import { ExportButton } from '../components/ExportButton';
import { Sparkline } from '../components/Sparkline';

export const CONTENT_HISTORY_SCREEN = 'contentHistory';

/**
 * Content history list (SPEC.md section 3): the contents that played in the period (9 days back to today in
 * UTC unless the search names one), with country, update date, days played, yesterday's players and players,
 * and a Summary button; the content search overlay (with the country for DS_MK and DS_FRIT), sort by update
 * date, infinite scroll and a CSV export of the whole search.
 */
export default function ContentHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { criteria, order, setCriteria, setOrder } = useScreenState<HistoryCriteria>(CONTENT_HISTORY_SCREEN);
  const list = useHistoryRows(criteria, order);
  const filterCount = activeFilterCount(criteria);

  const columns: ColumnsType<TContentHistory> = [
    {
      key: 'content',
      title: t('history.columns.content'),
      render: (_: unknown, row) => <ContentCell content={row} />,
    },
    {
      key: 'country',
      title: t('history.columns.country'),
      width: 120,
      render: (_: unknown, row) => countryText(t, row.region),
    },
    {
      key: 'updated',
      title: t('history.columns.updated'),
      // Date over time (the text breaks at its space).
      width: 128,
      render: (_: unknown, row) => formatGmtSeconds(row.updated_at),
    },
    {
      key: 'trend',
      title: t('history.chartTitle'),
      width: 150,
      render: (_: unknown, row) => <Sparkline dates={row.play_date} counts={row.player_count} />,
    },
    { key: 'days', title: t('history.columns.days'), width: 80, align: 'right', dataIndex: 'real_days' },
    {
      key: 'yesterday',
      title: t('history.columns.yesterday'),
      // '昨日のプレイヤー数' on one line.
      width: 160,
      align: 'right',
      dataIndex: 'yesterday_devices',
    },
    { key: 'players', title: t('history.columns.players'), width: 120, align: 'right', dataIndex: 'players' },
    {
      key: 'summary',
      title: '',
      width: 120,
      render: (_: unknown, row) => (
        <Button
          onClick={() => navigate(`/contents/historysummary?key=${encodeURIComponent(row.key)}`)}
          aria-label={`${t('history.summaryButton')}: ${row.name}`}
        >
          {t('history.summaryButton')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title.contentHistory')}
        extra={
          <>
            <FilterSortButtons filterCount={filterCount} order={order} onOrder={setOrder} />
            <ExportButton run={() => exportHistoryList(criteria, order)} disabled={list.rows.length === 0} />
          </>
        }
      />
      <Card>
        {list.window ? (
          <Typography.Paragraph type="secondary" data-testid="history-window">
            {t('history.window', { from: list.window.from, to: list.window.to })}
          </Typography.Paragraph>
        ) : null}
        {list.error ? (
          <Alert
            type="error"
            showIcon
            message={t('history.loadFailed')}
            description={errorMessageOf(list.error)}
            action={<Button onClick={list.retry}>{t('history.retry')}</Button>}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Table<TContentHistory>
          rowKey="content_id"
          columns={columns}
          dataSource={list.rows}
          pagination={false}
          loading={list.loading}
          // The columns' widths and the content's 220 px: within the 1,110 px a 1440 px screen gives (issue 31).
          scroll={{ x: 1098 }}
          locale={{ emptyText: <Empty description={t('history.empty')} /> }}
        />
        <ScrollSentinel
          active={!list.loading && !list.loadingMore}
          version={list.rows.length}
          onReach={list.loadMore}
        />
        {list.loadingMore ? <Spin style={{ display: 'block', margin: '12px auto' }} /> : null}
      </Card>
      <ContentSearchModal criteria={criteria} onSearch={setCriteria} dateLabel={t('history.period')} />
    </>
  );
}
