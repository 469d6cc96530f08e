import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { testDelivery, testDevice } from '../../test/devices';
import { PlayerTable } from './PlayerTable';

/** Silent for an hour: 'Issue', offline since its last access. */
const offline = testDevice({
  device_code: 'DVOFF',
  shop_name: 'Leeds',
  is_alive: false,
  last_accessed: new Date(Date.now() - 3_600_000).toISOString(),
});
const alive = testDevice({
  device_code: 'DVON',
  shop_name: 'Bristol',
  last_accessed: new Date().toISOString(),
  delivery: testDelivery({ state: 'up_to_date' }),
});

function table(density: 'regular' | 'compact') {
  return render(
    <Providers>
      <PlayerTable
        view="marketing"
        density={density}
        rows={[alive, offline]}
        firstNumber={1}
        loading={false}
        showLogs
        emptyText="none"
        onDetails={() => undefined}
      />
    </Providers>,
  );
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('PlayerTable status (issue 31)', () => {
  it('in the compact density keeps an offline player on one line: the reason in a tooltip, read with the status', async () => {
    const user = userEvent.setup();
    table('compact');
    const row = rowOf('Leeds');
    // The reason is no line of its own: it is part of the focusable status and its tooltip.
    const status = within(row).getByText('Issue').closest('[tabindex="0"]') as HTMLElement;
    expect(status).toHaveTextContent(/^Issue Offline since \d\d:\d\d GMT$/);
    expect(within(row).queryByText(/^Offline since/, { selector: ':not(.visually-hidden)' })).toBeNull();
    await user.hover(status);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Offline since \d\d:\d\d GMT$/);
    expect(within(rowOf('Bristol')).getByText('Alive')).toBeInTheDocument();
    expect(within(rowOf('Bristol')).getByText('Up to date')).toBeInTheDocument();
  });

  it('in the regular density shows the reason under the status', () => {
    table('regular');
    const reason = within(rowOf('Leeds')).getByText(/^Offline since \d\d:\d\d GMT$/);
    expect(reason).not.toHaveClass('visually-hidden');
  });
});
