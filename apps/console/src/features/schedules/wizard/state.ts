import type { ScheduleForm, TContent, TDevice } from '@signage/domain';
import { useLocation } from 'react-router';
import { useScreenState, useScreenStateStore } from '../../../app/screenState';
import type { ContentCriteria } from '../../../ui/contents/contentPages';
import type { PlayerCriteria } from '../../../ui/players/criteria';

/** A new schedule (/schedule/*) or a copy of an existing one (/duplicateschedule/*). */
export type WizardMode = 'new' | 'duplicate';

export type WizardStep = 'devices' | 'contents' | 'setting';
export const WIZARD_STEPS: readonly WizardStep[] = ['devices', 'contents', 'setting'];

/** What the wizard keeps of a chosen player: the selection panel and the zone note show it. */
export type WizardPlayer = Pick<
  TDevice,
  'device_code' | 'shop_name' | 'shop_no' | 'region' | 'time_zone' | 'display_pattern'
>;
/** What the wizard keeps of a chosen content, in the order of the playlist. */
export type WizardContent = Pick<
  TContent,
  'content_id' | 'name' | 'type' | 'thumbnail_url' | 'display_pattern' | 'license_to'
>;

/** The setting step's draft, and for a copy the schedule it was made from. */
export type SettingDraft = { sourceId?: string | null; sourceName?: string; form?: ScheduleForm | null };

const PREFIX: Record<WizardMode, string> = { new: 'schedule', duplicate: 'duplicateSchedule' };
const BASE: Record<WizardMode, string> = { new: '/schedule', duplicate: '/duplicateschedule' };
const PATH: Record<WizardStep, string> = {
  devices: 'selectdevice',
  contents: 'selectcontent',
  setting: 'schedulesetting',
};

/** The screen-state slices of a mode: each step's search, order, page and selection, and the setting draft. */
export const wizardScreens = (mode: WizardMode) => ({
  devices: `${PREFIX[mode]}Devices`,
  contents: `${PREFIX[mode]}Contents`,
  setting: `${PREFIX[mode]}Setting`,
});

export function useWizardMode(): WizardMode {
  return useLocation().pathname.startsWith(BASE.duplicate) ? 'duplicate' : 'new';
}

/** The address of a step; a copy carries the schedule it copies in every step. */
export function wizardPath(mode: WizardMode, step: WizardStep, sourceId?: string | null): string {
  const path = `${BASE[mode]}/${PATH[step]}`;
  return mode === 'duplicate' && sourceId ? `${path}?schedule_id=${encodeURIComponent(sourceId)}` : path;
}

export const toWizardPlayer = (d: WizardPlayer): WizardPlayer => ({
  device_code: d.device_code,
  shop_name: d.shop_name,
  shop_no: d.shop_no,
  region: d.region,
  time_zone: d.time_zone,
  display_pattern: d.display_pattern,
});

export const toWizardContent = (c: WizardContent): WizardContent => ({
  content_id: c.content_id,
  name: c.name,
  type: c.type,
  thumbnail_url: c.thumbnail_url,
  display_pattern: c.display_pattern,
  license_to: c.license_to,
});

/**
 * The wizard's state, kept like every screen's in local storage (SPEC.md section 4): it survives a reload
 * and moving between the steps, and is forgotten at login and after the schedule is set.
 */
export function useWizard(mode: WizardMode) {
  const screens = wizardScreens(mode);
  const devices = useScreenState<PlayerCriteria, WizardPlayer>(screens.devices);
  const contents = useScreenState<ContentCriteria, WizardContent>(screens.contents);
  const setting = useScreenState<SettingDraft>(screens.setting);
  return { devices, contents, setting, players: devices.selection, chosen: contents.selection };
}

/** Forgets one mode's wizard (after success, or when a copy starts from another schedule). */
export function clearWizard(mode: WizardMode): void {
  const { reset } = useScreenStateStore.getState();
  for (const key of Object.values(wizardScreens(mode))) reset(key);
}

/** Starts a copy of `sourceId`: its contents and setting, players chosen anew. */
export function startCopy(source: { id: string; name: string }, contents: WizardContent[], form: ScheduleForm): void {
  clearWizard('duplicate');
  const screens = wizardScreens('duplicate');
  const { update } = useScreenStateStore.getState();
  update(screens.contents, { selection: contents });
  update(screens.setting, { criteria: { sourceId: source.id, sourceName: source.name, form } });
}
