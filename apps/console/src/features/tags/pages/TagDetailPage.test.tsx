import { MESSAGES } from '@signage/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { chooseType, fill, listOf, settingOf, tagFields } from '../../../test/tags';

const frit = userWith('DS_FRIT');
const stored = settingOf({ id: 'k1', key: 'k1', value: 'winter', en: 'Winter', note: 'cold' });

describe('Tag detail page', () => {
  it('goes to the tag list without a key', async () => {
    mockFetch({ 'GET /api/setting': () => listOf([]) });
    const { router } = renderApp('/setting/detail', frit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/list'));
  });

  it('enables Register only while a field differs from what is stored and the required ones are filled', async () => {
    const user = userEvent.setup();
    const category = settingOf({ id: 'c1', key: 'c1', value: 'season', en: 'Season' });
    mockFetch({ 'GET /api/setting/k1': () => success(stored), 'GET /api/setting': () => listOf([category]) });
    renderApp('/setting/detail?key=k1', frit);
    const f = await tagFields();
    expect(await screen.findByDisplayValue('winter')).toBe(f.value);
    expect(f.register).toBeDisabled();
    expect(f.delete).toBeEnabled();

    await fill(user, f.en, ' storm');
    expect(f.register).toBeEnabled();
    await user.clear(f.en);
    expect(f.register).toBeDisabled();
    await fill(user, f.en, 'Winter');
    expect(f.register).toBeDisabled();
    await fill(user, f.note, '  ');
    expect(f.register).toBeDisabled();
    await chooseType(user, 'DEVICE_TAG-season · Season');
    expect(f.register).toBeEnabled();
  });

  it('saves the change with Enter and goes to the list', async () => {
    const user = userEvent.setup();
    const { requests } = mockFetch({
      'GET /api/setting/k1': () => success(stored),
      'GET /api/setting': () => listOf([]),
      'PUT /api/setting/k1': (request) => success({ ...stored, ...(request.body as object) }),
    });
    const { router } = renderApp('/setting/detail?key=k1', frit);
    const f = await tagFields();
    await screen.findByDisplayValue('winter');
    await fill(user, f.ja, '冬');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/list'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag has been updated');
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      value: 'winter',
      ja: 'キャンペーン冬',
      level: 1,
    });
  });

  it('asks before deleting (settingDelete) and shows a refusal in the error banner', async () => {
    const user = userEvent.setup();
    const { requests } = mockFetch({
      'GET /api/setting/k1': () => success(stored),
      'GET /api/setting': () => listOf([]),
      'DELETE /api/setting/k1': () => failure(409, MESSAGES.tagTypeInUse),
    });
    const { router } = renderApp('/setting/detail?key=k1', frit);
    const f = await tagFields();
    await user.click(f.delete);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete tag')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(f.delete);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.tagTypeInUse)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/detail');
  });

  it('deletes after confirmation, goes to the list and says so', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/setting/k1': () => success(stored),
      'GET /api/setting': () => listOf([]),
      'DELETE /api/setting/k1': () => success(null),
    });
    const { router } = renderApp('/setting/detail?key=k1', frit);
    const f = await tagFields();
    await user.click(f.delete);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/list'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag has been deleted');
  });

  it('keeps the type and value of a preset and offers no Delete', async () => {
    mockFetch({
      'GET /api/setting/k1': () => success({ ...stored, type: 'STORE_TYPE', value: '2Large', preset: true }),
      'GET /api/setting': () => listOf([]),
    });
    renderApp('/setting/detail?key=k1', frit);
    const f = await tagFields();
    await screen.findByDisplayValue('2Large');
    expect(f.value).toBeDisabled();
    expect(f.delete).toBeDisabled();
  });
});
