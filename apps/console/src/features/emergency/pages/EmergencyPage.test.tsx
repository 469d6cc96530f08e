import { MESSAGES } from '@signage/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useScreenStateStore } from '../../../app/screenState';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const ACTIVE = {
  emergency_id: '7b0c3b7e-9a59-4a51-8d6e-2f5a1f0a9c11',
  kind: 'text',
  text: 'Evacuate the store',
  content_id: null,
  content_name: null,
  target: { by: 'stores', shop_nos: ['0012'] },
  region: 'JP',
  state: 'active',
  created_by: 'it-jp',
  starts_at: '2026-03-01T09:30:00.000Z',
  ends_at: '2026-03-01T10:30:00.000Z',
  cancelled_at: null,
  cancelled_by: null,
  players: 3,
  players_shown: 2,
};

beforeAll(async () => {
  await import('./EmergencyPage');
});
afterEach(() => useScreenStateStore.getState().clearAll());

const open = () => renderApp('/emergency', userWith('DS_LHQIT', { region: 'JP' }));
/** The form item (label, field and its errors) an element is in. */
const itemOf = (element: HTMLElement) => element.closest('.ant-form-item') as HTMLElement;
const button = (name: string) => screen.getByText(name).closest('button') as HTMLElement;
const handlers = (post = () => success(ACTIVE)) => ({
  'GET /api/emergencies': () =>
    success({ emergencies: [ACTIVE], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } }),
  'GET /api/contents': () => success({ contents: [], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } }),
  'GET /api/setting': () => success({ settings: [], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } }),
  'POST /api/emergencies': post,
  'POST /api/emergencies/7b0c3b7e-9a59-4a51-8d6e-2f5a1f0a9c11/cancel': () =>
    success({ ...ACTIVE, state: 'cancelled', cancelled_by: 'it-jp', cancelled_at: '2026-03-01T09:40:00.000Z' }),
});

describe('Emergency messages (issue 29 item 6)', () => {
  it('refuses a text message without its text at its field, sending nothing', async () => {
    const { requests } = mockFetch(handlers());
    open();
    await screen.findByText('Evacuate the store', {}, { timeout: 20_000 });
    expect(screen.getByText('Sent to 3 players, shown by 2', { exact: false })).toBeInTheDocument();
    fireEvent.click(button('Post now'));
    const refusal = await screen.findByText(MESSAGES.emergencyEnterText);
    expect(itemOf(refusal)).toHaveTextContent(/^Message/);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows a refusal of the server at its field', async () => {
    const { requests } = mockFetch(handlers(() => failure(400, MESSAGES.emergencyNoPlayers)));
    open();
    fireEvent.change(await screen.findByLabelText('Message', {}, { timeout: 20_000 }), {
      target: { value: 'Closed today' },
    });
    fireEvent.click(button('Post now'));
    expect(itemOf(await screen.findByText(MESSAGES.emergencyNoPlayers))).toHaveTextContent(/^Show on/);
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted?.body).toMatchObject({ target: { by: 'all' }, kind: 'text', text: 'Closed today' });
  });

  it('cancels an active message only once it is confirmed', async () => {
    const { requests } = mockFetch(handlers());
    open();
    await screen.findByText('Evacuate the store', {}, { timeout: 20_000 });
    fireEvent.click(button('Cancel'));
    expect(await screen.findByText('End this emergency message on every screen now?')).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/cancel'))).toBe(false);
    fireEvent.click(button('End it now'));
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/cancel'))).toBe(true));
  });

  it('loads the older messages below the newest 50 with Load more, while keeping those shown', async () => {
    // Both ended: no message on screen, so the list is not read again every 5 s meanwhile.
    const newest = { ...ACTIVE, state: 'ended' };
    const older = {
      ...ACTIVE,
      emergency_id: '0d3f6c2a-5b1e-4c8d-9a7f-3e2b1c0d9e8f',
      text: 'Closed for the storm',
      state: 'ended',
    };
    const { requests } = mockFetch({
      ...handlers(),
      'GET /api/emergencies': (request) =>
        request.query.get('endCursor') === 'after-50'
          ? success({ emergencies: [older], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } })
          : success({
              emergencies: [newest],
              summary: { endCursor: 'after-50', moreResults: 'MORE_RESULTS_AFTER_LIMIT' },
            }),
    });
    open();
    await screen.findByText('Evacuate the store', {}, { timeout: 20_000 });
    expect(screen.queryByText('Closed for the storm')).not.toBeInTheDocument();
    fireEvent.click(button('Load more'));
    expect(await screen.findByText('Closed for the storm')).toBeInTheDocument();
    expect(screen.getByText('Evacuate the store')).toBeInTheDocument();
    // The last page says nothing follows: no button to load more.
    await waitFor(() => expect(screen.queryByText('Load more')).not.toBeInTheDocument());
    const pages = requests.filter((r) => r.method === 'GET' && r.path === '/api/emergencies');
    expect(pages.map((r) => r.query.get('endCursor'))).toEqual([null, 'after-50']);
  });
});
