import { z } from 'zod';
import { isCountry } from '../catalog/countries';
import { DISPLAY_PATTERN_VALUES, multielementAllowed } from '../catalog/displayPatterns';
import { MESSAGES } from '../catalog/messages';
import {
  CONTENT_LIST_MEDIA_TYPES,
  CONTENT_NAME_MAX,
  heightError,
  isIsoDate,
  LIVE_DASHBOARD_OPTIONS,
  LIVE_LAYOUTS,
  LOGO_POSITIONS,
  liveAllowedPattern,
  liveStationUrlError,
  OUTPUT_RESOLUTIONS,
  RESOLUTION_PRESETS,
  widthError,
} from '../rules/contents';
import { ZInstant, ZOrder, ZSummary, ZText, zText } from './common';

/**
 * Contents (SPEC.md sections 2, 3, 5 and 7): images, movies and live streams.
 * Texts the spec names come from MESSAGES; these are ours where it names none. The console shows
 * them in the user's language through its `contents.serverMessages` keys.
 */
export const CONTENT_MESSAGES = {
  selectDisplayPattern: 'Please select the display pattern',
  selectPlatform: 'Please select the live platform',
  selectLayout: 'Please select the layout',
  selectResolution: 'Please select the output resolution',
  selectLogoPosition: 'Please select the logo position',
  selectDashboard: 'Please select whether the dashboard is shown',
  invalidCountry: 'The distribution country is not valid',
  invalidDate: 'Dates must be written YYYY-MM-DD',
  startInPast: 'The start date cannot be before today',
  endBeforeStart: 'The end date cannot be before the start date',
  liveNotAllowedPattern: 'This display pattern cannot show live content',
  multielementNotAllowed: 'Multielement is not available with this display pattern',
  oneFileOnly: 'Please upload one file at a time',
  uploadNotFound: 'The upload was not found or is not complete. Please upload the file again',
  liveProviderFailed: 'The live platform could not create the stream. Please try again later',
  contentInUse: 'This content is used by a schedule and cannot be deleted',
  searchStartInFuture: 'The start date cannot be in the future',
  nameTooLong: 'The content name can be at most 200 characters long',
  historyPeriodTooLong: 'The period can be at most 366 days',
  notLiveStream: 'This content is not a live stream',
  streamKeyNotRenewable: "This live platform's stream key cannot be renewed here",
} as const;
export type ContentMessageKey = keyof typeof CONTENT_MESSAGES;

export const CONTENT_TYPES = ['image', 'movie', 'stream'] as const;
export const ZContentType = z.enum(CONTENT_TYPES);
export type TContentType = z.infer<typeof ZContentType>;

const required = (message: string, max = 200, tooLong = message) =>
  zText(message).trim().min(1, message).max(max, tooLong);
const contentName = required(MESSAGES.enterContentName, CONTENT_NAME_MAX, CONTENT_MESSAGES.nameTooLong);

const optionalDate = ZText.trim()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || isIsoDate(v), CONTENT_MESSAGES.invalidDate);

const region = ZText.trim()
  .optional()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || isCountry(v), CONTENT_MESSAGES.invalidCountry);

/** Fields of the Video-Image form (multipart text fields, or JSON when finishing a resumable upload). */
export const ZContentFields = z.object({
  name: contentName,
  license_from: optionalDate,
  license_to: optionalDate,
  region,
  display_pattern: z.enum(DISPLAY_PATTERN_VALUES, { error: CONTENT_MESSAGES.selectDisplayPattern }),
});
export type TContentFields = z.infer<typeof ZContentFields>;

/** Finishing a resumable (tus) upload: the upload's id plus the form's fields. */
export const ZContentFromUpload = ZContentFields.extend({ upload_id: ZText.trim().min(1).max(200) });
export type TContentFromUpload = z.infer<typeof ZContentFromUpload>;

// Empty or absent means not given: fine with a preset, 'invalid width/height' with Manual_input.
const intField = z
  .union([z.number(), ZText.trim()])
  .optional()
  .transform((v) => (v === undefined || v === '' ? Number.NaN : Number(v)));
const text = (max = 500) => ZText.trim().max(max).optional().default('');

/**
 * Fields of the Live form (SPEC.md section 5). Multielement needs a title and sends prompt and logo
 * position empty; Fullscreen needs prompt and logo position instead. A preset resolution fixes width and
 * height; Manual_input takes them as typed (even, 320-1920 x 180-1080). The show id is Bambuser's and is
 * required only on that platform.
 */
