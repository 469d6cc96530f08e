import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useScreenStateStore } from '../../../app/screenState';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const log = (n: number, from: string, to: string) => ({
  log_id: `0000000${n}-0000-4000-8000-000000000000`,
  name: 'info.log',
  level: 'INFO',
  started_at: from,
  ended_at: to,
  size: 100,
});

afterEach(() => useScreenStateStore.getState().clearAll());

describe('Player logs (issue 9.15)', () => {
  it('tells log files apart by their time range and shows the active filters, which can be cleared', async () => {
    useScreenStateStore.getState().update('deviceLogs', { criteria: { level: 'ERROR' } });
    const { requests } = mockFetch({
      'GET /api/devices/DV1': () => success({ devices: [] }),
      'GET /api/devices/logs': () =>
        success({
          logs: [
            log(1, '2026-01-01T09:00:00.000Z', '2026-01-01T10:00:00.000Z'),
            log(2, '2026-01-01T10:00:00.000Z', '2026-01-01T11:00:00.000Z'),
          ],
          summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' },
        }),
    });
    const user = userEvent.setup();
    renderApp('/device/logs?device_code=DV1', userWith('DS_FRIT', { region: '' }));
    expect(await screen.findByText('2026-01-01 09:00 – 2026-01-01 10:00', {}, { timeout: 20_000 })).toBeVisible();
    expect(screen.getByText('2026-01-01 10:00 – 2026-01-01 11:00')).toBeVisible();
    expect(screen.getByTestId('active-filters')).toHaveTextContent('Filters: 1');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.queryByTestId('active-filters')).toBeNull());
    expect(
      requests
        .filter((r) => r.path === '/api/devices/logs')
        .at(-1)
        ?.query.get('level'),
    ).toBe('ALL');
  });
});
