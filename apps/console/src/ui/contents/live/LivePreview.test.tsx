import type { TLiveStatus } from '@signage/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../app/queryClient';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { HlsVideo, STALL_MS } from './HlsVideo';
import LivePreview from './LivePreview';

type FakeHls = { source: string; destroyed: boolean; failFatally: () => void };

/** hls.js stands in: jsdom has no Media Source Extensions. Each player made is kept so a test can fail it. */
const hls = vi.hoisted(() => ({ made: [] as FakeHls[] }));
vi.mock('hls.js', () => {
  class Hls {
    static Events = { ERROR: 'hlsError' };
    static isSupported = () => true;
    source = '';
    destroyed = false;
    private onError: ((event: string, data: { fatal: boolean }) => void) | null = null;
    constructor() {
      hls.made.push(this);
    }
    on(_event: string, handler: (event: string, data: { fatal: boolean }) => void) {
      this.onError = handler;
    }
    loadSource(source: string) {
      this.source = source;
    }
    attachMedia() {}
    destroy() {
      this.destroyed = true;
    }
    failFatally() {
      this.onError?.('hlsError', { fatal: true });
    }
  }
  return { default: Hls };
});

const CONTENT = {
  content_id: '11111111-1111-4111-8111-111111111111',
  name: 'Morning live',
  image_url: '/api/contents/k1/image',
};
const STATUS_PATH = `GET /api/live/${CONTENT.content_id}/status`;
const offAir = (lastEnded: string | null): TLiveStatus => ({
  content_id: CONTENT.content_id,
  on_air: false,
  on_air_since: null,
  last_ended_at: lastEnded,
  playback_url: `/api/live/${CONTENT.content_id}/index.m3u8`,
});
const onAir = (since: string): TLiveStatus => ({ ...offAir(null), on_air: true, on_air_since: since });

/** The server's answer, changed by the test as a broadcast starts and stops. */
let answer: () => ReturnType<typeof success>;

function renderPreview() {
  mockFetch({ [STATUS_PATH]: () => answer() });
  return render(
    <Providers queryClient={createQueryClient()}>
      <LivePreview content={CONTENT} pollMs={100} />
    </Providers>,
  );
}

const stateLine = () => screen.getByRole('status');
const liveImage = () => screen.queryByRole('img', { name: 'Live image of Morning live' });
const player = () => document.querySelector('video[aria-label="Live stream of Morning live"]');

