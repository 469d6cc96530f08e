import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const PAGE_DONE = { endCursor: null, moreResults: 'NO_MORE_RESULTS' };
const open = testDevice({ device_code: 'DVOPEN', shop_name: 'Oxford Street', shop_no: '0101', region: 'GB' });
const closed = testDevice({
  device_code: 'DVCLOSED',
  shop_name: 'Regent Street',
  shop_no: '0102',
  region: 'GB',
  store_open: false,
});

describe('Player list: opening hours', () => {
  it("shows 'Closed now' on the row of a store closed by its opening hours", async () => {
    mockFetch({
      'GET /api/devices': () => success({ devices: [open, closed], summary: { ...PAGE_DONE, total: 2 } }),
    });
    renderApp('/device/list', userWith('DS_LHQIT', { region: 'GB' }));
    expect(await screen.findByTestId('closed-now')).toHaveTextContent('Closed now');
    expect(screen.getAllByTestId('closed-now')).toHaveLength(1);
  });

  it("takes a fleet-health link's state and country as its search", async () => {
    const { requests } = mockFetch({
      'GET /api/devices': () => success({ devices: [closed], summary: { ...PAGE_DONE, total: 1 } }),
    });
    renderApp('/device/list?health=offline_closed&region=GB', userWith('DS_FRIT', { region: '' }));
    expect(await screen.findByTestId('health-filter')).toHaveTextContent('Health: Offline while closed');
    await waitFor(() =>
      expect(requests.some((r) => r.query.get('health') === 'offline_closed' && r.query.get('region') === 'GB')).toBe(
        true,
      ),
    );
  });
  it('sets opening hours on the rows picked', async () => {
    const { requests } = mockFetch({
      'GET /api/devices': () => success({ devices: [open, closed], summary: { ...PAGE_DONE, total: 2 } }),
      'POST /api/devices/hours': () => success({ updated: 1, device_codes: ['DVCLOSED'] }),
    });
    const user = userEvent.setup();
    renderApp('/device/list', userWith('DS_LHQIT', { region: 'GB' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Regent Street 0102' }));
    await user.click(screen.getByRole('button', { name: 'Opening hours…' }));
    expect(await screen.findByText(/picked in the list/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear opening hours' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ device_codes: ['DVCLOSED'], hours: null });
  });
});
