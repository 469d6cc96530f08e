import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { CountryPicker } from './CountryPicker';
import { DialogHost, openDialog } from './dialog';

function Picker() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <CountryPicker value={value} onChange={setValue} aria-label="Country" />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('CountryPicker', () => {
  it('chooses a country by area in a modal and clears it', async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <Picker />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: /^Country/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('group', { name: 'Greater China' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Taiwan' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('TW'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });
});

describe('generic dialog', () => {
  it('runs the action on OK and only hides on Cancel', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(
      <Providers>
        <DialogHost />
      </Providers>,
    );
    openDialog({ kind: 'settingDelete', title: 'Delete this tag?', onOk });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onOk).not.toHaveBeenCalled();
    openDialog({ kind: 'settingDelete', title: 'Delete this tag?', onOk });
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledTimes(1);
  });

  it('offers no Cancel for contentRegister', async () => {
    render(
      <Providers>
        <DialogHost />
      </Providers>,
    );
    openDialog({ kind: 'contentRegister', title: 'Live content registered successfully' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
  });
});
