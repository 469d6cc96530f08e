import type { TContent } from '@signage/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useScreenStateStore } from '../../../app/screenState';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { CONTENT_LIST_SCREEN } from './ContentListPage';

const content = (n: number): TContent => ({
  content_id: `00000000-0000-4000-8000-00000000000${n}`,
  key: `k${n}`,
  name: `Poster ${n}`,
  type: 'image',
  display_pattern: 'Multi,CW',
  region: 'JP',
  thumbnail_url: null,
  processing_state: 'ready',
  content_url: `/api/contents/k${n}/file`,
  image_url: null,
  duration: null,
  width: 10,
  height: 10,
  size: 100,
  license_from: null,
  license_to: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  livePlatform: null,
  title: null,
  livestation_url: null,
  bambuser_showId: null,
  layout: null,
  output_resolution: null,
  output_resolution_width: null,
  output_resolution_height: null,
  live_logo_position: null,
  live_prompt: null,
  live_dashboard: null,
  rtmp_url: null,
  stream_key: null,
});

vi.mock('hls.js', () => ({ default: { isSupported: () => false } }));

/** First page empty but more to come, second page with two rows: the list fetches on by itself. */
function mockPages() {
  let calls = 0;
  return mockFetch({
    'GET /api/contents': () => {
      calls += 1;
      return calls === 1
        ? success({ contents: [], summary: { endCursor: 'c1', moreResults: 'MORE_RESULTS_AFTER_LIMIT' } })
        : success({ contents: [content(1), content(2)], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } });
    },
  });
}

describe('Content list page', () => {
  it('fetches the next page by itself after an empty one, and offers Details to DS_MK', async () => {
    const { requests } = mockPages();
    renderApp('/contents/list', userWith('DS_MK', { region: '' }));
    expect(await screen.findByText('Poster 2', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/contents')).toHaveLength(2);
    expect(screen.getAllByText('Details')).toHaveLength(2);
  });

  it('labels times GMT, gives thumbnails alt text, shows the active filters and global content', async () => {
    const long = 'A very long campaign name '.repeat(8).trim();
    mockFetch({
      'GET /api/contents': () =>
        success({
          contents: [{ ...content(3), name: long, region: '', thumbnail_url: '/api/contents/k3/thumbnail' }],
          summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' },
        }),
    });
    useScreenStateStore.getState().update(CONTENT_LIST_SCREEN, { criteria: { name: 'campaign', media_type: 'none' } });
    renderApp('/contents/list', userWith('DS_LHQBIZ', { region: 'JP' }));
    expect(await screen.findByRole('img', { name: long }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('2026-01-01 00:00:00 GMT')).toBeInTheDocument();
    expect(screen.getByText('All countries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filter \(1 active\)/ })).toBeInTheDocument();
    const name = screen.getByRole('button', { name: long });
    expect(name).toHaveStyle({ textOverflow: 'ellipsis', overflow: 'hidden' });
  });

  it("shows 'Processing…' until a fresh upload's thumbnail is made, then the thumbnail; and 'Processing failed'", async () => {
    let calls = 0;
    mockFetch({
      'GET /api/contents': () => {
        calls += 1;
        const fresh =
          calls === 1
            ? { ...content(5), name: 'Fresh clip', processing_state: 'processing' as const }
            : { ...content(5), name: 'Fresh clip', thumbnail_url: '/api/contents/k5/thumbnail' };
        const failed = { ...content(6), name: 'Broken clip', processing_state: 'failed' as const };
        return success({ contents: [fresh, failed], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } });
      },
    });
    renderApp('/contents/list', userWith('DS_MK', { region: '' }));
    expect(await screen.findByText('Processing…', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Processing failed')).toBeInTheDocument();
    // The list asks again by itself while a row is processing, and shows the thumbnail once it is made.
    expect(await screen.findByRole('img', { name: 'Fresh clip' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Processing…')).toBeNull();
    expect(screen.getByText('Processing failed')).toBeInTheDocument();
  });

  it('shows no Details button to DS_LHQBIZ', async () => {
    mockPages();
    renderApp('/contents/list', userWith('DS_LHQBIZ'));
    expect(await screen.findByText('Poster 1', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Details')).toBeNull();
  });
});

describe('Content list play modal of a live content', () => {
  it('shows whether it is on air and the live image while off air, without its key', async () => {
    const user = userEvent.setup();
    const stream: TContent = {
      ...content(4),
      name: 'Morning live',
      type: 'stream',
      content_url: null,
      image_url: '/api/contents/k4/image',
      rtmp_url: 'rtmp://signage.example.com:1935/live',
      stream_key: 'secretKeyCCCCCCCCCCCCCCCCCCCCCCC',
    };
    mockFetch({
      'GET /api/contents': () =>
        success({ contents: [stream], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } }),
      [`GET /api/live/${stream.content_id}/status`]: () =>
        success({
          content_id: stream.content_id,
          on_air: false,
          on_air_since: null,
          last_ended_at: '2026-01-05T10:40:00.000Z',
          playback_url: `/api/live/${stream.content_id}/index.m3u8`,
        }),
    });
    renderApp('/contents/list', userWith('DS_LHQBIZ'));
    await user.click(await screen.findByRole('button', { name: 'Morning live' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Morning live' });
    expect(await within(modal).findByText('Off air')).toBeInTheDocument();
    expect(within(modal).getByText('Last broadcast ended 2026-01-05 10:40 GMT')).toBeInTheDocument();
    expect(within(modal).getByRole('img', { name: 'Live image of Morning live' })).toHaveAttribute(
      'src',
      '/api/contents/k4/image',
    );
    expect(modal.querySelector('video')).toBeNull();
    expect(within(modal).queryByText(/secretKey/)).toBeNull();
  });
});
