import { PlayCircleOutlined } from '@ant-design/icons';
import { displayPatternLabel, type TContent } from '@signage/domain';
import { Button, Empty, Spin, Table, type TableProps, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatGmtSeconds } from '../../lib/gmt';
import { ScrollSentinel } from '../ScrollSentinel';
import { countryText, expiryText } from './format';

type Props = {
  rows: TContent[];
  loading: boolean;
  loadingMore: boolean;
  /** Reaching the bottom of the table (cursor loading). */
  onReachEnd: () => void;
  onPlay: (content: TContent) => void;
  /** Columns after the standard ones (the content list's Details button). */
  extraColumns?: ColumnsType<TContent>;
  rowSelection?: TableProps<TContent>['rowSelection'];
  emptyText?: string;
};

/**
 * The content table of SPEC.md section 2 (number, thumbnail, name, display, distribution country, expiring
 * date, date of update) with infinite scroll: the content list and the schedule wizard's content step.
 */
export function ContentTable({
  rows,
  loading,
  loadingMore,
  onReachEnd,
  onPlay,
  extraColumns = [],
  rowSelection,
  emptyText,
}: Props) {
  const { t } = useTranslation();
  const columns: ColumnsType<TContent> = [
    {
      key: 'number',
      title: t('contents.list.number'),
      width: 64,
      render: (_: unknown, __: TContent, index: number) => index + 1,
    },
    {
      key: 'thumbnail',
      title: t('contents.list.thumbnail'),
      width: 120,
      render: (_: unknown, row: TContent) =>
        row.processing_state !== 'ready' ? (
          // Made after the upload's answer; the list refreshes until it is there (useContentPages).
          <Typography.Text type={row.processing_state === 'failed' ? 'danger' : 'secondary'}>
            {row.processing_state === 'failed' ? t('contents.list.processingFailed') : t('contents.list.processing')}
          </Typography.Text>
        ) : row.thumbnail_url ? (
          <button
            type="button"
            onClick={() => onPlay(row)}
            aria-label={`${t('contents.list.play')} ${row.name}`}
            style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
          >
            <img
              src={row.thumbnail_url}
              alt={row.name}
              loading="lazy"
              style={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 4, display: 'block' }}
            />
          </button>
        ) : (
          <PlayCircleOutlined />
        ),
    },
    {
      key: 'name',
      title: t('contents.list.name'),
      width: 280,
      ellipsis: { showTitle: false },
      // A long name is cut with an ellipsis and shown whole in a tooltip, so it cannot push the columns away.
      render: (_: unknown, row: TContent) => (
        <Tooltip title={row.name} placement="topLeft">
          <Button
            type="link"
            style={{ padding: 0, maxWidth: '100%', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
            onClick={() => onPlay(row)}
          >
            {row.name}
          </Button>
        </Tooltip>
      ),
    },
    {
      key: 'display',
      title: t('contents.list.display'),
      render: (_: unknown, row: TContent) => displayPatternLabel(row.display_pattern),
    },
    {
      key: 'country',
      title: t('contents.list.country'),
      render: (_: unknown, row: TContent) => countryText(t, row.region),
    },
    {
      key: 'expiry',
      title: t('contents.list.expiry'),
      render: (_: unknown, row: TContent) => expiryText(t, row.license_to),
    },
    {
      key: 'updated',
      title: t('contents.list.updated'),
      render: (_: unknown, row: TContent) => formatGmtSeconds(row.updated_at),
    },
    ...extraColumns,
  ];

  return (
    <>
      <Table<TContent>
        rowKey="content_id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        loading={loading}
        rowSelection={rowSelection}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={emptyText ?? t('messages.noMatchingRecord')} /> }}
      />
      <ScrollSentinel active={!loading && !loadingMore} version={rows.length} onReach={onReachEnd} />
      {loadingMore ? <Spin style={{ display: 'block', margin: '12px auto' }} /> : null}
    </>
  );
}
