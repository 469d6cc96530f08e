import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { testDevice } from '../../../test/devices';
import { mockFetch } from '../../../test/fetchMock';
import { PlayerEditForm } from './PlayerEditForm';

describe('Player detail edit: time zone', () => {
  it("lets an editor pick another zone of the player's country and saves it", async () => {
    mockFetch({});
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <PlayerEditForm device={testDevice({})} saving={false} editStore={false} onCancel={vi.fn()} onSave={onSave} />
      </Providers>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByTitle(/^Los Angeles \(UTC-0[78]:00\)$/));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ time_zone: 'America/Los_Angeles' }));
  });

  it('sends no zone when only the note changes', async () => {
    mockFetch({});
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <PlayerEditForm
          device={testDevice({ region: 'JP', time_zone: 'Asia/Tokyo' })}
          saving={false}
          editStore={false}
          onCancel={vi.fn()}
          onSave={onSave}
        />
      </Providers>,
    );
    expect(screen.getByText('Tokyo (UTC+09:00)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'window');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).not.toHaveProperty('time_zone');
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ memo: 'window' });
  });

  it("offers to put right a zone that is not one of the country's", async () => {
    mockFetch({});
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <PlayerEditForm
          device={testDevice({ region: 'JP', time_zone: 'UTC' })}
          saving={false}
          editStore={false}
          onCancel={vi.fn()}
          onSave={onSave}
        />
      </Providers>,
    );
    expect(screen.getByText('Tokyo (UTC+09:00)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ time_zone: 'Asia/Tokyo' }));
  });

  it("gives a corrected country its own zone: the new country's default replaces one that no longer fits", async () => {
    mockFetch({});
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <PlayerEditForm
          device={testDevice({ region: 'JP', time_zone: 'Asia/Tokyo' })}
          saving={false}
          editStore
          onCancel={vi.fn()}
          onSave={onSave}
        />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: /^Deployment country/ }));
    const korea = await screen.findByRole('radio', { name: 'South Korea' });
    const picker = korea.closest('.ant-modal') as HTMLElement;
    await user.click(korea);
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Seoul (UTC+09:00)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSave).toHaveBeenCalledWith({ region: 'KR', time_zone: 'Asia/Seoul' });
  });
});
