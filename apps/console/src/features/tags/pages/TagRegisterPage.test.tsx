import { MESSAGES } from '@signage/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { chooseType, fill, listOf, settingOf, tagFields } from '../../../test/tags';

const frit = userWith('DS_FRIT');

// Each test fills six fields and a dropdown through antd: slow on a busy machine.
describe('Tag register page', () => {
  it('shows the placeholders and enables Reset on any change, Register once the required fields are filled', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/setting': () => listOf([settingOf()]) });
    renderApp('/setting/register', frit);
    const f = await tagFields();
    expect(screen.getByText('Please select the type')).toBeInTheDocument();
    expect(f.reset).toBeDisabled();
    expect(f.register).toBeDisabled();

    await fill(user, f.note, 'only a note');
    expect(f.reset).toBeEnabled();
    expect(f.register).toBeDisabled();

    await chooseType(user, 'Device tag (DEVICE_TAG)');
    await fill(user, f.value, 'summer');
    await fill(user, f.en, 'Summer');
    await fill(user, f.ja, '夏');
    await fill(user, f.zh, '夏季');
    expect(f.register).toBeDisabled();
    await fill(user, f.ko, '   ');
    expect(f.register).toBeDisabled();
    await user.tab();
    expect(await screen.findByText('Please enter the name in KR')).toBeInTheDocument();
    expect(f.ko).toHaveAccessibleDescription('Please enter the name in KR');
    expect(screen.queryByText('Please enter the name in EN')).not.toBeInTheDocument();
    await user.clear(f.ko);
    await fill(user, f.ko, '여름');
    expect(f.register).toBeEnabled();

    await user.click(f.reset);
    expect(f.value).toHaveValue('');
    expect(f.note).toHaveValue('');
    expect(screen.queryByText('Please enter the name in KR')).not.toBeInTheDocument();
    expect(f.reset).toBeDisabled();
    expect(f.register).toBeDisabled();
  });

  it('submits with Enter through the settingRegister dialog, sends level 2 and the category id, then shows the list', async () => {
    const user = userEvent.setup();
    const category = settingOf();
    const { requests } = mockFetch({
      'GET /api/setting': () => listOf([category]),
      'POST /api/setting': (request) => success(settingOf({ ...(request.body as object), id: 'x', key: 'x' })),
    });
    const { router } = renderApp('/setting/register', frit);
    const f = await tagFields();
    await chooseType(user, 'DEVICE_TAG-campaign · Campaign');
    expect(screen.getByText(/Level 2: a tag in the category DEVICE_TAG-campaign/)).toBeInTheDocument();
    await fill(user, f.value, 'summer');
    await fill(user, f.en, 'Summer');
    await fill(user, f.ja, '夏');
    await fill(user, f.zh, '夏季');
    await fill(user, f.ko, '여름');
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Register tag')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/list'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag has been registered');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      type: 'DEVICE_TAG-campaign',
      value: 'summer',
      en: 'Summer',
      ja: '夏',
      zh: '夏季',
      ko: '여름',
      note: '',
      level: 2,
      type_id: category.id,
    });
  });

  it('cancelling the dialog saves nothing; a refused save shows the server message in the banner', async () => {
    const user = userEvent.setup();
    const { requests } = mockFetch({
      'GET /api/setting': () => listOf([]),
      'POST /api/setting': () => failure(409, MESSAGES.tagValueTaken),
    });
    const { router } = renderApp('/setting/register', frit);
    const f = await tagFields();
    await chooseType(user, 'Store type (STORE_TYPE)');
    for (const input of [f.value, f.en, f.ja, f.zh, f.ko]) await fill(user, input, 'x');
    await user.click(f.register);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(f.register);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(MESSAGES.tagValueTaken)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/register');
  });
});
