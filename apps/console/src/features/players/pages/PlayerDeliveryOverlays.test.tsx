import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDelivery, testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const since = new Date(Date.now() - 60_000).toISOString();
const device = testDevice({
  device_code: 'DVPLAY',
  shop_name: 'Ginza',
  delivery: testDelivery({
    state: 'up_to_date',
    applied_version: 'abcdefghijklmnopqrstuvwxyz',
    on_screen: { kind: 'idle', schedule_id: null, content_id: null, content_name: null, since },
    reported_at: since,
  }),
});

function mockPlayers() {
  return mockFetch({
    'GET /api/devices': ({ query }) =>
      success({
        devices: [device],
        summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS', total: 1, ...(query ? {} : {}) },
      }),
    'GET /api/devices/DVPLAY': () => success({ devices: [device] }),
  });
}

describe('Player list: device playing list and device help overlays', () => {
  it('opens what a player is playing from its delivery line, with the plan version it applied', async () => {
    mockPlayers();
    const user = userEvent.setup();
    renderApp('/device/list', userWith('DS_FRIT', { region: '' }));
    await user.click(await screen.findByRole('button', { name: 'Up to date' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Now playing on Ginza' });
    expect(await within(dialog).findByText(/^Idle screen since /)).toBeInTheDocument();
    expect(within(dialog).getByText('abcdefghijkl')).toBeInTheDocument();
    // The footer's Close (the corner X is named Close too).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Now playing on Ginza' })).not.toBeInTheDocument();
  });

  it("says whether a live content's stream or its live image is on the player's screen", async () => {
    const live = testDevice({
      device_code: 'DVLIVE',
      shop_name: 'Shibuya',
      delivery: testDelivery({
        state: 'up_to_date',
        on_screen: {
          kind: 'schedule',
          schedule_id: '0b1c6a2e-6f34-4c59-9a57-3f1f7a0c2d11',
          content_id: '5d2e8f40-1b7a-4c3e-8f61-2a9b0c4d6e22',
          content_name: 'Live sale',
          live: 'live_image',
          since,
        },
        reported_at: since,
      }),
    });
    mockFetch({
      'GET /api/devices': () =>
        success({ devices: [live], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS', total: 1 } }),
      'GET /api/devices/DVLIVE': () => success({ devices: [live] }),
    });
    const user = userEvent.setup();
    renderApp('/device/list', userWith('DS_FRIT', { region: '' }));
    await user.click(await screen.findByRole('button', { name: 'Up to date' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Now playing on Shibuya' });
    expect(await within(dialog).findByText(/^Live sale \(live image, stream off air\) since /)).toBeInTheDocument();
  });

  it('explains each player state from the help button beside Status', async () => {
    mockPlayers();
    const user = userEvent.setup();
    renderApp('/device/list', userWith('DS_FRIT', { region: '' }));
    await user.click(await screen.findByRole('button', { name: 'Help on player states' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Player states' });
    expect(within(dialog).getByText(/^Pending since: the plan changed at that time/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Clock off: the player's clock differs/)).toBeInTheDocument();
  });

  it('asks the server for pending delivery only when the search says so', async () => {
    const { requests } = mockPlayers();
    const user = userEvent.setup();
    renderApp('/device/list', userWith('DS_FRIT', { region: '' }));
    await screen.findByText('Ginza', {}, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const form = await screen.findByRole('form', { name: 'Search players' });
    await user.click(within(form).getByRole('checkbox', { name: 'Only pending delivery' }));
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await screen.findByText(/Filters: 1/);
    const last = requests.filter((r) => r.path === '/api/devices').at(-1);
    expect(last?.query.get('delivery_pending')).toBe('true');
  });
});
