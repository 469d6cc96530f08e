import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { listOf, scheduleOf } from '../contentList/testing';

/** The first render loads the route's chunks: slow on a busy machine. */
const SLOW = { timeout: 20_000 };

const schedule = scheduleOf({ available_date_from: '2030-01-01', available_date_to: '2030-02-01' });
const PATH = '/device/contentedit?schedule_id=s1&device_code=DVTEST&from=detail';

const contentRow = (name: string, over: Record<string, unknown> = {}) => ({
  content_id: `id-${name}`,
  key: `key-${name}`,
  name,
  type: 'image',
  display_pattern: 'Multi,CW',
  region: 'JP',
  thumbnail_url: null,
  content_url: null,
  image_url: null,
  duration: null,
  width: null,
  height: null,
  size: null,
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
  processing_state: 'ready',
  ...over,
});

function mockEdit() {
  return mockFetch({
    'GET /api/schedules/s1': () => success(schedule),
    'GET /api/schedules': () => success(listOf([schedule])),
    'PUT /api/schedules/s1': () => success(schedule),
    'GET /api/devices/DVTEST': () => success({ devices: [testDevice({ time_zone: 'Asia/Tokyo' })] }),
    'GET /api/contents': () =>
      success({
        contents: [
          contentRow('Poster'),
          contentRow('Live show', { type: 'stream' }),
          contentRow('Store map', { content_id: 'c3' }),
        ],
        summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' },
      }),
  });
}

const names = () =>
  screen.getAllByTestId('playlist-row').map((row) => within(row).getAllByRole('cell')[3]?.textContent);

async function saveAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = (await screen.findByText('Save the playlist?')).closest('.ant-modal') as HTMLElement;
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
}

describe('Edit contents', () => {
  it('reorders by buttons, removes by index and sends only the contents', async () => {
    const user = userEvent.setup();
    const { requests } = mockEdit();
    const { router } = renderApp(PATH, userWith('DS_MK', { region: '' }));
    expect(await screen.findByLabelText('Playlist name', {}, SLOW)).toHaveValue('Default playlist');
    expect(names()).toEqual(['Spring sale', 'Winter coats', 'Store map']);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Store map up' }));
    expect(names()).toEqual(['Spring sale', 'Store map', 'Winter coats']);
    expect(screen.getByRole('button', { name: 'Move Spring sale up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Spring sale' }));
    expect(names()).toEqual(['Store map', 'Winter coats']);

    await saveAndConfirm(user);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      zone_code: expect.any(String),
      contents: ['c3', 'c2'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/detail'));
    expect(await screen.findByText('The playlist has been saved')).toBeInTheDocument();
  });

  it('adds contents of the same family only, and sends a renamed playlist', async () => {
    const user = userEvent.setup();
    const { requests } = mockEdit();
    renderApp(PATH, userWith('DS_ST', { region: 'US', shop_no: '0012' }));
    const name = await screen.findByLabelText('Playlist name', {}, SLOW);
    await user.click(screen.getByRole('button', { name: /Add contents/ }));
    const picker = (await screen.findByText('Add images and videos')).closest('.ant-modal') as HTMLElement;
    await within(picker).findByText('Poster');
    expect(within(picker).queryByText('Live show')).not.toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: 'Store map' })).toBeDisabled();
    await user.click(within(picker).getByRole('checkbox', { name: 'Poster' }));
    await user.click(within(picker).getByRole('button', { name: 'Add (1)' }));
    await waitFor(() => expect(names()).toEqual(['Spring sale', 'Winter coats', 'Store map', 'Poster']));
    expect(requests.find((r) => r.path === '/api/contents')?.query.get('media_type')).toBe('image_movie');

    await user.clear(name);
    await user.type(name, 'Evening list');
    await saveAndConfirm(user);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      zone_code: expect.any(String),
      playlist_name: 'Evening list',
      contents: ['c1', 'c2', 'c3', 'id-Poster'],
    });
  });

  it("marks and does not offer a content the schedule's players cannot take (1x1v for Multi,CW players)", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/schedules/s1': () => success(schedule),
      'GET /api/schedules': () => success(listOf([schedule])),
      'GET /api/devices/DVTEST': () => success({ devices: [testDevice({ time_zone: 'Asia/Tokyo' })] }),
      'GET /api/contents': () =>
        success({
          contents: [contentRow('Poster'), contentRow('Tall poster', { display_pattern: '1x1v' })],
          summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' },
        }),
    });
    renderApp(PATH, userWith('DS_MK'));
    await user.click(await screen.findByRole('button', { name: /Add contents/ }, SLOW));
    const picker = (await screen.findByText('Add images and videos')).closest('.ant-modal') as HTMLElement;
    const tall = (await within(picker).findByText('Tall poster')).closest('tr') as HTMLElement;
    expect(within(tall).getByText('Not for Multi,CW players')).toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: 'Tall poster' })).toBeDisabled();
    const poster = within(picker).getByText('Poster').closest('tr') as HTMLElement;
    expect(within(poster).queryByText(/Not for/)).not.toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: 'Poster' })).toBeEnabled();
  });

  it('moves a row dropped onto another', async () => {
    mockEdit();
    renderApp(PATH, userWith('DS_MK', { region: '' }));
    await screen.findByLabelText('Playlist name', {}, SLOW);
    const rows = screen.getAllByTestId('playlist-row');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
    };
    fireEvent.dragStart(rows[2] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(rows[0] as HTMLElement, { dataTransfer });
    fireEvent.drop(rows[0] as HTMLElement, { dataTransfer });
    expect(names()).toEqual(['Store map', 'Spring sale', 'Winter coats']);
    expect(screen.getByText('Store map moved to position 1')).toBeInTheDocument();
  });

  it('refuses to save an empty playlist name', async () => {
    const user = userEvent.setup();
    const { requests } = mockEdit();
    renderApp(PATH, userWith('DS_MK', { region: '' }));
    await user.clear(await screen.findByLabelText('Playlist name', {}, SLOW));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the playlist name')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
