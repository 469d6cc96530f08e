import { addDays, type LocalDate, type Role, type TimeZone, todayIn } from '@signage/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { contentOf, listOf, scheduleOf } from './testing';

/** The first render loads the route's chunks: slow on a busy machine. */
const SLOW = { timeout: 20_000 };

const today = todayIn('Asia/Tokyo' as TimeZone);
const day = (n: number) => addDays(today as LocalDate, n);

function mockPlayerList(list = listOf([scheduleOf()])) {
  const device = testDevice({
    time_zone: 'Asia/Tokyo',
    has_schedule: true,
    current_schedule: list.current_schedule,
    next_schedule: list.next_schedule,
  });
  return mockFetch({
    'GET /api/devices': () =>
      success({ devices: [device], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS', total: 1 } }),
    'GET /api/schedules': () => success(list),
  });
}

async function openModal(role: Role) {
  const user = userEvent.setup();
  const view = renderApp('/device/list', userWith(role, { region: role === 'DS_MK' ? '' : 'US' }));
  await user.click(await screen.findByText('of Chicago State St', {}, SLOW));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Autumn campaign');
  return { user, dialog, ...view };
}

describe('Device content list modal', () => {
  it('shows the schedule, its range in the player zone and its contents', async () => {
    const { requests } = mockPlayerList();
    const { dialog } = await openModal('DS_MK');
    expect(within(dialog).getByText('2026-11-20 – 2026-12-31')).toBeInTheDocument();
    expect(within(dialog).getByText(/^All day \(player's local time: Tokyo \(UTC\+09:00\)\)$/)).toBeInTheDocument();
    // Which zone a licence is judged in: the store's (issue 26).
    expect(within(dialog).getByTestId('licence-zone')).toHaveTextContent(
      "Licences end by the store's calendar day (the player's zone: Tokyo (UTC+09:00))",
    );
    const table = within(dialog).getAllByRole('table').at(-1) as HTMLElement;
    const rows = within(table)
      .getAllByRole('row')
      .filter((r) => within(r).queryAllByRole('cell').length > 0);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Spring sale',
      'Winter coats',
      'Store map',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('No expiration')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('2027-01-31')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/schedules')?.query.get('device_code')).toBe('DVTEST');
  });

  it('offers Duplicate to DS_MK and leads to the copy steps', async () => {
    mockPlayerList();
    const { user, dialog, router } = await openModal('DS_MK');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate schedule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicateschedule/selectdevice'));
    expect(router.state.location.search).toBe('?schedule_id=s1');
  });

  it('shows no Duplicate to DS_LHQBIZ, who may still change the schedule', async () => {
    mockPlayerList();
    const { user, dialog, router } = await openModal('DS_LHQBIZ');
    expect(within(dialog).queryByRole('button', { name: 'Duplicate schedule' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change schedule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/scheduleupdate'));
    expect(router.state.location.search).toBe('?schedule_id=s1&device_code=DVTEST&from=list');
  });

  it('locks Change content and Change schedule once a live-first schedule has started', async () => {
    const live = scheduleOf({
      first_content_live: true,
      available_date_from: day(-1),
      available_date_to: day(0),
      available_time_from: '00:00:00',
      available_time_to: '23:59:59',
      download_allow_hour: '',
      contents: [contentOf({ type: 'stream', name: 'Live show' })],
    });
    mockPlayerList(listOf([live]));
    const { dialog } = await openModal('DS_MK');
    expect(within(dialog).getByRole('button', { name: 'Change content' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Change schedule' })).toBeDisabled();
    expect(within(dialog).getByText(/has started and its first content is a live stream/)).toBeInTheDocument();
  });

  it('keeps them open for a live-first schedule that has not started yet', async () => {
    const live = scheduleOf({
      first_content_live: true,
      available_date_from: day(2),
      available_date_to: day(3),
      available_time_from: '10:00:00',
      available_time_to: '23:59:59',
      download_allow_hour: '',
      contents: [contentOf({ type: 'stream', name: 'Live show' })],
    });
    mockPlayerList(listOf([live], { current_schedule: null, next_schedule: live }));
    const { dialog } = await openModal('DS_MK');
    expect(within(dialog).getByRole('button', { name: 'Change content' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Change schedule' })).toBeEnabled();
  });

  it('switches between the player schedules, current and next marked', async () => {
    const current = scheduleOf();
    const next = scheduleOf({
      schedule_id: 's2',
      schedule_name: 'Year end',
      available_date_from: '2026-12-20',
      contents: [contentOf({ content_id: 'c9', name: 'Countdown' })],
    });
    mockPlayerList(listOf([next, current], { current_schedule: current, next_schedule: next }));
    const { user, dialog } = await openModal('DS_MK');
    expect(within(dialog).getByRole('radio', { name: 'Autumn campaign · Current' })).toBeChecked();
    await user.click(within(dialog).getByText('Year end · Next'));
    expect(await within(dialog).findByText('Countdown')).toBeInTheDocument();
    expect(within(dialog).queryByText('Spring sale')).not.toBeInTheDocument();
  });
});