export const ZLiveFields = ZContentFields.extend({
  livePlatform: required(CONTENT_MESSAGES.selectPlatform, 40),
  layout: z.enum(LIVE_LAYOUTS, { error: CONTENT_MESSAGES.selectLayout }),
  title: text(200),
  livestation_url: zText(MESSAGES.invalidLiveStationUrl).trim().max(2000),
  bambuser_showId: text(200),
  output_resolution: z.enum(OUTPUT_RESOLUTIONS, { error: CONTENT_MESSAGES.selectResolution }),
  output_resolution_width: intField,
  output_resolution_height: intField,
  live_prompt: text(1000),
  live_logo_position: z
    .union([z.enum(LOGO_POSITIONS), z.literal('')], { error: CONTENT_MESSAGES.selectLogoPosition })
    .optional()
    .default(''),
  live_dashboard: z.enum(LIVE_DASHBOARD_OPTIONS, { error: CONTENT_MESSAGES.selectDashboard }),
})
  .transform((fields) => {
    const preset = RESOLUTION_PRESETS[fields.output_resolution];
    const size = preset
      ? { output_resolution_width: preset.width, output_resolution_height: preset.height }
      : {
          output_resolution_width: fields.output_resolution_width,
          output_resolution_height: fields.output_resolution_height,
        };
    const multi = fields.layout === 'Multielement';
    return {
      ...fields,
      ...size,
      live_prompt: multi ? '' : fields.live_prompt,
      live_logo_position: multi ? ('' as const) : fields.live_logo_position,
    };
  })
  .superRefine((fields, ctx) => {
    const issue = (path: string, message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    issue(
      'display_pattern',
      liveAllowedPattern(fields.display_pattern) ? null : CONTENT_MESSAGES.liveNotAllowedPattern,
    );
    if (fields.layout === 'Multielement') {
      issue('layout', multielementAllowed(fields.display_pattern) ? null : CONTENT_MESSAGES.multielementNotAllowed);
      issue('title', fields.title ? null : MESSAGES.enterLiveTitle);
    } else {
      issue('live_prompt', fields.live_prompt ? null : MESSAGES.enterLivePrompt);
      issue('live_logo_position', fields.live_logo_position ? null : CONTENT_MESSAGES.selectLogoPosition);
    }
    issue('livestation_url', liveStationUrlError(fields.livestation_url));
    issue(
      'bambuser_showId',
      fields.livePlatform === 'bambuser' && !fields.bambuser_showId ? MESSAGES.enterShowId : null,
    );
    issue('output_resolution_width', widthError(fields.output_resolution_width));
    issue('output_resolution_height', heightError(fields.output_resolution_height));
  });
export type TLiveFields = z.output<typeof ZLiveFields>;

/** A content as the API answers it. Live fields are null for images and movies. */
export const ZContent = z.object({
  content_id: z.string(),
  key: z.string(),
  name: z.string(),
  type: ZContentType,
  display_pattern: z.string(),
  region: z.string(),
  thumbnail_url: z.string().nullable(),
  /**
   * 'processing' right after an upload while its thumbnail is made (thumbnail_url is null until then),
   * 'ready' after, 'failed' when it could not be made: such a content cannot be scheduled.
   */
  processing_state: z.enum(['processing', 'ready', 'failed']),
  /** The media (image, movie) or the HLS playlist of a stream; null while a stream has no playback address. */
  content_url: z.string().nullable(),
  /** The live image of a stream. */
  image_url: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int().nullable(),
  license_from: z.string().nullable(),
  license_to: z.string().nullable(),
  updated_at: ZInstant,
  livePlatform: z.string().nullable(),
  title: z.string().nullable(),
  livestation_url: z.string().nullable(),
  bambuser_showId: z.string().nullable(),
  layout: z.string().nullable(),
  output_resolution: z.string().nullable(),
  output_resolution_width: z.number().int().nullable(),
  output_resolution_height: z.number().int().nullable(),
  live_logo_position: z.string().nullable(),
  live_prompt: z.string().nullable(),
  live_dashboard: z.string().nullable(),
  rtmp_url: z.string().nullable(),
  stream_key: z.string().nullable(),
});
export type TContent = z.infer<typeof ZContent>;

const queryDate = ZText.trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isIsoDate(v), CONTENT_MESSAGES.invalidDate);

/** GET /api/contents (SPEC.md section 7). Dates filter the update date (UTC days, inclusive). */
export const ZContentListQuery = z.object({
  endCursor: ZText.max(500).optional(),
  order: ZOrder,
  name: ZText.trim().max(200).optional(),
  media_type: z.enum(CONTENT_LIST_MEDIA_TYPES).default('none'),
  region: ZText.trim().max(10).optional(),
  display_pattern: ZText.trim().max(40).optional(),
  start_date: queryDate,
  end_date: queryDate,
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type TContentListQuery = z.input<typeof ZContentListQuery>;

export const ZContentList = z.object({ contents: z.array(ZContent), summary: ZSummary });
export type TContentList = z.infer<typeof ZContentList>;

export const ZContentKeyParams = z.object({ key: ZText.trim().min(1).max(100) });
export const ZContentIdParams = z.object({ contentId: ZText.trim().min(1).max(100) });

/** PUT /api/contents/{key}: name and zone code; streams also title, show id and station URL. */
export const ZContentUpdate = z
  .object({
    name: contentName,
    /** The editor's time zone (IANA); kept for the audit trail. */
    zone_code: ZText.trim().max(64).optional(),
    title: ZText.trim().max(200).optional(),
    bambuser_showId: ZText.trim().max(200).optional(),
    livestation_url: ZText.trim().max(2000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.livestation_url === undefined) return;
    const message = liveStationUrlError(body.livestation_url);
    if (message) ctx.addIssue({ code: 'custom', path: ['livestation_url'], message });
  });
export type TContentUpdate = z.infer<typeof ZContentUpdate>;

export const ZLivePlatform = z.object({ id: z.string(), label: z.string() });
export const ZLivePlatforms = z.array(ZLivePlatform);
export type TLivePlatform = z.infer<typeof ZLivePlatform>;
