import { addDays, type LocalDate, type TimeZone, todayIn } from '@signage/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { contentOf, listOf, scheduleOf } from '../contentList/testing';
import { ScheduleTimeline } from './ScheduleTimeline';

/** The first render loads the page and the schedule panel chunks: slow on a busy machine. */
const SLOW = { timeout: 20_000 };
const today = todayIn('Asia/Tokyo' as TimeZone);
const day = (n: number) => addDays(today as LocalDate, n);

const older = scheduleOf({
  schedule_id: 'old',
  schedule_name: 'Everyday loop',
  available_date_from: day(-5),
  available_date_to: day(20),
  created_at: '2026-01-01T00:00:00.000Z',
});
const newer = scheduleOf({
  schedule_id: 'new',
  schedule_name: 'Weekend sale',
  available_date_from: day(-1),
  available_date_to: day(2),
  created_at: '2026-02-01T00:00:00.000Z',
  contents: [contentOf({ content_id: 'c7', name: 'Sale banner' })],
});
const later = scheduleOf({
  schedule_id: 'later',
  schedule_name: 'Evening news',
  available_date_from: day(4),
  available_date_to: day(6),
  available_time_from: '18:00:00',
  available_time_to: '21:59:59',
  created_at: '2026-03-01T00:00:00.000Z',
});

function renderDetail() {
  const list = listOf([later, newer, older], { current_schedule: newer, next_schedule: later });
  mockFetch({
    'GET /api/devices/DVTEST': () => success({ devices: [testDevice({ time_zone: 'Asia/Tokyo', region: 'JP' })] }),
    'GET /api/schedules': () => success(list),
  });
  return renderApp('/device/detail?device_code=DVTEST', userWith('DS_MK', { region: '' }));
}

describe('Player detail: schedule timeline', () => {
  it('spans today 00:00 to 9 days ahead and marks current and next', async () => {
    renderDetail();
    const rows = await screen.findAllByTestId('timeline-row', {}, SLOW);
    expect(screen.getByTestId('timeline-range')).toHaveTextContent(`${today} 00:00 – ${day(9)} 23:59:59.999`);
    expect(rows.map((r) => within(r).getAllByRole('button')[0]?.textContent)).toEqual([
      'Evening news',
      'Weekend sale',
      'Everyday loop',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Next')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Current')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByText(/^(Current|Next)$/)).not.toBeInTheDocument();
    // Evening news plays three evenings in the range, one bar each.
    expect(within(rows[0] as HTMLElement).getAllByTestId('timeline-bar')).toHaveLength(3);
  });

  it('offers zoom to 10 days only on a month-long span', async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <ScheduleTimeline
          schedules={[later]}
          zone={'Asia/Tokyo' as TimeZone}
          currentId={null}
          nextId="later"
          onOpen={() => {}}
        />
      </Providers>,
    );
    const range = screen.getByTestId('timeline-range');
    expect(screen.queryByRole('button', { name: /Zoom to 10 days/ })).not.toBeInTheDocument();
    await user.click(screen.getByText('2 weeks'));
    expect(range).toHaveTextContent(`${day(13)} 23:59:59.999`);
    expect(screen.queryByRole('button', { name: /Zoom to 10 days/ })).not.toBeInTheDocument();
    await user.click(screen.getByText('1 month'));
    await user.click(await screen.findByRole('button', { name: /Zoom to 10 days/ }));
    expect(range).toHaveTextContent(`${day(9)} 23:59:59.999`);
    expect(screen.queryByRole('button', { name: /Zoom to 10 days/ })).not.toBeInTheDocument();
  });

  it('opens the device content list on the schedule clicked', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Open the contents of Weekend sale' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Sale banner')).toBeInTheDocument();
  });
});

describe('Player detail: what plays when', () => {
  it('names the winner, the schedule it hides, and the idle fallback', async () => {
    renderDetail();
    const answer = await screen.findByTestId('effective-answer', {}, SLOW);
    expect(within(answer).getByText('Plays:')).toBeInTheDocument();
    expect(within(answer).getAllByRole('button', { name: 'Weekend sale' })).toHaveLength(1);
    expect(
      within(answer).getByText(/2 schedules contain this moment; the most recently created one wins/),
    ).toBeInTheDocument();
    expect(within(answer).getByText(/Hidden by the winning schedule/)).toBeInTheDocument();
    expect(within(answer).getByRole('button', { name: 'Everyday loop' })).toBeInTheDocument();

    // SPEC.md section 9's formats as text (the browser's date and time inputs show its locale's: issue 31).
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveAttribute('placeholder', 'HH:mm');
    expect((screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement).value).toMatch(/^\d{2}:\d{2}$/);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: day(5) } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:30' } });
    await waitFor(() => expect(within(answer).getByRole('button', { name: 'Evening news' })).toBeInTheDocument());
    expect(within(answer).getByRole('button', { name: 'Everyday loop' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: day(40) } });
    await waitFor(() =>
      expect(within(answer).getByText('Nothing is scheduled: the player shows its idle screen')).toBeInTheDocument(),
    );
    expect(within(answer).getByText('No schedule starts after this moment.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '7:30 PM' } });
    expect(await screen.findByText('Enter a date (YYYY-MM-DD) and a time (HH:mm)')).toBeInTheDocument();
  });
});
