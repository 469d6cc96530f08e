import { FilterOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import type { TOrder } from '@signage/domain';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOverlay } from '../useOverlay';

/**
 * The content list's header actions, shared with the content history: Filter (opens the content search
 * overlay, with the number of criteria set) and the sort by update date.
 */
export function FilterSortButtons({
  filterCount,
  order,
  onOrder,
}: {
  filterCount: number;
  order: TOrder;
  onOrder: (order: TOrder) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Badge count={filterCount} size="small">
        <Button icon={<FilterOutlined />} onClick={() => useOverlay.getState().show('contentSearch')}>
          {filterCount > 0 ? t('common.filterActive', { count: filterCount }) : t('common.filter')}
        </Button>
      </Badge>
      <Button
        icon={order === 'DESC' ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
        onClick={() => onOrder(order === 'DESC' ? 'ASC' : 'DESC')}
        aria-label={t('contents.list.sortLabel', { order: t(`contents.list.order${order}`) })}
      >
        {t('contents.list.sortByUpdate')} ({t(`contents.list.order${order}`)})
      </Button>
    </>
  );
}
