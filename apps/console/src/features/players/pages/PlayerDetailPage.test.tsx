import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

describe('Player detail: time zone', () => {
  it("shows the configured zone, and the player's own report when it differs", { timeout: 60_000 }, async () => {
    mockFetch({
      'GET /api/devices/DVTEST': () =>
        success({ devices: [testDevice({ time_zone: 'America/Chicago', reported_time_zone: 'Europe/Berlin' })] }),
    });
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_FRIT', { region: '' }));
    expect(await screen.findByText(/^Chicago \(UTC-0[56]:00\)$/)).toBeInTheDocument();
    expect(
      screen.getByText(/^The player's clock reports Berlin \(UTC\+0[12]:00\); schedules follow the zone set here$/),
    ).toBeInTheDocument();
  });

  it('says nothing more when the player reports the configured zone', { timeout: 60_000 }, async () => {
    mockFetch({
      'GET /api/devices/DVTEST': () =>
        success({ devices: [testDevice({ region: 'JP', time_zone: 'Asia/Tokyo', reported_time_zone: 'Asia/Tokyo' })] }),
    });
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_FRIT', { region: '' }));
    expect(await screen.findByText('Tokyo (UTC+09:00)')).toBeInTheDocument();
    expect(screen.queryByText(/clock reports/)).not.toBeInTheDocument();
  });
});
