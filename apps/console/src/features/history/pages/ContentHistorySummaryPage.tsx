import { defaultHistoryWindow } from '@signage/domain';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../lib/api';
import '../../../i18n/schedules';
import { PageHeader } from '../../../ui/PageHeader';
import { useContentHistory } from '../api';
import { ContentCell } from '../components/ContentCell';
import { ContentFacts } from '../components/ContentFacts';
import { type Period, PeriodPicker } from '../components/PeriodPicker';
import { PlayersChart } from '../components/PlayersChart';

/**
 * Content history summary (SPEC.md section 3): the content's header and a bar chart of players per UTC day,
 * 9 days back (00:00) to today (23:59:59.999) unless another period is picked, 7 days in view with a timeline;
 * Details opens the per-player timeline. Without a key it goes back to the history list.
 */
export default function ContentHistorySummaryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('key');
  const [period, setPeriod] = useState<Period>(() => defaultHistoryWindow());
  const history = useContentHistory(key, period);
  if (!key) return <Navigate to="/contents/history" replace />;
  const content = history.data;

  return (
    <>
      <PageHeader
        title={t('title.contentHistorySummary')}
        extra={
          <>
            <Button onClick={() => navigate('/contents/history')}>{t('history.backToList')}</Button>
            <Button
              type="primary"
              disabled={!content}
              onClick={() => navigate(`/contents/historydetail?key=${encodeURIComponent(key)}`)}
            >
              {t('history.details')}
            </Button>
          </>
        }
      />
      {history.error ? (
        <Alert
          type="error"
          showIcon
          message={t('history.loadFailed')}
          description={errorMessageOf(history.error)}
          action={<Button onClick={() => void history.refetch()}>{t('history.retry')}</Button>}
        />
      ) : (
        <Card>
          {content ? (
            <>
              <Flex justify="space-between" align="start" gap={16} wrap style={{ marginBottom: 16 }}>
                <ContentCell content={content} />
                <PeriodPicker value={period} onChange={setPeriod} />
              </Flex>
              <ContentFacts content={content} />
              <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
                {t('history.chartTitle')}
              </Typography.Title>
              {content.player_count.every((count) => count === 0) ? (
                <Typography.Text type="secondary">{t('history.noChartData')}</Typography.Text>
              ) : null}
              <PlayersChart name={content.name} dates={content.play_date} counts={content.player_count} />
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </Card>
      )}
    </>
  );
}
