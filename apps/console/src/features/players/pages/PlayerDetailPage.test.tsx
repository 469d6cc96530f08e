import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDelivery, testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

describe('Player detail: time zone', () => {
  it("shows the configured zone, and the player's own report when it differs", async () => {
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

  it('says nothing more when the player reports the configured zone', async () => {
    mockFetch({
      'GET /api/devices/DVTEST': () =>
        success({ devices: [testDevice({ region: 'JP', time_zone: 'Asia/Tokyo', reported_time_zone: 'Asia/Tokyo' })] }),
    });
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_FRIT', { region: '' }));
    expect(await screen.findByText('Tokyo (UTC+09:00)')).toBeInTheDocument();
    expect(screen.queryByText(/clock reports/)).not.toBeInTheDocument();
  });
});

describe('Player detail: confirmed delivery', () => {
  it('shows pending since when the plan changed, what is on screen, storage and a clock that is off', async () => {
    const since = new Date(Date.now() - 5 * 60_000).toISOString();
    mockFetch({
      'GET /api/devices/DVTEST': () =>
        success({
          devices: [
            testDevice({
              delivery: testDelivery({
                state: 'pending',
                pending_since: since,
                on_screen: {
                  kind: 'schedule',
                  schedule_id: null,
                  content_id: null,
                  content_name: 'Winter sale',
                  since,
                },
                cache_bytes: 12_300_000,
                quota_bytes: 2_000_000_000,
                download: { done_bytes: 40, total_bytes: 100, files_done: 1, files_total: 3 },
                clock_skew_ms: 185_000,
                clock_off: true,
                player_version: '1.2.0',
              }),
            }),
          ],
        }),
    });
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_FRIT', { region: '' }));
    // Same GMT day: 'HH:mm'; just after midnight GMT, the date too.
    const sameDay = since.slice(0, 10) === new Date().toISOString().slice(0, 10);
    const time = sameDay ? since.slice(11, 16) : since.slice(0, 16).replace('T', ' ');
    expect(await screen.findByText(`Pending since ${time} GMT`)).toBeInTheDocument();
    expect(screen.getByText(`Winter sale since ${time} GMT`)).toBeInTheDocument();
    expect(screen.getByText('12.3 MB of 2.0 GB')).toBeInTheDocument();
    expect(screen.getByText('Downloading: 1 of 3 files (40%)')).toBeInTheDocument();
    expect(screen.getByText('Clock off by +3 min')).toBeInTheDocument();
    expect(screen.getByText('1.2.0')).toBeInTheDocument();
  });

  it('says up to date, with no clock flag, once the player applied the plan', async () => {
    mockFetch({
      'GET /api/devices/DVTEST': () =>
        success({ devices: [testDevice({ delivery: testDelivery({ state: 'up_to_date', clock_skew_ms: 800 }) })] }),
    });
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_FRIT', { region: '' }));
    expect(await screen.findByText('Up to date')).toBeInTheDocument();
    expect(screen.queryByText(/Clock off/)).not.toBeInTheDocument();
    expect(screen.queryByText('Plays not recorded')).not.toBeInTheDocument();
  });

  it('shows the plays the player could not record, with what it means on hover', async () => {
    mockFetch({
      'GET /api/devices/DVTEST': () =>
        success({
          devices: [testDevice({ delivery: testDelivery({ state: 'up_to_date', plays_unrecorded: 1234 }) })],
        }),
    });
    renderApp('/device/detail?device_code=DVTEST', userWith('DS_FRIT', { region: '' }));
    expect(await screen.findByText('Plays not recorded')).toBeInTheDocument();
    const count = screen.getByText('1,234 plays lost');
    await userEvent.hover(count);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/storage was full or unavailable/);
  });
});
