import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

type PageHeaderProps = { title: ReactNode; extra?: ReactNode };

/** The heading row of a screen: its title on the left, actions on the right. */
export function PageHeader({ title, extra }: PageHeaderProps) {
  return (
    <Flex align="center" justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
        {title}
      </Typography.Title>
      {extra ? <Flex gap={8}>{extra}</Flex> : null}
    </Flex>
  );
}