beforeEach(() => {
  hls.made.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('Live preview', () => {
  it('shows the live image and when the last broadcast ended while off air, then the stream once on air', async () => {
    answer = () => success(offAir('2026-01-05T10:40:00.000Z'));
    renderPreview();
    expect(await screen.findByText('Off air')).toBeInTheDocument();
    expect(stateLine()).toHaveTextContent('Last broadcast ended 2026-01-05 10:40 GMT');
    expect(liveImage()).toHaveAttribute('src', CONTENT.image_url);
    expect(screen.getByText('Off air: players show this live image until the broadcast starts.')).toBeInTheDocument();
    expect(player()).toBeNull();

    const since = new Date(Date.now() - 60_000).toISOString();
    answer = () => success(onAir(since));
    expect(await screen.findByText('On air')).toBeInTheDocument();
    // 'HH:mm' today; a run across midnight GMT gets the date in front.
    expect(stateLine()).toHaveTextContent(
      new RegExp(`On air since (\\d{4}-\\d{2}-\\d{2} )?${since.slice(11, 16)} GMT`),
    );
    await waitFor(() => expect(hls.made).toHaveLength(1));
    expect(hls.made[0]!.source).toBe(`/api/live/${CONTENT.content_id}/index.m3u8`);
    expect(player()).toHaveAttribute('poster', CONTENT.image_url);
    expect(liveImage()).toBeNull();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();

    answer = () => success(offAir(new Date().toISOString()));
    expect(await screen.findByText('Off air')).toBeInTheDocument();
    expect(player()).toBeNull();
    expect(liveImage()).toBeInTheDocument();
    expect(hls.made[0]!.destroyed).toBe(true);
  });

  it.each([
    [
      'unavailable',
      "The server's stream ingest is not running, so encoders cannot broadcast now. The server log says why.",
    ],
    ['off', 'This server does not receive streams (its ingest is turned off), so encoders cannot broadcast to it.'],
  ] as const)('says encoders cannot broadcast while the ingest is %s', async (ingest, warning) => {
    answer = () => success({ ...offAir(null), ingest });
    renderPreview();
    expect(await screen.findByText(warning)).toBeInTheDocument();
  });

  it('says when there has been no broadcast yet, and nothing of the ingest while it runs', async () => {
    answer = () => success({ ...offAir(null), ingest: 'running' });
    renderPreview();
    expect(await screen.findByText('No broadcast yet')).toBeInTheDocument();
    expect(screen.queryByText(/encoders cannot broadcast/)).toBeNull();
  });

  it('goes back to the live image when playback fails, and tries the stream again while it is on air', async () => {
    // One broadcast: the same start in every answer (a new start would rightly get a new player).
    const since = new Date().toISOString();
    answer = () => success(onAir(since));
    renderPreview();
    await waitFor(() => expect(hls.made).toHaveLength(1));
    act(() => hls.made[0]!.failFatally());
    expect(hls.made[0]!.destroyed).toBe(true);
    expect(player()).toBeNull();
    expect(liveImage()).toBeInTheDocument();
    expect(screen.getByText('The stream was interrupted. Reconnecting…')).toBeInTheDocument();
    // The next state still says on air: a new player, not the failed one.
    await waitFor(() => expect(hls.made).toHaveLength(2));
    expect(player()).toBeInTheDocument();
    expect(hls.made[1]!.destroyed).toBe(false);
  });

  it('starts a new player for a new broadcast (a publisher that dropped and came back)', async () => {
    answer = () => success(onAir('2026-01-05T10:00:00.000Z'));
    renderPreview();
    await waitFor(() => expect(hls.made).toHaveLength(1));
    answer = () => success(onAir('2026-01-05T10:05:00.000Z'));
    await waitFor(() => expect(hls.made).toHaveLength(2));
    expect(hls.made[0]!.destroyed).toBe(true);
    expect(hls.made[1]!.destroyed).toBe(false);
    expect(player()).toBeInTheDocument();
  });

  it('says the state could not be read while the server does not answer, and recovers when it does', async () => {
    answer = () => failure(500, 'Unexpected error has occurred');
    renderPreview();
    expect(await screen.findByText('The broadcast state could not be read. Trying again…')).toBeInTheDocument();
    expect(liveImage()).toBeInTheDocument();
    answer = () => success(offAir(null));
    expect(await screen.findByText('Off air')).toBeInTheDocument();
  });
});

describe('HLS video', () => {
  it('reports a stall once when a playing video does not advance', async () => {
    vi.useFakeTimers();
    try {
      const onFailure = vi.fn();
      render(<HlsVideo src="/api/live/x/index.m3u8" label="stream" maxHeight={320} onFailure={onFailure} />);
      const video = document.querySelector('video') as HTMLVideoElement;
      Object.defineProperty(video, 'paused', { value: false });
      await vi.advanceTimersByTimeAsync(STALL_MS - 2000);
      expect(onFailure).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(4000);
      expect(onFailure).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(STALL_MS);
      expect(onFailure).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a paused video alone', async () => {
    vi.useFakeTimers();
    try {
      const onFailure = vi.fn();
      render(<HlsVideo src="/api/live/x/index.m3u8" label="stream" maxHeight={320} onFailure={onFailure} />);
      await vi.advanceTimersByTimeAsync(STALL_MS * 2);
      expect(onFailure).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
