import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { LivePreviewProps } from './LivePreview';

const LivePreview = lazy(() => import('./LivePreview'));

/**
 * The live preview, loaded when a live content is shown: its code, its strings and hls.js (loaded later still,
 * once on air) stay out of every page's first load.
 */
export function LazyLivePreview(props: LivePreviewProps) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
      <LivePreview {...props} />
    </Suspense>
  );
}
