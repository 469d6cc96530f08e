import { pagerPages, pagerText } from '@signage/domain';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type ListPagerProps = {
  page: number;
  maxPage: number;
  total: number;
  onChange: (page: number) => void;
  /** Pages shown from `page` on, when scrolling has loaded more under it. */
  pagesShown?: number;
};

/** Page buttons up to five either side of the current page, and the text 'x-y / total' (SPEC.md 2 and 9). */
export function ListPager({ page, maxPage, total, onChange, pagesShown = 1 }: ListPagerProps) {
  const { t } = useTranslation();
  return (
    <Flex
      component="nav"
      aria-label={t('common.pager')}
      align="center"
      justify="space-between"
      wrap
      gap={8}
      style={{ marginTop: 16 }}
    >
      <Flex gap={4} wrap>
        {pagerPages(page, maxPage).map((n) => (
          <Button
            key={n}
            size="small"
            type={n === page ? 'primary' : 'default'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('common.pageN', { page: n })}
            onClick={() => onChange(n)}
          >
            {n}
          </Button>
        ))}
      </Flex>
      <Typography.Text type="secondary" data-testid="pager-text">
        {pagerText(page, total, undefined, pagesShown)}
      </Typography.Text>
    </Flex>
  );
}
