import { addDays, type LocalDate, runtimeZone, todayIn } from '@signage/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { listOf, scheduleOf } from '../contentList/testing';

/** The first render loads the route's chunks: slow on a busy machine. */
const SLOW = { timeout: 20_000 };

const today = todayIn(runtimeZone());
const day = (n: number) => addDays(today as LocalDate, n);
const schedule = scheduleOf({ available_date_from: day(3), available_date_to: day(10) });

function mockSchedule() {
  return mockFetch({
    'GET /api/schedules/s1': () => success(schedule),
    'GET /api/schedules': () => success(listOf([schedule])),
    'PUT /api/schedules/s1': () => success(schedule),
    'DELETE /api/schedules/s1': () => success(null),
    'GET /api/devices/DVTEST': () => success({ devices: [testDevice({ time_zone: 'Asia/Tokyo' })] }),
  });
}

const PATH = '/device/scheduleupdate?schedule_id=s1&device_code=DVTEST&from=list';

async function confirm(user: ReturnType<typeof userEvent.setup>, title: string, ok: string) {
  const dialog = (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;
  await user.click(within(dialog).getByRole('button', { name: ok }));
}

describe('Schedule update', () => {
  it('sends only the changed fields with the browser zone, then shows the player', async () => {
    const user = userEvent.setup();
    const { requests } = mockSchedule();
    const { router } = renderApp(PATH, userWith('DS_MK', { region: '' }));
    const name = await screen.findByLabelText('Schedule name', {}, SLOW);
    expect(name).toHaveValue('Autumn campaign');
    expect(screen.getByRole('checkbox', { name: 'All day' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Night delivery' })).toBeChecked();
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Autumn campaign 2');
    await user.click(screen.getByRole('checkbox', { name: 'All day' }));
    await user.click(update);
    await confirm(user, 'Update the schedule?', 'OK');

    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      zone_code: runtimeZone(),
      schedule_name: 'Autumn campaign 2',
      available_time_from: '10:00:00',
      // The default end 21:00 plays to its last second.
      available_time_to: '21:00:59',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/detail'));
    expect(router.state.location.search).toBe('?device_code=DVTEST');
    expect(await screen.findByText('The schedule has been updated')).toBeInTheDocument();
  });

  it('shows the player and the message when the refresh after the update brings a new version', async () => {
    const user = userEvent.setup();
    let version = schedule.updated_at;
    // As the server does: the schedule read again after the write carries its new version.
    const { requests } = mockFetch({
      'GET /api/schedules/s1': () => success({ ...schedule, updated_at: version }),
      'GET /api/schedules': () => success(listOf([{ ...schedule, updated_at: version }])),
      'PUT /api/schedules/s1': () => {
        version = '2026-12-01T00:00:00.000Z';
        return success({ ...schedule, updated_at: version });
      },
      'GET /api/devices/DVTEST': () => success({ devices: [testDevice({ time_zone: 'Asia/Tokyo' })] }),
    });
    const { router } = renderApp(PATH, userWith('DS_MK', { region: '' }));
    const name = await screen.findByLabelText('Schedule name', {}, SLOW);
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await confirm(user, 'Update the schedule?', 'OK');
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/detail'));
    expect(await screen.findByText('The schedule has been updated')).toBeInTheDocument();
  });

  it('shows a field error and sends nothing when the name is emptied', async () => {
    const user = userEvent.setup();
    const { requests } = mockSchedule();
    renderApp(PATH, userWith('DS_MK', { region: '' }));
    await user.clear(await screen.findByLabelText('Schedule name', {}, SLOW));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please enter the schedule name')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('deletes after the scheduleDelete confirmation and goes to the player detail', async () => {
    const user = userEvent.setup();
    const { requests } = mockSchedule();
    const { router } = renderApp(PATH, userWith('DS_ST', { region: 'US', shop_no: '0012' }));
    await screen.findByLabelText('Schedule name', {}, SLOW);
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    await confirm(user, 'Delete the schedule?', 'Delete');
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/schedules/s1')).toBe(true),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/detail'));
    expect(await screen.findByText('The schedule has been deleted')).toBeInTheDocument();
  });

  it('sends the user to the player list without a schedule or a player', async () => {
    mockSchedule();
    const { router } = renderApp('/device/scheduleupdate?device_code=DVTEST', userWith('DS_MK', { region: '' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'));
    const second = renderApp('/device/contentedit?schedule_id=s1', userWith('DS_MK', { region: '' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/device/list'));
  });
});
