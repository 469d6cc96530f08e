import {
  addDays,
  type Role,
  runtimeZone,
  type TContent,
  type TSchedule,
  type TScheduleContent,
  todayIn,
} from '@signage/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readScreenState, useScreenStateStore } from '../../../app/screenState';
import { testDevice } from '../../../test/devices';
import { type MockRequest, mockFetch, success } from '../../../test/fetchMock';
import { renderApp, userWith } from '../../../test/renderApp';
import { PLAYER_LIST_SCREEN } from '../../../ui/players/criteria';
import { toWizardContent, toWizardPlayer, wizardScreens } from './state';

const PAGE_DONE = { endCursor: null, moreResults: 'NO_MORE_RESULTS' };
const TOKYO = testDevice({ device_code: 'DV1', shop_name: 'Ginza', shop_no: '0012', time_zone: 'Asia/Tokyo' });
const OSAKA = testDevice({ device_code: 'DV2', shop_name: 'Umeda', shop_no: '0034', time_zone: 'Asia/Tokyo' });

function content(n: number, type: TContent['type'] = 'image'): TContent {
  return {
    content_id: `c${n}`,
    key: `k${n}`,
    name: `${type === 'stream' ? 'Live' : 'Poster'} ${n}`,
    type,
    display_pattern: 'Multi,CW',
    region: 'JP',
    thumbnail_url: null,
    processing_state: 'ready',
    content_url: null,
    image_url: null,
    duration: null,
    width: null,
    height: null,
    size: null,
    license_from: null,
    license_to: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    livePlatform: null,
    title: null,
    livestation_url: null,
    bambuser_showId: null,
    layout: null,
    output_resolution: null,
    output_resolution_width: null,
    output_resolution_height: null,
    live_logo_position: null,
    live_prompt: null,
    live_dashboard: null,
    rtmp_url: null,
    stream_key: null,
  };
}

const scheduleContent = (n: number): TScheduleContent => ({
  content_id: `c${n}`,
  name: `Poster ${n}`,
  type: 'image',
  display_pattern: 'Multi,CW',
  thumbnail_url: null,
  rtmp_url: null,
  stream_key: null,
  duration: null,
  license_from: null,
  license_to: null,
  deleted: n === 9,
});
const today = todayIn(runtimeZone());
const SOURCE: TSchedule = {
  schedule_id: 'S1',
  schedule_name: 'Summer sale',
  playlist_name: 'Shop playlist',
  available_date_from: addDays(today, 2),
  available_date_to: addDays(today, 9),
  available_time_from: '09:00:00',
  available_time_to: '18:00:59',
  download_allow_hour: '23',
  first_content_live: false,
  created_at: '2026-01-01T00:00:00.000Z',
  zone_code: 'Asia/Tokyo',
  contents: [scheduleContent(1), scheduleContent(9), scheduleContent(2)],
  dest: ['DV9'],
  dest_hidden: 0,
  dest_display_patterns: ['Multi,CW'],
  updated_at: '2026-01-01T00:00:00.000Z',
};

const devicesReply = () => success({ devices: [TOKYO, OSAKA], summary: { ...PAGE_DONE, total: 2 } });

/** The wizard as a user left it: players and contents chosen in mode 'new' (or 'duplicate'). */
function preset(players = [TOKYO], contents: TContent[] = [], mode: 'new' | 'duplicate' = 'new') {
  const screens = wizardScreens(mode);
  const { update } = useScreenStateStore.getState();
  update(screens.devices, { selection: players.map(toWizardPlayer) });
  update(screens.contents, { selection: contents.map(toWizardContent) });
}

