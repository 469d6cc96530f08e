import { addUtcDays, type TContentHistory, utcDay } from '@signage/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const today = utcDay();
const days = Array.from({ length: 10 }, (_, i) => addUtcDays(today, i - 9));

function historyRow(overrides: Partial<TContentHistory> = {}): TContentHistory {
  return {
    content_id: '00000000-0000-4000-8000-000000000001',
    key: 'autumn',
    name: 'Autumn sale',
    type: 'image',
    display_pattern: 'Multi,CW',
    region: 'JP',
    updated_at: '2026-11-01T09:00:00.000Z',
    deleted: false,
    thumbnail_url: null,
    real_days: 2,
    players: 3,
    yesterday_devices: 2,
    plays: 40,
    play_date: days,
    player_count: days.map((_, i) => (i === 8 ? 2 : i === 9 ? 1 : 0)),
    ...overrides,
  };
}

const none = { endCursor: null, moreResults: 'NO_MORE_RESULTS' };

describe('content history screens', () => {
  it('lists contents with days, yesterday and players, marks a deleted one, and opens the summary', async () => {
    const { requests } = mockFetch({
      'GET /api/contents/history': () =>
        success({
          contentHistory: [
            historyRow(),
            historyRow({
              content_id: '00000000-0000-4000-8000-000000000002',
              key: 'gone',
              name: 'Old campaign',
              deleted: true,
            }),
          ],
          start_date: days[0],
          end_date: today,
          summary: none,
        }),
    });
    const { router } = renderApp('/contents/history', userWith('DS_MK'));
    const row = (await screen.findByText('Autumn sale')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Japan')).toBeVisible();
    expect(within(row).getByText('2026-11-01 09:00:00 GMT')).toBeVisible();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['2', '3']));
    const deleted = screen.getByText('Old campaign').closest('tr') as HTMLElement;
    expect(within(deleted).getByText('Deleted')).toBeVisible();
    expect(screen.getByTestId('history-window')).toHaveTextContent(`Plays from ${days[0]} to ${today} (UTC)`);
    // The period at a glance: players per day, read out as numbers.
    expect(within(row).getByRole('img', { name: /^Players per day \(UTC\): / })).toHaveAccessibleName(
      `Players per day (UTC): ${days.map((day, i) => `${day} ${i === 8 ? 2 : i === 9 ? 1 : 0}`).join(', ')}`,
    );
    expect(requests.at(-1)?.query.get('order')).toBe('DESC');
    await userEvent.click(within(row).getByRole('button', { name: 'Summary: Autumn sale' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contents/historysummary'));
    expect(router.state.location.search).toBe('?key=autumn');
  });

  it('shows the summary: the facts and players per day, zero counts saying so', async () => {
    mockFetch({
      'GET /api/contents/history/autumn': () =>
        success({ content: historyRow(), devices: [], start_date: days[0], end_date: today, summary: none }),
      'GET /api/contents/history/quiet': () =>
        success({
          content: historyRow({
            key: 'quiet',
            name: 'Quiet',
            real_days: 0,
            players: 0,
            plays: 0,
            player_count: days.map(() => 0),
          }),
          devices: [],
          start_date: days[0],
          end_date: today,
          summary: none,
        }),
    });
    const { router } = renderApp('/contents/historysummary?key=autumn', userWith('DS_FRIT'));
    const table = await screen.findByRole('table', { name: 'Players per day (UTC)' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    expect(rows).toHaveLength(10);
    expect(rows.at(-2)).toBe(`${days[8]}2`);
    expect(rows.at(-1)).toBe(`${today}1`);
    expect(screen.getByTestId('players-chart')).toHaveAttribute('data-counts', '0,0,0,0,0,0,0,0,2,1');
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contents/historydetail'));

    await router.navigate('/contents/historysummary?key=quiet');
    expect(await screen.findByText('No player showed this content in these days; the counts are zero')).toBeVisible();
  });

  it('goes back to the history list without a key', async () => {
    mockFetch({
      'GET /api/contents/history': () =>
        success({ contentHistory: [], start_date: days[0], end_date: today, summary: none }),
    });
    const { router } = renderApp('/contents/historysummary', userWith('DS_MK'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contents/history'));
  });

  it('shows a timeline per player, moves a week back and returns to today', async () => {
    const { requests } = mockFetch({
      'GET /api/contents/history/autumn': (request) =>
        success({
          content: historyRow(),
          devices: [
            {
              device_code: 'P1',
              shop_name: 'Ginza',
              shop_no: '0101',
              region: 'JP',
              store_type: '',
              device_type: '9Unset',
              memo: 'Window',
              deleted: false,
              play_date: [request.query.get('end_date')],
              plays: [7],
            },
          ],
          start_date: request.query.get('start_date'),
          end_date: request.query.get('end_date'),
          summary: none,
        }),
    });
    const { router } = renderApp('/contents/historydetail?key=autumn', userWith('DS_MK'));
    expect(await screen.findByRole('img', { name: `${today}: 7 plays` })).toBeVisible();
    expect(screen.getByText('Ginza')).toBeVisible();
    expect(screen.getByText('0101')).toBeVisible();
    expect(screen.getByText('Window')).toBeVisible();
    const returnToday = screen.getByRole('button', { name: 'Return to today' });
    expect(returnToday).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    const weekAgo = addUtcDays(today, -7);
    expect(await screen.findByRole('img', { name: `${weekAgo}: 7 plays` })).toBeVisible();
    expect(requests.at(-1)?.query.get('end_date')).toBe(weekAgo);
    await userEvent.click(screen.getByRole('button', { name: 'Return to today' }));
    expect(await screen.findByRole('img', { name: `${today}: 7 plays` })).toBeVisible();
    expect(screen.getByTestId('timeline-window')).toHaveTextContent(
      `Plays from ${addUtcDays(today, -6)} to ${today} (UTC)`,
    );
    // The store name opens its player's detail.
    await userEvent.click(screen.getByRole('button', { name: 'Ginza' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/detail'));
    expect(router.state.location.search).toBe('?device_code=P1');
  });
});
