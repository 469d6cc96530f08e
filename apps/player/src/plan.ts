import {
  currentByWindows,
  DISPLAY_PATTERNS,
  localMsOfDay,
  nextByWindows,
  nightDeliveryMomentMs,
  offsetAt,
  type TManifest,
  type TManifestSchedule,
} from '@signage/domain';

/** Seconds an image stays on screen (the manifest gives no duration for images). */
export const IMAGE_SECONDS = 10;

/**
 * The image duration: IMAGE_SECONDS, or shorter when the page's address asks with `debug_image_seconds=N`
 * (1 to 9; the memory soak, bench/player-soak.ts, loops fast with it). Never longer, never for anything else.
 */
export function imageSecondsOf(search: string): number {
  const asked = Number(new URLSearchParams(search).get('debug_image_seconds'));
  return Number.isInteger(asked) && asked >= 1 && asked < IMAGE_SECONDS ? asked : IMAGE_SECONDS;
}

/**
 * The files a schedule needs on the player: its images and videos, and for a live schedule each stream's live
 * image (downloaded and verified like any file, so it shows while the stream is off air, offline too).
 */
export const filesOf = (schedule: TManifestSchedule) => schedule.media.filter((m) => m.url !== null);

/** A live schedule: its media are streams (a schedule is all streams or no streams; any stream makes it live). */
export const isLive = (schedule: TManifestSchedule) => schedule.media.some((m) => m.type === 'stream');

/** A live schedule's streams, in the schedule's order. */
export const streamsOf = (schedule: TManifestSchedule) =>
  schedule.media.filter((m) => m.type === 'stream' && m.stream_url !== null && m.live !== null);

/**
 * A schedule is ready when every file it needs is downloaded and verified (and it has something to show): for a
 * live schedule, its live images (the streams themselves are never 'ready': they are on air or not).
 */
export function isReady(schedule: TManifestSchedule, verified: ReadonlySet<string>): boolean {
  const files = filesOf(schedule);
  return files.length > 0 && files.length === schedule.media.length && files.every((m) => verified.has(m.content_id));
}

/**
 * What plays at `now`: the domain's current schedule (latest-created with a window holding the moment) among
 * the ready ones, read from the windows the manifest carries as instants (rules/instants.ts: the server
 * decided them with the zone rules and DST policy; the player does no zone arithmetic of its own). A newer schedule whose media are not complete yet does not start: the one before it (or the idle
 * screen) goes on meanwhile. The schedule on screen (`playing`, its id) whose playlist gained media (a content
 * added, or one whose upload finished processing) goes on with the files it has while the new ones download,
 * rather than leaving the screen to an older schedule or the idle screen meanwhile; a live schedule is not cut
 * down so (its streams are all or nothing).
 */
export function scheduleAt(
  manifest: TManifest,
  verified: ReadonlySet<string>,
  now: Date,
  playing: string | null = null,
): TManifestSchedule | null {
  const candidates = manifest.schedules.flatMap((schedule) => {
    if (isReady(schedule, verified)) return [schedule];
    if (schedule.schedule_id !== playing || isLive(schedule)) return [];
    const media = filesOf(schedule).filter((item) => verified.has(item.content_id));
    return media.length > 0 ? [{ ...schedule, media }] : [];
  });
  return currentByWindows(candidates, now.getTime());
}

/** The next schedule to start after `now` (any, ready or not), for the status overlay. */
export function nextScheduleAt(manifest: TManifest, now: Date): TManifestSchedule | null {
  return nextByWindows(manifest.schedules, now.getTime())?.schedule ?? null;
}

/** The store's UTC offset at `now` (minutes east), from the manifest's offsets: what plays are stamped with. */
export const storeOffsetAt = (manifest: TManifest, now: Date): number => offsetAt(manifest.offsets, now.getTime());

/** The hour (0-23) of the store's wall clock at `now`, from the manifest's offsets. */
export const storeHourAt = (manifest: TManifest, now: Date): number =>
  Math.floor(localMsOfDay(manifest.offsets, now.getTime()) / 3_600_000);

/**
 * Delivery timing: Immediate ('NOW') downloads at once. Night downloads new media in the night window, from the
 * download hour (download_allow_hour, the store's time) to midnight, starting at this player's own moment in it
 * (the domain's nightDeliveryMomentMs, from its device code: a fleet's downloads spread over the window instead
 * of all starting at the hour); or once the schedule has started (it must not wait another night then).
 */
export function mayDownload(schedule: TManifestSchedule, manifest: TManifest, now: Date): boolean {
  if (schedule.delivery_timing === 'NOW' || schedule.download_allow_hour === '') return true;
  if (currentByWindows([schedule], now.getTime()) !== null) return true;
  const moment = nightDeliveryMomentMs(manifest.device_code, schedule.download_allow_hour);
  return localMsOfDay(manifest.offsets, now.getTime()) >= moment;
}

/**
 * The width-to-height ratio of the display a pattern describes ('16-9' is 16/9); null for a pattern with no
 * single shape (a combined one) or an unknown one, which then fills the window.
 */
export function aspectOf(pattern: string | undefined): number | null {
  const aspect = DISPLAY_PATTERNS.find((p) => p.value === pattern)?.aspect;
  if (!aspect) return null;
  const [w, h] = aspect.split('-').map(Number);
  return w && h ? w / h : null;
}
