import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { mockFetch, success } from '../../../test/fetchMock';
import { DialogHost } from '../../../ui/dialog';
import { EMPTY_DRAFT, type StoreDraft, withCountry } from '../store';
import { StoreRegistrationForm } from './StoreRegistrationForm';

function Harness({ onSubmit, onDraft }: { onSubmit: () => void; onDraft?: (d: StoreDraft) => void }) {
  const [draft, setDraft] = useState<StoreDraft>(EMPTY_DRAFT);
  return (
    <Providers>
      <StoreRegistrationForm
        value={draft}
        onChange={(next) => {
          setDraft(next);
          onDraft?.(next);
        }}
        onSubmit={onSubmit}
      />
      <DialogHost />
    </Providers>
  );
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: /^Deployment country/ }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name }));
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function choosePattern(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Display pattern'));
  await user.click(await screen.findByTitle('1x1v'));
}

describe('Register player, step 1 (SPEC 4 and 5)', () => {
  it('keeps digits only, at most four, and pads the store code on blur', async () => {
    mockFetch({
      'GET /api/setting': () => success({ settings: [], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS' } }),
    });
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    const code = screen.getByLabelText('Store code');
    await user.type(code, 'a1b2');
    expect(code).toHaveValue('12');
    await user.tab();
    expect(code).toHaveValue('0012');
    await user.clear(code);
    await user.type(code, '123456');
    expect(code).toHaveValue('1234');
  });

  it('strips a pasted store code to its digits before cutting it to four (issue 9.13)', async () => {
    mockFetch({});
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    const code = screen.getByLabelText('Store code');
    await user.click(code);
    await user.paste('12ab34');
    expect(code).toHaveValue('1234');
  });

  it('shows the store code message for an empty code after leaving the field', async () => {
    mockFetch({});
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    await user.click(screen.getByLabelText('Store code'));
    await user.tab();
    expect(await screen.findByText('Please enter the store code (4 digits)')).toBeInTheDocument();
  });

  it('enables Register only with country, valid store code, store name and display pattern; Enter submits', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const register = screen.getByRole('button', { name: 'Register' });
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(register).toBeDisabled();
    expect(reset).toBeDisabled();
    await user.type(screen.getByLabelText('Store name'), 'Ginza');
    expect(reset).toBeEnabled();
    await chooseCountry(user, 'Japan');
    await choosePattern(user);
    expect(register).toBeDisabled();
    await user.type(screen.getByLabelText('Store code'), '12');
    expect(register).toBeDisabled();
    await user.tab();
    expect(register).toBeEnabled();
    await user.type(screen.getByLabelText('Store name'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.clear(screen.getByLabelText('Store name'));
    expect(register).toBeDisabled();
  });

  it('defaults the installation site to Unset and Reset brings every field back', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const drafts: StoreDraft[] = [];
    render(<Harness onSubmit={vi.fn()} onDraft={(d) => drafts.push(d)} />);
    expect(screen.getByText('Unset')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(drafts.at(-1)).toEqual(EMPTY_DRAFT);
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('shows the single zone of a one-zone country as text, with nothing to choose', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const drafts: StoreDraft[] = [];
    render(<Harness onSubmit={vi.fn()} onDraft={(d) => drafts.push(d)} />);
    expect(screen.getByText('Choose the country first')).toBeInTheDocument();
    await chooseCountry(user, 'Japan');
    expect(screen.getByText('Tokyo (UTC+09:00)')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument();
    expect(drafts.at(-1)?.time_zone).toBe('Asia/Tokyo');
  });

  it("offers the zones of a country with several, its default first, and keeps the user's pick", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const drafts: StoreDraft[] = [];
    render(<Harness onSubmit={vi.fn()} onDraft={(d) => drafts.push(d)} />);
    await chooseCountry(user, 'United States');
    expect(drafts.at(-1)?.time_zone).toBe('America/New_York');
    expect(screen.getByTitle(/^New York \(UTC-0[45]:00\)$/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByTitle(/^Chicago \(UTC-0[56]:00\)$/));
    expect(drafts.at(-1)?.time_zone).toBe('America/Chicago');
  });
});

describe('withCountry', () => {
  it("resets the zone to the new country's default, and keeps it when the country stays", () => {
    const chicago = { ...EMPTY_DRAFT, region: 'US', time_zone: 'America/Chicago' };
    expect(withCountry(chicago, 'US')).toBe(chicago);
    expect(withCountry(chicago, 'JP').time_zone).toBe('Asia/Tokyo');
    expect(withCountry(chicago, 'AU').time_zone).toBe('Australia/Sydney');
    expect(withCountry(chicago, null).time_zone).toBeNull();
  });
});
