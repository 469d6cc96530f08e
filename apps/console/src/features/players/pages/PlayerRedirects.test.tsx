import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

describe('player screens without a player (SPEC.md section 4, issue 9.14)', () => {
  it.each(['/device/detail', '/device/logs'])('%s goes to the player list', async (path) => {
    mockFetch({
      'GET /api/devices': () =>
        success({ devices: [], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS', total: 0 } }),
    });
    const { router } = renderApp(path, userWith('DS_FRIT', { region: '' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'), { timeout: 15_000 });
  });
});
