import { OUTPUT_HEIGHT, OUTPUT_WIDTH } from '../catalog/constants';
import { DISPLAY_PATTERNS, type DisplayPattern, multielementAllowed } from '../catalog/displayPatterns';
import { MESSAGES } from '../catalog/messages';

/** Output resolution choices of the Live form (SPEC.md sections 2 and 5). */
/** The longest content name, the same in the register and detail forms and on the server. */
export const CONTENT_NAME_MAX = 200;

export const OUTPUT_RESOLUTIONS = ['W1280xH720_Pixels', 'W720xH1280_Pixels', 'Manual_input'] as const;
export type OutputResolution = (typeof OUTPUT_RESOLUTIONS)[number];

/**
 * What a preset fills in. The portrait preset is named 720x1280 but fills 608x1080: the spec's figures,
 * which keep the height inside the 1080 limit at the 9:16 ratio (rounded to even). Manual input clears.
 */
export const RESOLUTION_PRESETS: Record<OutputResolution, { width: number; height: number } | null> = {
  W1280xH720_Pixels: { width: 1280, height: 720 },
  W720xH1280_Pixels: { width: 608, height: 1080 },
  Manual_input: null,
};

export const LIVE_LAYOUTS = ['Fullscreen', 'Multielement'] as const;
export type LiveLayout = (typeof LIVE_LAYOUTS)[number];

export const LOGO_POSITIONS = ['upper_left', 'upper_right', 'lower_left', 'lower_right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

/** Whether the live dashboard (viewer count and chat panel) is shown over the stream. */
export const LIVE_DASHBOARD_OPTIONS = ['show', 'hide'] as const;
export type LiveDashboard = (typeof LIVE_DASHBOARD_OPTIONS)[number];

/** Media-type filter of the content search form. */
export const MEDIA_TYPE_FILTERS = ['none', 'image', 'video', 'live'] as const;
export type MediaTypeFilter = (typeof MEDIA_TYPE_FILTERS)[number];

/**
 * What the content list answers to: the search form's filters, plus 'image_movie' (images and movies
 * together), which the schedule wizard asks for once the first pick is an image or a movie.
 */
export const CONTENT_LIST_MEDIA_TYPES = [...MEDIA_TYPE_FILTERS, 'image_movie'] as const;
export type ContentListMediaType = (typeof CONTENT_LIST_MEDIA_TYPES)[number];

/** Width: even, 320-1920 ('invalid width'). */
export function widthError(width: number | null | undefined): string | null {
  if (width === null || width === undefined || !Number.isInteger(width)) return MESSAGES.invalidWidth;
  if (width < OUTPUT_WIDTH.min || width > OUTPUT_WIDTH.max || width % 2 !== 0) return MESSAGES.invalidWidth;
  return null;
}

/** Height: even, 180-1080 ('invalid height'). */
export function heightError(height: number | null | undefined): string | null {
  if (height === null || height === undefined || !Number.isInteger(height)) return MESSAGES.invalidHeight;
  if (height < OUTPUT_HEIGHT.min || height > OUTPUT_HEIGHT.max || height % 2 !== 0) return MESSAGES.invalidHeight;
  return null;
}

/**
 * The LiveStation URL must be an https address. The spec's other reading (http:// accepted) is not
 * taken: a store display loads this page inside an https console and player, where http is blocked.
 */
export function liveStationUrlError(url: string | null | undefined): string | null {
  const value = url?.trim() ?? '';
  if (!/^https:\/\//i.test(value)) return MESSAGES.invalidLiveStationUrl;
  try {
    const parsed = new URL(value);
    return parsed.hostname ? null : MESSAGES.invalidLiveStationUrl;
  } catch {
    return MESSAGES.invalidLiveStationUrl;
  }
}

/** Display patterns a live content may use: 1x4(2x8inc), 2x1 and LED are disabled for live. */
export function liveAllowedPattern(pattern: string): boolean {
  return DISPLAY_PATTERNS.some((p) => p.value === pattern && p.liveAllowed);
}

/** Layouts offered for a pattern: Multielement is not offered with Multi,CW&1x1v. */
export function layoutsFor(pattern: DisplayPattern | null | undefined): LiveLayout[] {
  if (!pattern || multielementAllowed(pattern)) return [...LIVE_LAYOUTS];
  return ['Fullscreen'];
}

/** The content name a chosen file suggests: its name up to the first dot ('spring.sale.mp4' -> 'spring'). */
export function contentNameFromFile(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.indexOf('.');
  return dot < 0 ? base : base.slice(0, dot);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * License dates as the form keeps them (SPEC.md sections 4 and 5): a start date is a day (midnight) not
 * before today; an end date before the start moves to follow it. Returns the corrected pair.
 */
export function adjustLicenseDates(
  start: string | null,
  end: string | null,
  today: string,
): { start: string | null; end: string | null } {
  const from = start && start < today ? today : start;
  const to = from && end && end < from ? from : end;
  return { start: from, end: to };
}

export type LicenseCheck = { ok: true } | { ok: false; reason: 'format' | 'past' | 'order' };

/** The server's check of sent license dates; `earliestStart` comes from earliestLicenseStart. */
export function checkLicenseDates(from: string | null, to: string | null, earliestStart: string): LicenseCheck {
  if ((from && !isIsoDate(from)) || (to && !isIsoDate(to))) return { ok: false, reason: 'format' };
  if (from && from < earliestStart) return { ok: false, reason: 'past' };
  if (from && to && to < from) return { ok: false, reason: 'order' };
  return { ok: true };
}
