import type { TSetting } from '@signage/domain';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { success } from './fetchMock';

/** Test data and steps shared by the tag screens' component tests. */
export function settingOf(overrides: Partial<TSetting> = {}): TSetting {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    key: '11111111-1111-4111-8111-111111111111',
    type: 'DEVICE_TAG',
    type_id: null,
    value: 'campaign',
    note: '',
    level: 1,
    en: 'Campaign',
    ja: 'キャンペーン',
    zh: '活動',
    ko: '캠페인',
    preset: false,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const listOf = (settings: TSetting[]) =>
  success({ settings, summary: { endCursor: null, moreResults: 'NO_MORE_RESULTS', total: settings.length } });

export type User = ReturnType<typeof userEvent.setup>;

/** Pastes instead of typing key by key: the same change events, far fewer renders. */
export async function fill(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** The register and detail forms' fields and buttons, found as a user finds them. */
export async function tagFields() {
  return {
    type: await screen.findByLabelText(/Tag type/),
    value: screen.getByPlaceholderText('Please enter the value'),
    en: screen.getByPlaceholderText('Please enter the Name(EN)'),
    ja: screen.getByPlaceholderText('Please enter the Name(JP)'),
    zh: screen.getByPlaceholderText('Please enter the Name(CN)'),
    ko: screen.getByPlaceholderText('Please enter the Name(KR)'),
    note: screen.getByPlaceholderText('Please enter the note'),
    reset: screen.queryByRole('button', { name: 'Reset' }) as HTMLElement,
    register: screen.getByRole('button', { name: 'Register' }),
    delete: screen.queryByRole('button', { name: 'Delete' }) as HTMLElement,
  };
}

export async function chooseType(user: User, label: string) {
  await user.click(await screen.findByLabelText(/Tag type/));
  await user.click(await screen.findByTitle(label));
}
