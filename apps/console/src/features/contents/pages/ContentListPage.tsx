import { ROLE_GROUPS, type TContent } from '@signage/domain';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenState } from '../../../app/screenState';
import { useAuth } from '../../../lib/authStore';
import { ContentPlayerModal } from '../../../ui/contents/ContentPlayerModal';
import { ContentSearchModal } from '../../../ui/contents/ContentSearchModal';
import { ContentTable } from '../../../ui/contents/ContentTable';
import { type ContentCriteria, useContentRows } from '../../../ui/contents/contentPages';
import { FilterSortButtons } from '../../../ui/contents/FilterSortButtons';
import { activeFilterCount } from '../../../ui/contents/format';
import { PageHeader } from '../../../ui/PageHeader';
import { useOverlay } from '../../../ui/useOverlay';

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
  const list = useContentRows(criteria, order);
  const filterCount = activeFilterCount(criteria);
  const [playing, setPlaying] = useState<TContent | null>(null);
  const canEdit = user !== null && (ROLE_GROUPS.contentEditors as readonly string[]).includes(user.authority);

  const play = (content: TContent) => {
    setPlaying(content);
    useOverlay.getState().show('contentPlayer');
  };

  const detailsColumn = {
    key: 'details',
    title: '',
    width: 124,
    render: (_: unknown, row: TContent) => (
      <Button onClick={() => navigate(`/contents/detail?key=${encodeURIComponent(row.key)}`)}>
        {t('common.details')}
      </Button>
    ),
  };

  return (
    <>
      <PageHeader
        title={t('title.contentList')}
        extra={<FilterSortButtons filterCount={filterCount} order={order} onOrder={setOrder} />}
      />
      <Card>
        <ContentTable
          rows={list.rows}
          loading={list.loading}
          loadingMore={list.loadingMore}
          onReachEnd={list.loadMore}
          onPlay={play}
          extraColumns={canEdit ? [detailsColumn] : []}
        />
      </Card>
      <ContentSearchModal criteria={criteria} onSearch={setCriteria} />
      <ContentPlayerModal content={playing} />
    </>
  );
}
