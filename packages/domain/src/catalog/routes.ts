import { ROLE_GROUPS, type Role } from './roles';

/**
 * The console's routes (SPEC.md section 2): path, title and the roles allowed.
 * An empty role list means every signed-in user (or anyone, for public routes).
 * `titleKey` is the i18n key of the title; `title` is its English text.
 */
export type RouteDef = {
  path: string;
  titleKey: string;
  title: string;
  roles: readonly Role[];
  public?: boolean;
};

const SCHEDULE_EDITORS = ROLE_GROUPS.scheduleEditors;
const DUPLICATORS = ROLE_GROUPS.scheduleDuplicators;
const ALL_PLAYER_ROLES = ROLE_GROUPS.everyone;
const CONTENT_EDITORS = ROLE_GROUPS.contentEditors;
const WAITING = ROLE_GROUPS.registrars;
const TAG_EDITORS = ROLE_GROUPS.tagEditors;

export const ROUTES = [
  { path: '/', titleKey: 'title.main', title: 'Main', roles: [] },
  { path: '/login', titleKey: 'title.login', title: 'Login', roles: [], public: true },
  { path: '/sso/:samlresponse', titleKey: 'title.sso', title: 'SSO response handler', roles: [], public: true },
  {
    path: '/contents/register',
    titleKey: 'title.contentRegister',
    title: 'Content registration',
    roles: CONTENT_EDITORS,
  },
  { path: '/contents/detail', titleKey: 'title.contentDetail', title: 'Content details', roles: CONTENT_EDITORS },
  {
    path: '/contents/list',
    titleKey: 'title.contentList',
    title: 'Contents list',
    roles: ROLE_GROUPS.marketing,
  },
  { path: '/contents/history', titleKey: 'title.contentHistory', title: 'Contents history', roles: CONTENT_EDITORS },
  {
    path: '/contents/historysummary',
    titleKey: 'title.contentHistorySummary',
    title: 'Content history summary',
    roles: CONTENT_EDITORS,
  },
  {
    path: '/contents/historydetail',
    titleKey: 'title.contentHistoryDetail',
    title: 'Content history details',
    roles: CONTENT_EDITORS,
  },
  { path: '/newdevice/list', titleKey: 'title.waitingList', title: 'Players waiting for registration', roles: WAITING },
  {
    path: '/newdevice/register/:serialNumber',
    titleKey: 'title.registerPlayer',
    title: 'Register player',
    roles: WAITING,
  },
  { path: '/device/list', titleKey: 'title.playerList', title: 'Player list', roles: ALL_PLAYER_ROLES },
  { path: '/device/detail', titleKey: 'title.playerDetail', title: 'Player details', roles: ALL_PLAYER_ROLES },
  { path: '/device/contentedit', titleKey: 'title.editContents', title: 'Edit contents', roles: SCHEDULE_EDITORS },
  {
    path: '/schedule/selectcontent',
    titleKey: 'title.createPlaylist',
    title: 'Create playlist',
    roles: SCHEDULE_EDITORS,
  },
  {
    path: '/schedule/selectdevice',
    titleKey: 'title.createPlaylist',
    title: 'Create playlist',
    roles: SCHEDULE_EDITORS,
  },
  {
    path: '/schedule/schedulesetting',
    titleKey: 'title.createPlaylist',
    title: 'Create playlist',
    roles: SCHEDULE_EDITORS,
  },
  {
    path: '/duplicateschedule/selectcontent',
    titleKey: 'title.duplicatePlaylist',
    title: 'Duplicate playlist',
    roles: DUPLICATORS,
  },
  {
    path: '/duplicateschedule/selectdevice',
    titleKey: 'title.duplicatePlaylist',
    title: 'Duplicate playlist',
    roles: DUPLICATORS,
  },
  {
    path: '/duplicateschedule/schedulesetting',
    titleKey: 'title.duplicatePlaylist',
    title: 'Duplicate playlist',
    roles: DUPLICATORS,
  },
  {
    path: '/device/scheduleupdate',
    titleKey: 'title.scheduleDetail',
    title: 'Schedule details',
    roles: SCHEDULE_EDITORS,
  },
  { path: '/device/logs', titleKey: 'title.playerLogs', title: 'Player logs', roles: ROLE_GROUPS.logReaders },
  { path: '/setting/list', titleKey: 'title.tagList', title: 'Tag list', roles: TAG_EDITORS },
  { path: '/setting/detail', titleKey: 'title.tagInfo', title: 'Tag info', roles: TAG_EDITORS },
  { path: '/setting/register', titleKey: 'title.tagRegister', title: 'Tag registration', roles: TAG_EDITORS },
  // Issue 29 item 7: the audit trail (DS_FRIT every entry, DS_LHQIT its region's; the server decides the rows).
  { path: '/audit', titleKey: 'title.audit', title: 'Audit trail', roles: ROLE_GROUPS.auditReaders },
  // Issue 29 item 6: emergency messages (DS_FRIT any region, DS_LHQIT its own; the server decides the players).
  {
    path: '/emergency',
    titleKey: 'title.emergency',
    title: 'Emergency messages',
    roles: ROLE_GROUPS.emergencyPosters,
  },
  // Issue 29 item 3: alerts that reach people (each user's own subscriptions and delivery log).
  { path: '/alerts', titleKey: 'title.alerts', title: 'Alerts', roles: ROLE_GROUPS.alertWatchers },
  // Issue 29 item 2: fleet health, DS_LHQIT and DS_FRIT (read-only for DS_LHQBIZ), their region's players.
  {
    path: '/fleet/health',
    titleKey: 'title.fleetHealth',
    title: 'Fleet health',
    roles: ROLE_GROUPS.fleetHealthReaders,
  },
] as const satisfies readonly RouteDef[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/** The side menu (SPEC.md section 2, Shell). Items show only if the user's role may open the target. */
export const MENU = [
  {
    key: 'contents',
    labelKey: 'menu.contents',
    items: [
      { key: 'contentRegister', labelKey: 'menu.newRegistration', path: '/contents/register' },
      { key: 'contentList', labelKey: 'menu.listView', path: '/contents/list' },
      { key: 'contentHistory', labelKey: 'menu.history', path: '/contents/history' },
    ],
  },
  {
    key: 'player',
    labelKey: 'menu.player',
    items: [
      { key: 'playerRegister', labelKey: 'menu.newRegistration', path: '/newdevice/list' },
      { key: 'playerList', labelKey: 'menu.listView', path: '/device/list' },
      { key: 'fleetHealth', labelKey: 'menu.fleetHealth', path: '/fleet/health' },
    ],
  },
  {
    key: 'playlist',
    labelKey: 'menu.playlist',
    items: [{ key: 'playlistNew', labelKey: 'menu.newRegistration', path: '/schedule/selectdevice' }],
  },
  {
    key: 'setting',
    labelKey: 'menu.setting',
    items: [{ key: 'tagList', labelKey: 'menu.listView', path: '/setting/list' }],
  },
  {
    key: 'audit',
    labelKey: 'menu.audit',
    items: [{ key: 'auditTrail', labelKey: 'menu.auditTrail', path: '/audit' }],
  },
  {
    key: 'emergency',
    labelKey: 'menu.emergency',
    items: [{ key: 'emergencyMessages', labelKey: 'menu.emergencyMessages', path: '/emergency' }],
  },
  {
    key: 'alerts',
    labelKey: 'menu.alerts',
    items: [{ key: 'alertSubscriptions', labelKey: 'menu.alertSubscriptions', path: '/alerts' }],
  },
] as const;
