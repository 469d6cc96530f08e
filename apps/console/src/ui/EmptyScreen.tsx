import { findRoute } from '@signage/domain';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from './PageHeader';

/** A screen whose body comes with a later feature: its title and an empty state. */
export function EmptyScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  return (
    <>
      <PageHeader title={route ? t(route.titleKey) : ''} />
      <Card>
        <Empty description={t('common.noDataYet')} />
      </Card>
    </>
  );
}
