import { DownloadOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { defaultLogRange, type TLogEntry } from '@signage/domain';
import { Badge, Button, Card, Descriptions, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useScreenState } from '../../../app/screenState';
import { formatGmt } from '../../../lib/gmt';
import { ActiveFilters } from '../../../ui/ActiveFilters';
import { PageHeader } from '../../../ui/PageHeader';
import { useOverlayToggle } from '../../../ui/useOverlay';
import { downloadLog, useLogDevice, useLogPages } from '../api';
import { type LogCriteria, LogSearchForm } from '../components/LogSearchForm';

const LEVEL_COLOURS = { INFO: 'blue', WARNING: 'orange', ERROR: 'red' } as const;

/** Player logs (SPEC.md section 2, DS_FRIT): Filter, Refresh, Download All, per-row Download, cursor paging. */
export default function PlayerLogsPage() {
  const { t } = useTranslation();
  const code = useSearchParams()[0].get('device_code');
  const defaults = useMemo<LogCriteria>(() => ({ ...defaultLogRange(new Date()), level: 'ALL' }), []);
  const screen = useScreenState<Partial<LogCriteria>>('deviceLogs');
  const criteria: LogCriteria = { ...defaults, ...screen.criteria };
  const [searchOpen, openSearch, closeSearch] = useOverlayToggle('logSearch');
  const [busy, setBusy] = useState<string | null>(null);
  const device = useLogDevice(code);
  const query = code ? { device_code: code, order: screen.order, ...criteria, limit: 10 } : null;
  const logs = useLogPages(query);
  // Without a chosen player there is nothing to show: back to the list (SPEC.md section 4).
  if (!code) return <Navigate to="/device/list" replace />;
  const rows = logs.data?.pages.flatMap((page) => page.logs) ?? [];
  const activeFilters = (['start', 'end', 'level'] as const).filter((key) => criteria[key] !== defaults[key]).length;

  const save = async (key: string, run: () => Promise<void>) => {
    setBusy(key);
    // Download failures are silent (SPEC.md section 8); the button simply stops spinning.
    await run().catch(() => undefined);
    setBusy(null);
  };

  return (
    <>
      <PageHeader
        title={t('title.playerLogs')}
        extra={
          <>
            <Badge count={activeFilters} size="small">
              <Button icon={<FilterOutlined />} onClick={openSearch} aria-haspopup="dialog">
                {t('logs.filter')}
              </Button>
            </Badge>
            <ActiveFilters count={activeFilters} onClear={() => screen.setCriteria({})} />
            <Button icon={<ReloadOutlined />} onClick={() => logs.refetch()}>
              {t('logs.refresh')}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={busy === 'all'}
              disabled={rows.length === 0}
              onClick={() =>
                save('all', () =>
                  downloadLog({ device_code: code, downloadAll: true, order: screen.order, ...criteria }),
                )
              }
            >
              {t('logs.downloadAll')}
            </Button>
          </>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'player',
              label: t('logs.player'),
              children: device.data ? `${device.data.shop_name} (${device.data.device_name})` : code,
            },
            { key: 'range', label: t('logs.range'), children: `${criteria.start} – ${criteria.end}` },
            { key: 'level', label: t('logs.level'), children: t(`logs.level${criteria.level}`) },
          ]}
        />
      </Card>
      <Card>
        <Table<TLogEntry>
          rowKey="log_id"
          loading={logs.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('logs.noLogs')} /> }}
          columns={[
            // Players name every file alike ('info.log'): the time range is what tells them apart.
            {
              title: t('logs.range'),
              key: 'range',
              render: (_, log) => (
                <Typography.Text strong>{`${formatGmt(log.started_at)} – ${formatGmt(log.ended_at)}`}</Typography.Text>
              ),
            },
            {
              title: t('logs.level'),
              dataIndex: 'level',
              render: (level: TLogEntry['level']) => <Tag color={LEVEL_COLOURS[level]}>{t(`logs.level${level}`)}</Tag>,
            },
            {
              title: t('logs.name'),
              dataIndex: 'name',
              render: (name: string) => <Typography.Text type="secondary">{name}</Typography.Text>,
            },
            { title: t('logs.size'), dataIndex: 'size', render: (size: number) => t('logs.bytes', { count: size }) },
            {
              title: '',
              key: 'download',
              align: 'right',
              render: (_, log) => (
                <Button
                  icon={<DownloadOutlined />}
                  loading={busy === log.log_id}
                  onClick={() =>
                    save(log.log_id, () => downloadLog({ device_code: code, log_id: log.log_id, name: log.name }))
                  }
                >
                  {t('logs.download')}
                </Button>
              ),
            },
          ]}
        />
        {logs.hasNextPage ? (
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Button onClick={() => logs.fetchNextPage()} loading={logs.isFetchingNextPage}>
              {t('logs.loadMore')}
            </Button>
          </Flex>
        ) : null}
      </Card>
      <LogSearchForm
        open={searchOpen}
        initial={criteria}
        defaults={defaults}
        onClose={closeSearch}
        onSearch={(next) => {
          screen.setCriteria(next);
          closeSearch();
        }}
      />
    </>
  );
}
