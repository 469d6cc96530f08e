import {
  CONTENT_MESSAGES,
  CONTENT_NAME_MAX,
  contentNameFromFile,
  type DisplayPattern,
  heightError,
  type LiveDashboard,
  type LiveLayout,
  type LogoPosition,
  liveAllowedPattern,
  liveStationUrlError,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  mediaTypeOfExtension,
  multielementAllowed,
  type OutputResolution,
  RESOLUTION_PRESETS,
  type TContentFormFields,
  widthError,
  ZContentFields,
  ZLiveFields,
} from '@signage/domain';

export type RegisterMode = 'video' | 'live';

/** SPEC.md section 4: 0 default, 1 image uploaded, 2 error, 3 video uploaded. */
export type ImageState = 0 | 1 | 2 | 3;
/** SPEC.md section 4: 0 save ok, 1 type check ng, 2 size check ng, 3 other error, 4 update ok, 5 delete error. */
export type ErrorKind = 0 | 1 | 2 | 3 | 4 | 5;

export type RegisterForm = {
  name: string;
  noExpiration: boolean;
  startDate: string | null;
  endDate: string | null;
  displayPattern: DisplayPattern | null;
  country: string | null;
  file: File | null;
  platform: string | null;
  title: string;
  stationUrl: string;
  layout: LiveLayout | null;
  showId: string;
  resolution: OutputResolution | null;
  width: string;
  height: string;
  prompt: string;
  logoPosition: LogoPosition | null;
  dashboard: LiveDashboard | null;
};

export const EMPTY_FORM: RegisterForm = {
  name: '',
  noExpiration: false,
  startDate: null,
  endDate: null,
  displayPattern: null,
  country: null,
  file: null,
  platform: null,
  title: '',
  stationUrl: '',
  layout: null,
  showId: '',
  resolution: null,
  width: '',
  height: '',
  prompt: '',
  logoPosition: null,
  dashboard: null,
};

/** Type check then size check (SPEC.md sections 4, 5, 9); live takes a jpg or png only. */
export function checkFile(file: File, mode: RegisterMode): { ok: true; isVideo: boolean } | { ok: false; kind: 1 | 2 } {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const type = extension ? mediaTypeOfExtension(extension) : undefined;
  const isVideo = type?.kind === 'movie';
  if (!type || type.mime !== file.type || (mode === 'live' && !type.live)) return { ok: false, kind: 1 };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, kind: 2 };
  return { ok: true, isVideo };
}

/** A chosen file: Video-Image names the content after it (up to the first dot). */
export function withFile(form: RegisterForm, file: File, mode: RegisterMode): RegisterForm {
  return mode === 'video' ? { ...form, file, name: contentNameFromFile(file.name) } : { ...form, file };
}

/** Start not before today, end following start (SPEC.md section 5). */
export function withStartDate(form: RegisterForm, start: string | null): RegisterForm {
  const end = start && form.endDate && form.endDate < start ? start : form.endDate;
  return { ...form, startDate: start, endDate: end };
}

export function withDisplayPattern(form: RegisterForm, pattern: DisplayPattern | null): RegisterForm {
  const layout = form.layout === 'Multielement' && pattern && !multielementAllowed(pattern) ? null : form.layout;
  return { ...form, displayPattern: pattern, layout };
}

/**
 * Choosing a layout resets the output resolution; Multielement also resets the prompt (SPEC.md section 4).
 * The logo position stays: Multielement sends it empty anyway, and going back to Fullscreen keeps the choice.
 */
export function withLayout(form: RegisterForm, layout: LiveLayout): RegisterForm {
  const reset = { ...form, layout, resolution: null, width: '', height: '' };
  return layout === 'Multielement' ? { ...reset, prompt: '' } : reset;
}

/** A preset fills width and height; Manual_input clears them. */
export function withResolution(form: RegisterForm, resolution: OutputResolution): RegisterForm {
  const preset = RESOLUTION_PRESETS[resolution];
  return {
    ...form,
    resolution,
    width: preset ? String(preset.width) : '',
    height: preset ? String(preset.height) : '',
  };
}

/** Switching to Live drops a display pattern live cannot use. Clear keeps the chosen mode. */
export function withMode(form: RegisterForm, mode: RegisterMode): RegisterForm {
  const pattern =
    mode === 'live' && form.displayPattern && !liveAllowedPattern(form.displayPattern) ? null : form.displayPattern;
  return { ...form, displayPattern: pattern, file: null };
}

export type LiveErrors = { stationUrl: string | null; width: string | null; height: string | null };

/** Field messages shown once something was typed. */
export function liveErrors(form: RegisterForm): LiveErrors {
  return {
    stationUrl: form.stationUrl ? liveStationUrlError(form.stationUrl) : null,
    width: form.width ? widthError(Number(form.width)) : null,
    height: form.height ? heightError(Number(form.height)) : null,
  };
}

