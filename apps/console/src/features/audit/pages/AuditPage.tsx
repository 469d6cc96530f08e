import type { TAuditEntry } from '@signage/domain';
import { Alert, Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenState } from '../../../app/screenState';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { formatGmtSeconds } from '../../../lib/gmt';
import { PageHeader } from '../../../ui/PageHeader';
import { downloadAuditCsv, useAuditPages } from '../api';
import {
  AuditFilters,
  type AuditFilterValues,
  actionLabel,
  searchOf,
  serverFieldError,
} from '../components/AuditFilters';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : JSON.stringify(value));

/** What an entry changed: each field before and after, or what the writer recorded. */
function ChangeCell({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  if (entry.changes.length > 0) {
    return (
      <ul aria-label={t('audit.change')} style={{ margin: 0, paddingInlineStart: 16 }}>
        {entry.changes.map((change) => (
          <li key={change.field}>
            <Typography.Text strong>{change.field}</Typography.Text>
            {`: ${shown(change.before)} → ${shown(change.after)}`}
          </li>
        ))}
      </ul>
    );
  }
  if (!entry.detail) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
      {JSON.stringify(entry.detail)}
    </Typography.Text>
  );
}

/**
 * The audit trail (issue 29 item 7; DS_FRIT every entry, DS_LHQIT its region's, as the server decides): who did
 * what, when, to which object, with the change; filtered by user, action, object and time; CSV export.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const screen = useScreenState<AuditFilterValues>('audit');
  const values = screen.criteria ?? {};
  const search = searchOf(values);
  const pages = useAuditPages(search);
  const [exporting, setExporting] = useState(false);
  const entries = pages.data?.pages.flatMap((page) => page.entries) ?? [];
  const failure = pages.error ? errorMessageOf(pages.error, t('audit.loadFailed')) : null;
  // A refusal of the filters belongs at its field; any other failure is said above the list.
  const fieldFailure = failure && serverFieldError(t, failure) ? failure : null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(search);
      useBanner.getState().show({ level: 'info', text: 'audit.exported' });
    } catch (error) {
      useBanner.getState().show({ level: 'error', text: errorMessageOf(error, t('audit.exportFailed')) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title.audit')}
        extra={
          <Button loading={exporting} disabled={entries.length === 0} onClick={() => void exportCsv()}>
            {t('audit.exportCsv')}
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <AuditFilters
          key={JSON.stringify(values)}
          initial={values}
          serverError={fieldFailure}
          onSearch={(next) => screen.setCriteria(next)}
        />
      </Card>
      <Card>
        {failure && !fieldFailure ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('audit.loadFailed')}
            description={failure}
            action={
              <Button size="small" onClick={() => void pages.refetch()}>
                {t('audit.retry')}
              </Button>
            }
          />
        ) : null}
        <Table<TAuditEntry>
          rowKey="id"
          loading={pages.isLoading}
          dataSource={entries}
          pagination={false}
          locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
          columns={[
            { title: t('audit.at'), dataIndex: 'at', render: (at: string) => formatGmtSeconds(at) },
            { title: t('audit.who'), dataIndex: 'actor' },
            { title: t('audit.what'), dataIndex: 'action', render: (action: string) => actionLabel(t, action) },
            { title: t('audit.target'), dataIndex: 'object', render: (object: string) => object || '—' },
            {
              title: t('audit.region'),
              dataIndex: 'region',
              render: (region: string) => region || t('audit.noRegion'),
            },
            { title: t('audit.change'), key: 'change', render: (_, entry) => <ChangeCell entry={entry} /> },
          ]}
        />
        <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">{t('audit.shown', { count: entries.length })}</Typography.Text>
          {pages.hasNextPage ? (
            <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              {t('audit.loadMore')}
            </Button>
          ) : null}
        </Flex>
      </Card>
    </>
  );
}
