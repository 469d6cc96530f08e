import { ROLES, type Role, type TContent } from '@signage/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, type MockReply, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { canSeeStreamKeys } from '../components/StreamKeyFields';

vi.mock('hls.js', () => ({ default: { isSupported: () => false } }));

const OLD_KEY = 'oldKeyAAAAAAAAAAAAAAAAAAAAAAAAAA';
const NEW_KEY = 'newKeyBBBBBBBBBBBBBBBBBBBBBBBBBB';
const RTMP = 'rtmp://signage.example.com:1935/live';

const live: TContent = {
  content_id: '22222222-2222-4222-8222-222222222222',
  key: 'k-live',
  name: 'Morning live',
  type: 'stream',
  display_pattern: 'Multi,CW',
  region: 'JP',
  thumbnail_url: null,
  processing_state: 'ready',
  content_url: null,
  image_url: '/api/contents/k-live/image',
  duration: null,
  width: null,
  height: null,
  size: null,
  license_from: null,
  license_to: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  livePlatform: 'selfhosted',
  title: '',
  livestation_url: 'https://station.example.com/live',
  bambuser_showId: '',
  layout: 'Fullscreen',
  output_resolution: 'Manual_input',
  output_resolution_width: 640,
  output_resolution_height: 360,
  live_logo_position: 'upper_right',
  live_prompt: 'Now on air',
  live_dashboard: 'show',
  rtmp_url: RTMP,
  stream_key: OLD_KEY,
};

function setup(
  role: Role,
  rotate: () => MockReply = () => success({ rtmp_url: RTMP, stream_key: NEW_KEY }),
  stored: TContent = live,
) {
  const mock = mockFetch({
    [`GET /api/contents/${live.key}`]: () => success(stored),
    [`GET /api/live/${live.content_id}/status`]: () =>
      success({
        content_id: live.content_id,
        on_air: false,
        on_air_since: null,
        last_ended_at: null,
        playback_url: `/api/live/${live.content_id}/index.m3u8`,
      }),
    [`POST /api/contents/${live.key}/stream-key`]: rotate,
  });
  const { router } = renderApp(`/contents/detail?key=${live.key}`, userWith(role, { region: '' }));
  return { ...mock, router };
}

const rotations = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/stream-key'));
const keyDialog = () => screen.getByRole('dialog');

// The first render transforms the page's whole chunk: slow on a cold cache.
describe('Content detail of a live content', () => {
  it('shows a content editor the RTMP URL and the key masked until Show, each copyable', async () => {
    const user = userEvent.setup();
    setup('DS_MK');
    expect(await screen.findByText(RTMP, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(OLD_KEY)).toBeNull();
    expect(screen.getByLabelText('Stream key (hidden)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText(OLD_KEY)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText(OLD_KEY)).toBeNull();
    // Copy takes the key without showing it.
    await user.click(screen.getByRole('button', { name: 'Copy Stream key' }));
    expect(await navigator.clipboard.readText()).toBe(OLD_KEY);
    await user.click(screen.getByRole('button', { name: 'Copy RTMP URL' }));
    expect(await navigator.clipboard.readText()).toBe(RTMP);
    expect(screen.getByRole('button', { name: 'Issue new key' })).toBeInTheDocument();
    // The preview is there too: off air, the live image.
    expect(await screen.findByText('No broadcast yet')).toBeInTheDocument();
  });

  it.each(ROLES)('lets %s see stream keys only if it edits contents', (role) => {
    expect(canSeeStreamKeys(userWith(role))).toBe(role === 'DS_MK' || role === 'DS_FRIT');
  });

  it('shows no key and no Issue new key to a role that may not edit contents', async () => {
    const { router } = setup('DS_LHQBIZ');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/contents/detail'), { timeout: 15_000 });
    expect(screen.queryByText(RTMP)).toBeNull();
    expect(screen.queryByText(OLD_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Issue new key' })).toBeNull();
  });

  it('offers no new key for a stream of another platform, which issues its keys itself', async () => {
    setup('DS_MK', undefined, { ...live, livePlatform: 'bambuser', bambuser_showId: 'show-1' });
    expect(await screen.findByText(RTMP, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Stream key (hidden)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue new key' })).toBeNull();
  });

  it('asks before issuing a new key; Cancel issues nothing', async () => {
    const user = userEvent.setup();
    const { requests } = setup('DS_MK');
    await user.click(await screen.findByRole('button', { name: 'Issue new key' }, { timeout: 15_000 }));
    const dialog = keyDialog();
    expect(within(dialog).getByText('Issue a new stream key?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The current key stops working at once and a broadcast running now is cut. To broadcast again, the encoder must be given the new key.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rotations(requests)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText(OLD_KEY)).toBeInTheDocument();
  });

  it('issues a new key after confirming and shows it with Copy; the detail shows the new key', async () => {
    const user = userEvent.setup();
    const { requests } = setup('DS_FRIT');
    // An unsaved name stays as typed through the new key.
    fireEvent.change(await screen.findByLabelText('Content name', {}, { timeout: 15_000 }), {
      target: { value: 'Evening live' },
    });
    await user.click(screen.getByRole('button', { name: 'Issue new key' }));
    await user.click(within(keyDialog()).getByRole('button', { name: 'Issue new key' }));
    expect(await within(keyDialog()).findByText('New stream key issued')).toBeInTheDocument();
    expect(rotations(requests)).toHaveLength(1);
    expect(within(keyDialog()).getByLabelText('stream_key', { exact: true })).toHaveValue(NEW_KEY);
    expect(within(keyDialog()).getByLabelText('rtmp_url', { exact: true })).toHaveValue(RTMP);
    expect(within(keyDialog()).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(within(keyDialog()).getByRole('button', { name: 'Copy stream_key' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    await user.click(within(keyDialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText(NEW_KEY)).toBeInTheDocument();
    expect(screen.queryByText(OLD_KEY)).toBeNull();
    expect(screen.getByLabelText('Content name')).toHaveValue('Evening live');

    // Opened again, the dialog asks again rather than showing the last key.
    await user.click(screen.getByRole('button', { name: 'Issue new key' }));
    expect(await within(keyDialog()).findByText('Issue a new stream key?')).toBeInTheDocument();
  });

  it('shows a refusal in the dialog, which stays open to try again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { requests } = setup('DS_MK', () =>
      refuse ? failure(409, 'Unexpected error has occurred') : success({ rtmp_url: RTMP, stream_key: NEW_KEY }),
    );
    await user.click(await screen.findByRole('button', { name: 'Issue new key' }, { timeout: 15_000 }));
    await user.click(within(keyDialog()).getByRole('button', { name: 'Issue new key' }));
    expect(await within(keyDialog()).findByText('The new stream key could not be issued')).toBeInTheDocument();
    expect(within(keyDialog()).getByText('Unexpected error has occurred')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText(OLD_KEY)).toBeInTheDocument();
    refuse = false;
    await user.click(within(keyDialog()).getByRole('button', { name: 'Issue new key' }));
    expect(await within(keyDialog()).findByText('New stream key issued')).toBeInTheDocument();
    expect(rotations(requests)).toHaveLength(2);
  });
});