export type FieldErrors = Partial<Record<keyof RegisterForm, string>>;

/** The content name's own message: required, and at most CONTENT_NAME_MAX characters (as the server checks). */
export function contentNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return MESSAGES.enterContentName;
  return trimmed.length > CONTENT_NAME_MAX ? CONTENT_MESSAGES.nameTooLong : null;
}

/**
 * Why Register is still disabled, per field, as catalogue texts (SPEC.md section 5). The page shows a field's
 * message once that field has been touched.
 */
export function fieldErrors(form: RegisterForm, mode: RegisterMode): FieldErrors {
  const errors: FieldErrors = {};
  const set = (field: keyof RegisterForm, message: string | null) => {
    if (message) errors[field] = message;
  };
  set('name', contentNameError(form.name));
  set('displayPattern', form.displayPattern === null ? CONTENT_MESSAGES.selectDisplayPattern : null);
  set('file', form.file === null ? MESSAGES.uploadFile : null);
  if (mode === 'video') return errors;
  const live = liveErrors(form);
  const multi = form.layout === 'Multielement';
  set('platform', form.platform === null ? CONTENT_MESSAGES.selectPlatform : null);
  set('layout', form.layout === null ? CONTENT_MESSAGES.selectLayout : null);
  set('title', multi && form.title.trim() === '' ? MESSAGES.enterLiveTitle : null);
  set('stationUrl', form.stationUrl.trim() === '' ? MESSAGES.invalidLiveStationUrl : live.stationUrl);
  set('showId', form.platform === 'bambuser' && form.showId.trim() === '' ? MESSAGES.enterShowId : null);
  set('resolution', form.resolution === null ? CONTENT_MESSAGES.selectResolution : null);
  set('width', form.width === '' ? MESSAGES.invalidWidth : live.width);
  set('height', form.height === '' ? MESSAGES.invalidHeight : live.height);
  set('prompt', !multi && form.prompt.trim() === '' ? MESSAGES.enterLivePrompt : null);
  set('logoPosition', !multi && form.logoPosition === null ? CONTENT_MESSAGES.selectLogoPosition : null);
  set('dashboard', form.dashboard === null ? CONTENT_MESSAGES.selectDashboard : null);
  return errors;
}

/**
 * The messages the form shows: a touched field's, and a typed LiveStation URL, width or height that is not
 * valid (those say so while typing). The file's message waits until some field has been touched.
 */
export function shownErrors(
  form: RegisterForm,
  mode: RegisterMode,
  touched: ReadonlySet<keyof RegisterForm>,
): FieldErrors {
  const all = fieldErrors(form, mode);
  const live: Partial<LiveErrors> = mode === 'live' ? liveErrors(form) : {};
  const shown: FieldErrors = {};
  for (const field of Object.keys(all) as (keyof RegisterForm)[]) {
    const typed = field in live ? live[field as keyof LiveErrors] : null;
    const visible = touched.has(field) || (field === 'file' && touched.size > 0) ? all[field] : typed;
    if (visible) shown[field] = visible;
  }
  return shown;
}

/**
 * Register is enabled only when the form would pass the server's own check: the domain schemas of the
 * Video-Image and Live forms (ZContentFields, ZLiveFields) are the one copy of those rules.
 */
export function canRegister(form: RegisterForm, mode: RegisterMode): boolean {
  if (form.file === null) return false;
  const schema = mode === 'video' ? ZContentFields : ZLiveFields;
  return schema.safeParse(toFields(form, mode)).success;
}

/** Reset is enabled when anything differs from the defaults. */
export function isPristine(form: RegisterForm): boolean {
  return (Object.keys(EMPTY_FORM) as (keyof RegisterForm)[]).every((key) => form[key] === EMPTY_FORM[key]);
}

/** What the server receives (SPEC.md section 7); No expiration sends empty dates. */
export function toFields(form: RegisterForm, mode: RegisterMode): TContentFormFields {
  const base = {
    name: form.name.trim(),
    license_from: form.noExpiration ? '' : (form.startDate ?? ''),
    license_to: form.noExpiration ? '' : (form.endDate ?? ''),
    region: form.country ?? '',
    display_pattern: form.displayPattern ?? '',
  };
  if (mode === 'video') return base;
  const multi = form.layout === 'Multielement';
  return {
    ...base,
    livePlatform: form.platform ?? '',
    layout: form.layout ?? '',
    title: form.title.trim(),
    livestation_url: form.stationUrl.trim(),
    bambuser_showId: form.showId.trim(),
    output_resolution: form.resolution ?? '',
    output_resolution_width: form.width,
    output_resolution_height: form.height,
    live_prompt: multi ? '' : form.prompt.trim(),
    live_logo_position: multi ? '' : (form.logoPosition ?? ''),
    live_dashboard: form.dashboard ?? '',
  };
}
