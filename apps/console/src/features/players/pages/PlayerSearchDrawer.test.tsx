import type { TDevice } from '@signage/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testDevice } from '../../../test/devices';
import { mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { settingOf } from '../../../test/tags';

const CATEGORY = settingOf({ id: '10000000-0000-4000-8000-000000000001', level: 1, en: 'Campaign' });
const SUMMER = settingOf({
  id: '20000000-0000-4000-8000-000000000002',
  level: 2,
  type_id: CATEGORY.id,
  en: 'Summer',
  value: 'summer',
});
const WINTER = settingOf({
  id: '30000000-0000-4000-8000-000000000003',
  level: 2,
  type_id: CATEGORY.id,
  en: 'Winter',
  value: 'winter',
});

export function deviceOf(overrides: Partial<TDevice> = {}): TDevice {
  return testDevice({
    device_code: 'dev-1',
    device_name: 'SERIAL-1',
    region: 'JP',
    shop_name: 'Ginza',
    display_pattern: '1x1v',
    time_zone: 'Asia/Tokyo',
    last_accessed: '2026-01-01T09:30:00.000Z',
    activated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

function mockPlayers() {
  return mockFetch({
    'GET /api/devices': () =>
      success({ devices: [deviceOf()], summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS', total: 1 } }),
    'GET /api/setting': () =>
      success({
        settings: [CATEGORY, SUMMER, WINTER],
        summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS', total: 3 },
      }),
  });
}

async function chooseTag(user: ReturnType<typeof userEvent.setup>, field: string, tag: string) {
  await user.click(screen.getByRole('button', { name: field }));
  const checkbox = await screen.findByRole('checkbox', { name: tag });
  const dialog = checkbox.closest('.ant-modal') as HTMLElement;
  await user.click(checkbox);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  // Asked of the picker alone: a role query over the whole page, polled, costs seconds in jsdom.
  await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: tag })).not.toBeInTheDocument());
}

describe('Player search drawer: nested pickers (issue 9.7)', () => {
  /** The list, its search drawer open and a store name typed in it. */
  async function drawerWithStoreName() {
    const { requests } = mockPlayers();
    const user = userEvent.setup();
    renderApp('/device/list', userWith('DS_FRIT', { region: '' }));
    await screen.findByText('Ginza', {}, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const form = await screen.findByRole('form', { name: 'Search players' });
    await user.click(within(form).getByLabelText('Store name'));
    await user.paste('Shibuya');
    return { requests, user, drawer: form };
  }
  const lastListQuery = (requests: ReturnType<typeof mockPlayers>['requests']) =>
    requests.filter((r) => r.path === '/api/devices').at(-1)?.query;

  it('keeps the drawer and what was typed while the country picker is used, and searches with both', async () => {
    const { requests, user, drawer } = await drawerWithStoreName();
    await user.click(within(drawer).getByRole('button', { name: /^Deployment country/ }));
    const korea = await screen.findByRole('radio', { name: 'South Korea' });
    const picker = korea.closest('.ant-modal') as HTMLElement;
    await user.click(korea);
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(picker).queryByRole('radio', { name: 'South Korea' })).not.toBeInTheDocument());

    const after = screen.getByRole('form', { name: 'Search players' });
    expect(within(after).getByLabelText('Store name')).toHaveValue('Shibuya');
    expect(within(after).getByRole('button', { name: /^Deployment country/ })).toHaveTextContent('South Korea');
    await user.click(within(after).getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastListQuery(requests)?.get('region')).toBe('KR');
      expect(lastListQuery(requests)?.get('shop_name')).toBe('Shibuya');
    });
  });

  it('keeps the drawer and what was typed while the tag pickers are used, and searches with them', async () => {
    const { requests, user, drawer } = await drawerWithStoreName();
    await chooseTag(user, 'Tags', 'Summer');
    await chooseTag(user, 'Exclude tags', 'Winter');
    const after = screen.getByRole('form', { name: 'Search players' });
    expect(within(after).getByText('Summer')).toBeInTheDocument();
    expect(within(after).getByText('Winter')).toBeInTheDocument();
    expect(within(after).getByLabelText('Store name')).toHaveValue('Shibuya');

    await user.click(within(drawer).getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastListQuery(requests)?.get('shop_name')).toBe('Shibuya');
      expect(lastListQuery(requests)?.get('tags')).toBe(SUMMER.id);
      expect(lastListQuery(requests)?.get('exclude_tag')).toBe(WINTER.id);
    });
  });
});

describe('Player search drawer: Back with a nested picker open', () => {
  it('closes the picker first, then the drawer, and stays on the list after a direct load', async () => {
    mockPlayers();
    const user = userEvent.setup();
    const { router } = renderApp('/device/list', userWith('DS_FRIT', { region: '' }));
    await screen.findByText('Ginza', {}, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const form = await screen.findByRole('form', { name: 'Search players' });
    await user.click(within(form).getByLabelText('Store name'));
    await user.paste('Shibuya');
    await user.click(within(form).getByRole('button', { name: /^Deployment country/ }));
    await screen.findByRole('radio', { name: 'South Korea' });
    await waitFor(() => expect(router.state.location.state).toMatchObject({ overlayDepth: 2 }));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'South Korea' })).not.toBeInTheDocument());
    const drawer = screen.getByRole('form', { name: 'Search players' });
    expect(within(drawer).getByLabelText('Store name')).toHaveValue('Shibuya');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Search players' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/device/list');
    expect(screen.getByText('Ginza')).toBeInTheDocument();
  });
});
