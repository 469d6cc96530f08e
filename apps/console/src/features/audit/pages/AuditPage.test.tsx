import { AUDIT_MESSAGES } from '@signage/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScreenStateStore } from '../../../app/screenState';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';

const entry = (id: number, extra: object = {}) => ({
  id,
  at: '2026-03-01T09:30:15.000Z',
  actor: 'it-jp',
  action: 'player.edit',
  object: 'P0001',
  region: 'JP',
  detail: { memo: 'by the window', from: { memo: '' }, to: { memo: 'by the window' } },
  changes: [{ field: 'memo', before: '', after: 'by the window' }],
  ...extra,
});
const page = (entries: object[], endCursor: string | null = null) =>
  success({ entries, summary: { endCursor, moreResults: endCursor ? 'MORE_RESULTS_AFTER_LIMIT' : 'NO_MORE_RESULTS' } });

// The page's chunk (and Ant Design's table, form and select in it) loaded once for the file, not inside the
// first test's wait.
beforeAll(async () => {
  await import('./AuditPage');
});
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:audit');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => useScreenStateStore.getState().clearAll());

/** Sets a field's text at once: typing key by key is slow on the loaded test machine. */
function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
const open = () => renderApp('/audit', userWith('DS_LHQIT', { region: 'JP' }));
/** The list once it shows (text queries: role queries walk antd's whole tree, seconds on the loaded machine). */
const findTable = async (text = 'Player edited') => {
  await screen.findAllByText(text, {}, { timeout: 20_000 });
  return within(document.querySelector('.ant-table') as HTMLElement);
};
/** A button by its text. */
const button = (name: string) => screen.getByText(name).closest('button') as HTMLElement;

describe('Audit trail (issue 29 item 7)', () => {
  it('lists who did what, when, to which object, with each field before and after, and pages on', async () => {
    mockFetch({
      'GET /api/audit': (request) =>
        request.query.get('endCursor') === '2'
          ? page([entry(1, { action: 'user.login', object: '', detail: null, changes: [] })])
          : page(
              [
                entry(3),
                entry(2, {
                  action: 'schedule.delete',
                  object: 'S-1',
                  detail: { schedule_name: 'Spring' },
                  changes: [],
                }),
              ],
              '2',
            ),
    });
    open();
    const table = await findTable();
    expect(table.getAllByText('Player edited')[0]).toBeVisible();
    expect(table.getAllByText('it-jp')[0]).toBeVisible();
    expect(table.getAllByText('2026-03-01 09:30:15 GMT')[0]).toBeVisible();
    expect(table.getByText('P0001')).toBeVisible();
    expect(table.getAllByLabelText('Change')[0]).toHaveTextContent('memo: — → "by the window"');
    // An entry without before/after shows what its writer recorded.
    expect(table.getByText('{"schedule_name":"Spring"}')).toBeVisible();
    fireEvent.click(button('Load more'));
    expect(await table.findByText('Signed in')).toBeVisible();
    expect(screen.getByText('3 entries shown')).toBeVisible();
  });

  it('sends the filters, times read as GMT', async () => {
    const { requests } = mockFetch({ 'GET /api/audit': () => page([entry(1)]) });
    open();
    await findTable();
    fill('User ID', 'it-jp');
    fill('Object', 'P0001');
    fill('From (GMT)', '2026-03-01 09:00');
    fill('To (GMT)', '2026-03-02');
    fireEvent.click(button('Search'));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/api/audit')
          .at(-1)
          ?.query.get('user'),
      ).toBe('it-jp'),
    );
    const sent = requests.filter((r) => r.path === '/api/audit').at(-1)?.query;
    expect(sent?.get('object')).toBe('P0001');
    expect(sent?.get('from')).toBe('2026-03-01T09:00:00.000Z');
    expect(sent?.get('to')).toBe('2026-03-02T23:59:59.999Z');
  });

  it('downloads the CSV of the filters shown', async () => {
    useScreenStateStore.getState().update('audit', { criteria: { user: 'it-jp', from: '2026-03-01 09:00' } });
    const { requests } = mockFetch({
      'GET /api/audit': () => page([entry(1)]),
      'GET /api/audit/csv': () => ({ status: 200, body: 'id,at\r\n' }),
    });
    open();
    await findTable();
    fireEvent.click(button('Export CSV'));
    expect(await screen.findByText('The CSV file was saved')).toBeVisible();
    const csv = requests.find((r) => r.path === '/api/audit/csv')?.query;
    expect(csv?.get('user')).toBe('it-jp');
    expect(csv?.get('from')).toBe('2026-03-01T09:00:00.000Z');
  });

  it('refuses a time that is no time at its field, before sending', async () => {
    const { requests } = mockFetch({ 'GET /api/audit': () => page([]) });
    open();
    expect(await screen.findByText('No entries match these filters', {}, { timeout: 20_000 })).toBeVisible();
    const before = requests.length;
    fill('From (GMT)', 'yesterday');
    fireEvent.click(button('Search'));
    expect(await screen.findByText('The start time is not a valid time')).toBeVisible();
    fill('From (GMT)', '2026-03-02');
    fill('To (GMT)', '2026-03-01');
    fireEvent.click(button('Search'));
    expect(await screen.findByText('The end time cannot be before the start time')).toBeVisible();
    expect(requests.length).toBe(before);
  });

  it("puts the server's refusal of a filter at its field", async () => {
    useScreenStateStore.getState().update('audit', { criteria: { user: 'x' } });
    mockFetch({
      'GET /api/audit': (request) =>
        request.query.get('user') === 'x' ? failure(400, AUDIT_MESSAGES.invalidUser) : page([]),
    });
    open();
    expect(await screen.findByText('The user ID is too long', {}, { timeout: 20_000 })).toBeVisible();
  });

  it('says when the list cannot be loaded, and loads it again on Retry', async () => {
    let fail = true;
    mockFetch({
      'GET /api/audit': () => (fail ? failure(500, 'An unexpected error occurred') : page([entry(1)])),
    });
    open();
    expect(await screen.findByText('The audit trail could not be loaded', {}, { timeout: 20_000 })).toBeVisible();
    fail = false;
    fireEvent.click(button('Retry'));
    expect(await screen.findByText('Player edited')).toBeVisible();
  });
});
