/** Business constants and limits (SPEC.md section 9). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const MAX_UPLOAD_BYTES = 419_430_400;
export const PAGE_SIZE = 10;
export const PAGER_SPREAD = 5;
/**
 * The night-delivery hour, the one constant for it: a Night schedule's new media download from this hour of the
 * store's wall clock to its midnight (rules/delivery.ts). The API spells it as the text of the download-hour
 * option (download_allow_hour '23').
 */
export const NIGHT_DELIVERY_HOUR = 23;
export const DEFAULT_DOWNLOAD_ALLOW_HOUR = '23' as const satisfies `${typeof NIGHT_DELIVERY_HOUR}`;
export const TIME_STEP_MINUTES = 5;
export const REGISTRATION_REDIRECT_MS = 30_000;
export const HISTORY_DAYS_DISPLAYED = 7;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const OUTPUT_WIDTH = { min: 320, max: 1920 } as const;
export const OUTPUT_HEIGHT = { min: 180, max: 1080 } as const;
export const STORE_CODE_LENGTH = 4;
export const MORE_RESULTS = 'MORE_RESULTS_AFTER_LIMIT';
export const NO_MORE_RESULTS = 'NO_MORE_RESULTS';
export const PAGE_TITLE_SUFFIX = ' - Digital Signage';
