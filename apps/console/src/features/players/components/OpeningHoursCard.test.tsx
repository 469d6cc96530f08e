import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const hours = {
  device_code: 'DVTEST',
  time_zone: 'Europe/London',
  hours: {
    week: [{ day: 1, ranges: [{ open: '10:00', close: '21:00' }] }],
    exceptions: [{ date: '2027-12-25', ranges: [] }],
  },
  open_now: false,
  updated_by: 'it-gb',
  updated_at: '2026-12-01T10:00:00.000Z',
};

const handlers = () => ({
  'GET /api/devices/DVTEST': () => success({ devices: [testDevice({ region: 'GB', time_zone: 'Europe/London' })] }),
  'GET /api/devices/DVTEST/hours': () => success(hours),
});
const openCard = async () => (await screen.findByText('Opening hours')).closest('.ant-card') as HTMLElement;

describe('Player detail: opening hours', () => {
  it('shows the week, the exceptions and closed now in the store zone', async () => {
    mockFetch(handlers());
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_LHQIT', { region: 'GB' }));
    const card = await openCard();
    expect(await within(card).findByText('Closed now')).toBeInTheDocument();
    expect(within(card).getByRole('row', { name: 'Monday 10:00–21:00' })).toBeInTheDocument();
    expect(within(card).getByRole('row', { name: 'Tuesday Closed' })).toBeInTheDocument();
    expect(within(card).getByText('2027-12-25: Closed')).toBeInTheDocument();
  });

  it('shows shop staff the hours without an edit button, and says when none are set', async () => {
    mockFetch({
      'GET /api/devices/DVTEST': () => success({ devices: [testDevice({ region: 'JP', shop_no: '0001' })] }),
      'GET /api/devices/DVTEST/hours': () => success({ ...hours, hours: null, open_now: true, updated_at: null }),
      'PUT /api/devices/DVTEST/hours': () => failure(403, 'You do not have permission for this action'),
    });
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_ST', { region: 'JP', shop_no: '0001' }));
    expect(await screen.findByText('No opening hours set: the store counts as open at all times.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit opening hours' })).not.toBeInTheDocument();
  });
});
