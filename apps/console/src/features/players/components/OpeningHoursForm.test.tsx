import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { mockFetch } from '../../../test/fetchMock';
import { OpeningHoursForm } from './OpeningHoursForm';

const monday = { week: [{ day: 1, ranges: [{ open: '10:00', close: '21:00' }] }], exceptions: [] };

describe('Opening hours form', () => {
  it('shows a closing time before the opening at its field and sends nothing; the corrected hours are sent', async () => {
    mockFetch({});
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <OpeningHoursForm initial={monday} saving={false} submitLabel="Save" onCancel={vi.fn()} onSubmit={onSubmit} />
      </Providers>,
    );
    const close = screen.getByRole('textbox', { name: 'Monday closes 1' });
    fireEvent.change(close, { target: { value: '09:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('The closing time must be later than the opening time');
    expect(close).toHaveAttribute('aria-invalid', 'true');
    expect(close).toHaveAttribute('aria-describedby', error.id);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(close, { target: { value: '20:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        week: expect.arrayContaining([
          { day: 1, ranges: [{ open: '10:00', close: '20:00' }] },
          { day: 2, ranges: [] },
        ]),
      }),
    );
  });

  it('names a wrong exception date at its field', async () => {
    mockFetch({});
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <OpeningHoursForm initial={null} saving={false} submitLabel="Save" onCancel={vi.fn()} onSubmit={onSubmit} />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: /Add exception date/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Exception date 1' }), { target: { value: '2027-13-01' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the date as YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Exception date 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
