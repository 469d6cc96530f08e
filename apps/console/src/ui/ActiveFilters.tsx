import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Tag } from './lite';

/** Beside a list's Filter button: how many filters are on, and a way to clear them. Nothing when none is. */
export function ActiveFilters({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Flex align="center">
      <Tag color="blue" data-testid="active-filters">
        {t('players.activeFilters', { count })}
      </Tag>
      <Button type="link" size="small" onClick={onClear}>
        {t('players.clearFilters')}
      </Button>
    </Flex>
  );
}
