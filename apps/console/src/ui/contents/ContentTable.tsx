import { PlayCircleOutlined } from '@ant-design/icons';
import { displayPatternLabel, type TContent } from '@signage/domain';
import { Button, Empty, Spin, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
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
  /** A mark under a row's name (the wizard's 'Not for 1x1v players'), or null. */
  noteOf?: (content: TContent) => string | null;
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
  noteOf,
}: Props) {
  const { t } = useTranslation();
  const columns: ColumnsType<TContent> = [
    {
      key: 'number',
      title: t('contents.list.number'),
      width: 48,
      render: (_: unknown, __: TContent, index: number) => index + 1,
    },
    {
      key: 'thumbnail',
      title: t('contents.list.thumbnail'),
      width: 96,
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
              style={{ width: 80, height: 45, objectFit: 'cover', borderRadius: 4, display: 'block' }}
            />
          </button>
        ) : (
          <PlayCircleOutlined />
        ),
    },
    {
      key: 'name',
      title: t('contents.list.name'),
      // The one column without a width: it takes what the others leave (at least its header's room).
      ellipsis: { showTitle: false },
      // A long name is cut with an ellipsis and shown whole in a tooltip, so it cannot push the columns away.
      render: (_: unknown, row: TContent) => {
        const note = noteOf?.(row) ?? null;
        return (
          <>
            <Tooltip title={row.name} placement="topLeft">
              <Button
                type="link"
                style={{ padding: 0, maxWidth: '100%', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
                onClick={() => onPlay(row)}
              >
                {row.name}
              </Button>
            </Tooltip>
            {note ? <Tag color="orange">{note}</Tag> : null}
          </>
        );
      },
    },
    {
      key: 'display',
      title: t('contents.list.display'),
      width: 96,
      render: (_: unknown, row: TContent) => displayPatternLabel(row.display_pattern),
    },
    {
      key: 'country',
      title: t('contents.list.country'),
      width: 112,
      render: (_: unknown, row: TContent) => countryText(t, row.region),
    },
    {
      key: 'expiry',
      title: t('contents.list.expiry'),
      width: 104,
      render: (_: unknown, row: TContent) => expiryText(t, row.license_to),
    },
    {
      key: 'updated',
      title: t('contents.list.updated'),
      // Date over time (the text breaks at its space): 'YYYY-MM-DD' / 'HH:mm:ss GMT'.
      width: 112,
      render: (_: unknown, row: TContent) => formatGmtSeconds(row.updated_at),
    },
    ...extraColumns,
  ];
  // Scrolls sideways only below the columns' widths and the name's least room (160 px; 32 px a check box):
  // at 1440 px the wizard's content step (774 px beside its panel) shows every column (issue 31).
  const minWidth =
    columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 160), 0) +
    (rowSelection ? 32 : 0);

  return (
    <>
      <Table<TContent>
        rowKey="content_id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        loading={loading}
        rowSelection={rowSelection}
        size="small"
        className="lt-content-table"
        scroll={{ x: minWidth }}
        locale={{ emptyText: <Empty description={emptyText ?? t('messages.noMatchingRecord')} /> }}
      />
      <ScrollSentinel active={!loading && !loadingMore} version={rows.length} onReach={onReachEnd} />
      {loadingMore ? <Spin style={{ display: 'block', margin: '12px auto' }} /> : null}
    </>
  );
}
