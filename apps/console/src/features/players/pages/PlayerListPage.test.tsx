import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

/** 40 players answered ten a page by cursor, as the server does. */
function mockFleet() {
  return mockFetch({
    'GET /api/devices': ({ query }) => {
      const from = Number(query.get('endCursor') ?? '0');
      const devices = Array.from({ length: 10 }, (_, i) =>
        testDevice({ device_code: `DV${from + i + 1}`, shop_name: `Store ${from + i + 1}` }),
      );
      const more = from + 10 < 40;
      return success({
        devices,
        summary: {
          endCursor: more ? String(from + 10) : null,
          moreResults: more ? 'MORE_RESULTS_AFTER_LIMIT' : 'NO_MORE_RESULTS',
          total: 40,
        },
      });
    },
  });
}

const initialHeight = window.innerHeight;
afterEach(() => {
  window.innerHeight = initialHeight;
});

describe('Player list fills the screen (issue 31)', () => {
  it('shows 20 players, two pages of ten, in a 900 px high window', async () => {
    window.innerHeight = 900;
    mockFleet();
    renderApp('/device/list', userWith('DS_MK'));
    expect(await screen.findByText('Store 20', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Store 1')).toBeInTheDocument();
    expect(screen.queryByText('Store 21')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('pager-text')).toHaveTextContent('1-20 / 40'));
  });

  it('shows one page of ten in a 768 px high window', async () => {
    window.innerHeight = 768;
    mockFleet();
    renderApp('/device/list', userWith('DS_MK'));
    expect(await screen.findByText('Store 10', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('Store 11')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('pager-text')).toHaveTextContent('1-10 / 40'));
  });
});