describe('schedule wizard, player step (issue 10)', () => {
  it.each<[Role, { filter: boolean; all: boolean; column: string; absent: string }]>([
    ['DS_MK', { filter: true, all: true, column: 'Tags', absent: 'Floor map' }],
    ['DS_LHQBIZ', { filter: true, all: true, column: 'Tags', absent: 'Floor map' }],
    ['DS_ST', { filter: false, all: false, column: 'Floor map', absent: 'Tags' }],
  ])('%s sees the buttons and the table of its role', async (role, expected) => {
    mockFetch({ 'GET /api/devices': devicesReply });
    renderApp('/schedule/selectdevice', userWith(role, { shop_no: '0012' }));
    expect(await screen.findByText('Ginza', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /filter Filter/ }).length > 0).toBe(expected.filter);
    expect(screen.queryByRole('button', { name: /\bAll$/ }) !== null).toBe(expected.all);
    expect(screen.getByRole('button', { name: /^Sort/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: expected.column })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: expected.absent })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
    expect(screen.getAllByText('Select and add')).toHaveLength(2);
  });

  it('picks players into the panel, selects the page, adds every match with All, and asks for one before Next', async () => {
    const { requests } = mockFetch({
      'GET /api/devices': (request) =>
        request.query.get('all') === 'true'
          ? success({
              devices: [TOKYO, OSAKA, testDevice({ device_code: 'DV3', shop_name: 'Kyoto', shop_no: '0056' })],
              summary: { ...PAGE_DONE, total: 3 },
            })
          : devicesReply(),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/schedule/selectdevice', userWith('DS_MK'));
    await screen.findByText('Ginza', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one player');
    expect(router.state.location.pathname).toBe('/schedule/selectdevice');

    await user.click(screen.getByRole('checkbox', { name: 'Select Ginza 0012' }));
    const panel = screen.getByRole('region', { name: 'Players' });
    expect(within(panel).getByText('Ginza')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    const selectPage = screen.getByRole('checkbox', { name: 'Select all players on this page' });
    expect(selectPage).not.toBeChecked();
    await user.click(selectPage);
    expect(selectPage).toBeChecked();
    expect(within(panel).getByText('Umeda')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Remove Umeda 0034' }));
    expect(selectPage).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: /\bAll$/ }));
    expect(await within(panel).findByText('Kyoto')).toBeInTheDocument();
    expect(requests.some((r) => r.query.get('all') === 'true')).toBe(true);
    const kept = readScreenState(wizardScreens('new').devices).selection as { device_code: string }[];
    expect(kept.map((p) => p.device_code)).toEqual(['DV1', 'DV2', 'DV3']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule/selectcontent'));
  });
});

describe('schedule wizard, redirects (issue 10)', () => {
  it('sends the content step without players back to the player step', async () => {
    mockFetch({ 'GET /api/devices': devicesReply });
    const { router } = renderApp('/schedule/selectcontent', userWith('DS_MK'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule/selectdevice'), { timeout: 15_000 });
  });

  it('sends the setting step without contents back to the player step', async () => {
    preset([TOKYO], []);
    mockFetch({ 'GET /api/devices': devicesReply });
    const { router } = renderApp('/schedule/schedulesetting', userWith('DS_MK'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule/selectdevice'), { timeout: 15_000 });
  });

  it('sends a copy without a schedule to the player list', async () => {
    mockFetch({ 'GET /api/devices': devicesReply });
    const { router } = renderApp('/duplicateschedule/selectdevice', userWith('DS_MK'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'), { timeout: 15_000 });
  });
});

describe('schedule wizard, content step (issue 10)', () => {
  it('reloads the list with the first pick kind: images and movies, then live only', async () => {
    preset([TOKYO]);
    const { requests } = mockFetch({
      'GET /api/contents': () =>
        success({ contents: [content(1), content(2, 'movie'), content(3, 'stream')], summary: PAGE_DONE }),
    });
    const user = userEvent.setup();
    renderApp('/schedule/selectcontent', userWith('DS_MK'));
    await screen.findByText('Poster 1', {}, { timeout: 15_000 });
    const mediaTypes = () => requests.filter((r) => r.path === '/api/contents').map((r) => r.query.get('media_type'));
    expect(mediaTypes()).toEqual(['none']);

    await user.click(screen.getByRole('checkbox', { name: 'Select Poster 2' }));
    await waitFor(() => expect(mediaTypes()).toContain('image_movie'));
    expect(screen.getByText(/Images and movies only/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Live 3' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Poster 1' }));
    const panel = screen.getByRole('region', { name: 'Contents' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Poster 2'), expect.stringContaining('Poster 1')]);
    await user.click(within(panel).getByRole('button', { name: 'Move Poster 1 up' }));
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Poster 1');

    await user.click(within(panel).getByRole('button', { name: 'Remove Poster 1' }));
    await user.click(within(panel).getByRole('button', { name: 'Remove Poster 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Live 3' }));
    await waitFor(() => expect(mediaTypes().at(-1)).toBe('live'));
    expect(screen.getByText(/Live streams only/)).toBeInTheDocument();
  });
});

describe('schedule wizard, content step: display patterns (issue 31)', () => {
  it("marks and does not offer the contents the chosen players' display patterns cannot take", async () => {
    const tall = { ...content(4), name: 'Tall poster', display_pattern: '1x1v' as const };
    const combined = testDevice({ device_code: 'DV3', shop_name: 'Namba', display_pattern: 'Multi,CW&1x1v' });
    preset([TOKYO, combined]);
    mockFetch({ 'GET /api/contents': () => success({ contents: [content(1), tall], summary: PAGE_DONE }) });
    renderApp('/schedule/selectcontent', userWith('DS_MK'));
    const row = (await screen.findByText('Tall poster', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Not for Multi,CW players')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Tall poster' })).toBeDisabled();
    const poster = screen.getByText('Poster 1').closest('tr') as HTMLElement;
    expect(within(poster).queryByText(/Not for/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Poster 1' })).toBeEnabled();
  });
});

describe('schedule wizard, setting step (issue 10)', () => {
  it('starts from the Night defaults, marks the missing name, then sends after the scheduleSetting dialog', async () => {
    preset([TOKYO, OSAKA], [content(1), content(2)]);
    useScreenStateStore.getState().update(PLAYER_LIST_SCREEN, { criteria: { shop_name: 'old search' }, page: 3 });
    const posted: MockRequest[] = [];
    mockFetch({
      'POST /api/schedules': (request) => {
        posted.push(request);
        return success({ ...SOURCE, schedule_id: 'S2' });
      },
      'GET /api/devices': devicesReply,
    });
    const user = userEvent.setup();
    const { router } = renderApp('/schedule/schedulesetting', userWith('DS_MK'));
    const playlist = await screen.findByLabelText('Playlist name', {}, { timeout: 15_000 });
    expect(playlist).toHaveValue('Default playlist');
    expect(screen.getByRole('radio', { name: 'Night delivery' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'All day' })).toBeChecked();
    expect(screen.getByLabelText('Start time')).toBeDisabled();
    expect(screen.getByLabelText('Start date')).toHaveValue(addDays(today, 1));
    expect(screen.getByLabelText('End date')).toHaveValue(addDays(today, 7));
    expect(screen.getByText('Asia/Tokyo (UTC+09:00) — players: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(screen.getByText('Please enter the schedule name')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByLabelText('Schedule name'), 'Spring');
    expect(screen.queryByText('Please enter the schedule name')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'No expiration' }));
    expect(screen.getByLabelText('Start date')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Set' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Set' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'));
    expect(posted[0]?.body).toEqual({
      playlist_name: 'Default playlist',
      schedule_name: 'Spring',
      available_date_from: addDays(today, 1),
      available_date_to: '',
      available_time_from: '',
      available_time_to: '',
      download_allow_hour: '23',
      contents: ['c1', 'c2'],
      dest: ['DV1', 'DV2'],
      zone_code: runtimeZone(),
    });
    expect(readScreenState(PLAYER_LIST_SCREEN)).toMatchObject({ criteria: {}, page: 1 });
    expect(readScreenState(wizardScreens('new').devices).selection).toEqual([]);
    expect(await screen.findByText('The schedule has been set')).toBeInTheDocument();
  });

  it('forces Immediate and hides the end date and time when the first content is live', async () => {
    preset([TOKYO], [content(3, 'stream')]);
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/schedule/schedulesetting', userWith('DS_ST'));
    const immediate = await screen.findByRole('radio', { name: 'Immediate' }, { timeout: 15_000 });
    expect(immediate).toBeChecked();
    expect(immediate).toBeDisabled();
    expect(screen.queryByLabelText('End date')).toBeNull();
    expect(screen.queryByLabelText('End time')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'No expiration' })).toBeNull();
    expect(screen.getByLabelText('Start time')).toHaveValue('10:00');
    expect(screen.getByText(/The first content is a live stream/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Night delivery' })).toBeDisabled();
    void user;
  });

  it('switching to Immediate allows today, and back to Night moves a start today to tomorrow', async () => {
    preset([TOKYO], [content(1)]);
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/schedule/schedulesetting', userWith('DS_MK'));
    await user.click(await screen.findByRole('radio', { name: 'Immediate' }, { timeout: 15_000 }));
    const draft = readScreenState<{ form: { timing: string; dateFrom: string } }>(wizardScreens('new').setting);
    expect(draft.criteria.form.timing).toBe('NOW');
    useScreenStateStore.getState().update(wizardScreens('new').setting, {
      criteria: { form: { ...draft.criteria.form, dateFrom: today } },
    });
    expect(await screen.findByDisplayValue(today)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Night delivery' }));
    expect(screen.getByLabelText('Start date')).toHaveValue(addDays(today, 1));
  });
});

describe('duplicate schedule (issue 10)', () => {
  it('prefills contents and setting from the schedule, players anew, and sends through duplicate', async () => {
    const posted: MockRequest[] = [];
    mockFetch({
      'GET /api/schedules/S1': () => success(SOURCE),
      'GET /api/devices': devicesReply,
      'GET /api/contents': () => success({ contents: [content(1)], summary: PAGE_DONE }),
      'POST /api/schedules/S1/duplicate': (request) => {
        posted.push(request);
        return success({ ...SOURCE, schedule_id: 'S3' });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp(
      '/duplicateschedule/selectdevice?schedule_id=S1',
      userWith('DS_ST', { shop_no: '0012' }),
    );
    expect(await screen.findByText('Copy of the schedule: Summer sale', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Duplicate playlist' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Floor map' })).toBeInTheDocument();
    const contents = screen.getByRole('region', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Poster 1'), expect.stringContaining('Poster 2')]);
    expect(within(screen.getByRole('region', { name: 'Players' })).getByText('Select and add')).toBeInTheDocument();

    await user.click(await screen.findByRole('checkbox', { name: 'Select Ginza 0012' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicateschedule/selectcontent'));
    expect(router.state.location.search).toBe('?schedule_id=S1');
    await screen.findByRole('columnheader', { name: 'Content name' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicateschedule/schedulesetting'));

    expect(await screen.findByLabelText('Playlist name')).toHaveValue('Shop playlist');
    expect(screen.getByLabelText('Schedule name')).toHaveValue('Summer sale');
    expect(screen.getByRole('checkbox', { name: 'All day' })).not.toBeChecked();
    expect(screen.getByLabelText('Start time')).toHaveValue('09:00');
    expect(screen.getByLabelText('End time')).toHaveValue('18:00');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/list'));
    expect(posted[0]?.body).toMatchObject({
      schedule_name: 'Summer sale',
      available_date_from: addDays(today, 2),
      available_date_to: addDays(today, 9),
      available_time_from: '09:00:00',
      available_time_to: '18:00:59',
      contents: ['c1', 'c2'],
      dest: ['DV1'],
    });
  });

  it('moves a started Night schedule copy to start tomorrow, as switching to Night does', async () => {
    const started = { ...SOURCE, schedule_id: 'S4', available_date_from: addDays(today, -3), available_date_to: today };
    mockFetch({ 'GET /api/schedules/S4': () => success(started), 'GET /api/devices': devicesReply });
    renderApp('/duplicateschedule/selectdevice?schedule_id=S4', userWith('DS_MK'));
    await screen.findByText('Copy of the schedule: Summer sale', {}, { timeout: 15_000 });
    const draft = readScreenState<{ form: { dateFrom: string; dateTo: string } }>(wizardScreens('duplicate').setting);
    expect(draft.criteria.form.dateFrom).toBe(addDays(today, 1));
    expect(draft.criteria.form.dateTo).toBe(addDays(today, 15));
  });
});
