import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { EMPTY_DRAFT, useRegistrationDraft } from '../store';

const SERIAL = 'SN-PAIR-1';
const ISSUED = { device_code: 'DVPAIR1', device_name: SERIAL, pin: '482913', expires_at: '2026-01-01T10:30:00.000Z' };
const noSettings = () => success({ settings: [], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } });

function fillDraft() {
  useRegistrationDraft.getState().set(SERIAL, {
    ...EMPTY_DRAFT,
    region: 'JP',
    shop_no: '0012',
    shop_name: 'Ginza',
    display_pattern: '1x1v',
    memo: 'by the door',
    store_type: '2Large',
  });
}

async function toPinStep(user: ReturnType<typeof userEvent.setup>) {
  renderApp(`/newdevice/register/${SERIAL}`, userWith('DS_KT'));
  await user.click(await screen.findByRole('button', { name: 'Register' }, { timeout: 15_000 }));
  await user.click(await screen.findByRole('button', { name: 'Issue PIN' }));
}

const WAITING = { is_activated: false, activated_at: null, wrong_pin_attempts: 0, pin_void: false };

afterEach(() => useRegistrationDraft.getState().set('', EMPTY_DRAFT));

describe('Register player, PIN step (issue 9.11)', () => {
  it('lists the step-1 fields, waits for the player, and says complete only once it has paired', async () => {
    fillDraft();
    let paired = false;
    mockFetch({
      'GET /api/setting': noSettings,
      'POST /api/registrations': () => success(ISSUED),
      'GET /api/players/DVPAIR1': () =>
        success({
          device_code: ISSUED.device_code,
          device_name: SERIAL,
          is_activated: paired,
          activated_at: paired ? '2026-01-01T10:05:00.000Z' : null,
          wrong_pin_attempts: 0,
          pin_void: false,
        }),
    });
    const user = userEvent.setup();
    await toPinStep(user);
    expect(screen.getByText('by the door')).toBeInTheDocument();
    expect(screen.getByText('Large')).toBeInTheDocument();
    expect(await screen.findByTestId('issued-pin')).toHaveTextContent('482913');
    expect(await screen.findByText('Waiting for the player…')).toBeInTheDocument();
    expect(screen.queryByText(/Player registration is complete/)).toBeNull();
    expect(screen.queryByText(/Going to the player list/)).toBeNull();

    paired = true;
    expect(await screen.findByText(/^Paired — Player registration is complete/, {}, { timeout: 6000 })).toBeVisible();
    expect(screen.getByText(/Going to the player list in \d+ s/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue a new PIN' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByText(/Going to the player list/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).toBeNull();
  });

  it('a new PIN before pairing starts no countdown', async () => {
    fillDraft();
    mockFetch({
      'GET /api/setting': noSettings,
      'POST /api/registrations': () => success(ISSUED),
      'POST /api/players': () => success({ ...ISSUED, pin: '777111' }),
      'GET /api/players/DVPAIR1': () => success({ ...WAITING, device_code: ISSUED.device_code, device_name: SERIAL }),
    });
    const user = userEvent.setup();
    await toPinStep(user);
    await user.click(await screen.findByRole('button', { name: 'Issue a new PIN' }));
    await waitFor(() => expect(screen.getByTestId('issued-pin')).toHaveTextContent('777111'));
    expect(screen.getByText('Waiting for the player…')).toBeInTheDocument();
    expect(screen.queryByText(/Going to the player list/)).toBeNull();
  });

  it("tells staff of wrong PINs typed for the player ('PIN attempts from elsewhere') and of a void PIN (issue 30 item 5)", async () => {
    fillDraft();
    let status = { ...WAITING, wrong_pin_attempts: 0, pin_void: false };
    mockFetch({
      'GET /api/setting': noSettings,
      'POST /api/registrations': () => success(ISSUED),
      'GET /api/players/DVPAIR1': () => success({ ...status, device_code: ISSUED.device_code, device_name: SERIAL }),
    });
    const user = userEvent.setup();
    await toPinStep(user);
    expect(await screen.findByText('Waiting for the player…')).toBeInTheDocument();
    expect(screen.queryByText(/PIN attempts from elsewhere/)).toBeNull();

    status = { ...status, wrong_pin_attempts: 7 };
    expect(await screen.findByText('PIN attempts from elsewhere: 7', {}, { timeout: 6000 })).toBeVisible();
    expect(screen.getByText(/23 tries left before this PIN is void/)).toBeVisible();

    status = { ...status, wrong_pin_attempts: 30, pin_void: true };
    expect(
      await screen.findByText(
        'This PIN is void: too many wrong PINs were typed for this player. Issue a new PIN.',
        {},
        { timeout: 6000 },
      ),
    ).toBeVisible();
    expect(screen.queryByText(/PIN attempts from elsewhere/)).toBeNull();
  });

  it('says why a duplicate registration failed', async () => {
    fillDraft();
    mockFetch({
      'GET /api/setting': noSettings,
      'POST /api/registrations': () =>
        failure(409, 'A player with this serial number is already registered and paired'),
    });
    const user = userEvent.setup();
    await toPinStep(user);
    expect(
      await screen.findByText('A player with this serial number is already registered and paired'),
    ).toBeInTheDocument();
  });
});
