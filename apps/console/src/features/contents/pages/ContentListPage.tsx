import { FilterOutlined, PlayCircleOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { displayPatternLabel, PAGE_SIZE, ROLE_GROUPS, type TContent } from '@signage/domain';
import { Badge, Button, Card, Empty, Spin, Table, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth/store';
import { useScreenState } from '../../../app/screenState';
import { useOverlay } from '../../../app/shell/useOverlay';
import { PageHeader } from '../../../ui/PageHeader';
import { type ContentCriteria, useContentPages } from '../api';
import { ContentPlayerModal } from '../components/ContentPlayerModal';
import { ContentSearchModal } from '../components/ContentSearchModal';
import { activeFilterCount, countryText, expiryText, gmt } from '../format';

export const CONTENT_LIST_SCREEN = 'contentList';

/**
 * Content list (SPEC.md sections 2 and 4): filter overlay, sort by update date, infinite scroll with the
 * automatic fetch when a page comes back short or empty, play modal, Details for DS_MK and DS_FRIT.
 */
export default function ContentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const { criteria, order, setCriteria, setOrder } = useScreenState<ContentCriteria>(CONTENT_LIST_SCREEN);
  const pages = useContentPages(criteria, order);
  const filterCount = activeFilterCount(criteria);
  const [playing, setPlaying] = useState<TContent | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.contents) ?? [], [pages.data]);
  const canEdit = user !== null && (ROLE_GROUPS.contentEditors as readonly string[]).includes(user.authority);
  const { hasNextPage, isFetching, fetchNextPage } = pages;

  const lastPageEmpty = pages.data?.pages.at(-1)?.contents.length === 0;
  // An empty page, or fewer rows than a page, while more results exist: fetch on at once (SPEC.md section 4).
  useEffect(() => {
    if (hasNextPage && !isFetching && (lastPageEmpty || rows.length < PAGE_SIZE)) void fetchNextPage();
  }, [hasNextPage, isFetching, lastPageEmpty, rows.length, fetchNextPage]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && hasNextPage && !isFetching) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, fetchNextPage]);

  const play = (content: TContent) => {
    setPlaying(content);
    useOverlay.getState().show('contentPlayer');
  };

  const columns = [
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
        row.thumbnail_url ? (
          <button
            type="button"
            onClick={() => play(row)}
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
            onClick={() => play(row)}
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
    { key: 'updated', title: t('contents.list.updated'), render: (_: unknown, row: TContent) => gmt(row.updated_at) },
    ...(canEdit
      ? [
          {
            key: 'details',
            title: '',
            width: 100,
            render: (_: unknown, row: TContent) => (
              <Button onClick={() => navigate(`/contents/detail?key=${encodeURIComponent(row.key)}`)}>
                {t('common.details')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('title.contentList')}
        extra={
          <>
            <Badge count={filterCount} size="small">
              <Button icon={<FilterOutlined />} onClick={() => useOverlay.getState().show('contentSearch')}>
                {filterCount > 0 ? t('common.filterActive', { count: filterCount }) : t('common.filter')}
              </Button>
            </Badge>
            <Button
              icon={order === 'DESC' ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
              onClick={() => setOrder(order === 'DESC' ? 'ASC' : 'DESC')}
              aria-label={t('contents.list.sortLabel', { order: t(`contents.list.order${order}`) })}
            >
              {t('contents.list.sortByUpdate')} ({t(`contents.list.order${order}`)})
            </Button>
          </>
        }
      />
      <Card>
        <Table<TContent>
          rowKey="content_id"
          columns={columns}
          dataSource={rows}
          pagination={false}
          loading={pages.isLoading}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={t('messages.noMatchingRecord')} /> }}
        />
        <div ref={sentinel} style={{ height: 1 }} />
        {pages.isFetchingNextPage ? <Spin style={{ display: 'block', margin: '12px auto' }} /> : null}
      </Card>
      <ContentSearchModal criteria={criteria} onSearch={setCriteria} />
      <ContentPlayerModal content={playing} />
    </>
  );
}
