import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { useSettingList, useTagCategories } from '../api';
import { TagTable } from '../components/TagTable';
import { useLoadOnScroll } from '../components/useLoadOnScroll';

/**
 * Tag list (SPEC.md section 2, Tags): 'Add New Item', the table, the next page loaded when the
 * end of the list scrolls into view, and the total count once everything is shown.
 */
export default function TagListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useSettingList();
  const categories = useTagCategories();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const pages = list.data?.pages ?? [];
  useLoadOnScroll(sentinel, {
    enabled: hasNextPage && !list.isFetchNextPageError,
    pages: pages.length,
    load: loadMore,
  });

  const settings = pages.flatMap((page) => page.settings);
  const total = pages.at(-1)?.summary.total ?? settings.length;

  return (
    <>
      <PageHeader
        title={t('title.tagList')}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate('/setting/register')}>
            {t('tags.addNew')}
          </Button>
        }
      />
      {list.isError && !list.data ? (
        <Alert
          type="error"
          showIcon
          title={t('tags.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('tags.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <TagTable
            settings={settings}
            categories={categories.data ?? []}
            loading={list.isPending}
            empty={<Empty description={t('tags.empty')} />}
          />
          <Flex ref={sentinel} justify="center" style={{ padding: 16 }}>
            {hasNextPage ? (
              <Button loading={isFetchingNextPage} onClick={loadMore}>
                {t('tags.loadMore')}
              </Button>
            ) : list.data ? (
              <Typography.Text type="secondary" role="status">
                {t('tags.total', { count: total })}
              </Typography.Text>
            ) : null}
          </Flex>
        </>
      )}
    </>
  );
}
