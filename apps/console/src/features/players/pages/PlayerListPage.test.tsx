import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('Player list page 2 (issue 31: page 2 refetched page 1, then pages 2, 3 and 4)', () => {
  const cursorsOf = (requests: { path: string; query: URLSearchParams }[]) =>
    requests.filter((r) => r.path === '/api/devices').map((r) => r.query.get('endCursor') ?? 'first');

  it('asks only for the one page it lacks when going to page 2, and none of the pages it has', async () => {
    window.innerHeight = 900;
    const { requests } = mockFleet();
    renderApp('/device/list', userWith('DS_MK'));
    await waitFor(() => expect(screen.getByTestId('pager-text')).toHaveTextContent('1-20 / 40'), { timeout: 20_000 });
    // Page 1 at 900 px shows two pages of ten and has the one after them ready: three requests, one each.
    await waitFor(() => expect(cursorsOf(requests)).toEqual(['first', '10', '20']));
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByTestId('pager-text')).toHaveTextContent('11-30 / 40');
    expect(screen.getByText('Store 30')).toBeInTheDocument();
    // Page 2 shows rows 11-30, all loaded; the only request is the page after them (31-40).
    await waitFor(() => expect(cursorsOf(requests.slice(before))).toEqual(['30']));
    expect(await screen.findByRole('button', { name: 'Page 2', current: 'page' })).toBeInTheDocument();
    expect(cursorsOf(requests)).toEqual(['first', '10', '20', '30']);
  });
});
