import {
  DISPLAY_PATTERNS,
  type ResolvableSchedule,
  resolveCurrentSchedule,
  resolveNextSchedule,
  type TimeZone,
  type TManifest,
  type TManifestSchedule,
} from '@signage/domain';

type Playable = TManifestSchedule & ResolvableSchedule;
/** A manifest schedule as the domain's rules read it (its dates and times are the store's wall clock). */
const resolvable = (schedules: TManifestSchedule[]) => schedules as Playable[];

/** Seconds an image stays on screen (the manifest gives no duration for images). */
export const IMAGE_SECONDS = 10;

/** The media of a schedule this player can show: files (images, videos); live streams are not played yet. */
export const filesOf = (schedule: TManifestSchedule) => schedule.media.filter((m) => m.url !== null);

/** A schedule is ready when every file it plays is downloaded and verified (and it has something to show). */
export function isReady(schedule: TManifestSchedule, verified: ReadonlySet<string>): boolean {
  const files = filesOf(schedule);
  return files.length > 0 && files.length === schedule.media.length && files.every((m) => verified.has(m.content_id));
}

/**
 * What plays at `now`: the domain's current schedule (latest-created in range, in the store's zone) among the
 * ready ones. A newer schedule whose media are not complete yet does not start: the one before it (or the idle
 * screen) goes on meanwhile.
 */
export function scheduleAt(manifest: TManifest, verified: ReadonlySet<string>, now: Date): TManifestSchedule | null {
  const ready = manifest.schedules.filter((schedule) => isReady(schedule, verified));
  return resolveCurrentSchedule(resolvable(ready), manifest.time_zone as TimeZone, now);
}

/** The next schedule to start after `now` (any, ready or not), for the status overlay. */
export function nextScheduleAt(manifest: TManifest, now: Date): TManifestSchedule | null {
  return resolveNextSchedule(resolvable(manifest.schedules), manifest.time_zone as TimeZone, now)?.schedule ?? null;
}

/** The hour (0-23) at `now` in a zone. */
export function hourIn(zone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

/**
 * Delivery timing: Immediate ('NOW') downloads at once; Night downloads new media only from the download hour
 * (download_allow_hour, local time of the store) to midnight, or once the schedule has started (it must not
 * wait another night then).
 */
export function mayDownload(schedule: TManifestSchedule, manifest: TManifest, now: Date): boolean {
  if (schedule.delivery_timing === 'NOW' || schedule.download_allow_hour === '') return true;
  if (hourIn(manifest.time_zone, now) >= Number(schedule.download_allow_hour)) return true;
  return resolveCurrentSchedule(resolvable([schedule]), manifest.time_zone as TimeZone, now) !== null;
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
