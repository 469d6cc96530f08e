import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const counts = (over: Record<string, number>) => ({
  players: 0,
  online: 0,
  offline_open: 0,
  offline_closed: 0,
  behind: 0,
  errors: 0,
  storage: 0,
  ...over,
});

describe('Fleet health', () => {
  it('shows the counts per country, each linking to the player list filtered by its state and country', async () => {
    mockFetch({
      'GET /api/fleet/health': () =>
        success({
          generated_at: '2026-12-03T12:00:00.000Z',
          behind_minutes: 30,
          error_hours: 24,
          storage_full_ratio: 0.9,
          totals: counts({ players: 5, online: 3, offline_open: 1, offline_closed: 1, behind: 1 }),
          countries: [
            { region: 'GB', ...counts({ players: 5, online: 3, offline_open: 1, offline_closed: 1, behind: 1 }) },
          ],
        }),
    });
    renderApp('/fleet/health', userWith('DS_LHQBIZ', { region: 'GB' }));
    const link = await screen.findByRole('link', { name: 'Show the 1 players: Offline during opening hours, GB' });
    expect(link).toHaveAttribute('href', '/device/list?health=offline_open&region=GB');
    expect(
      screen.getByRole('link', { name: 'Show the 1 players: Offline while closed, All countries' }),
    ).toHaveAttribute('href', '/device/list?health=offline_closed');
    expect(screen.getByRole('img', { name: 'Players by health state per country' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Behind on delivery: Delivery pending for more than 30 minutes')).toBeInTheDocument();
  });
});
