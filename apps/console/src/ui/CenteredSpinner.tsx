import { Flex, Spin } from 'antd';

/** A spinner in the middle of the viewport, for start-up and route loading. */
export function CenteredSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="status" aria-label={label}>
      <Spin size="large" />
    </Flex>
  );
}
