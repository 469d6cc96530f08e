import type { Instant, LocalDate, LocalTime } from '../time';

/** Delivery timing of the setting step (SPEC.md section 9: night=0, now=1). */
export type DeliveryTiming = 'NIGHT' | 'NOW';

/**
 * The schedule as the API carries it (SPEC.md section 7). Empty strings are the spec's "missing":
 * an empty available_date_to is no end period, empty times are all day, an empty download_allow_hour is
 * the option off. Times are 'HH:mm:ss': from-seconds 00 and to-seconds 59, so the end minute is included.
 */
export type ScheduleValues = {
  playlist_name: string;
  schedule_name: string;
  available_date_from: LocalDate | '';
  available_date_to: LocalDate | '';
  available_time_from: LocalTime | '';
  available_time_to: LocalTime | '';
  download_allow_hour: '23' | '';
  /** Ordered content ids. */
  contents: string[];
  /** Device codes of the players. */
  dest: string[];
};

/** The fields an update may send (PUT sends zone_code plus the changed ones). */
export type ScheduleChanges = Partial<ScheduleValues>;

/**
 * The setting step's form. Times are 'HH:mm' as the pickers show them. `downloadAllowHour` is the
 * download-hour option, kept apart from `timing` because the spec gives each its own transition; the
 * transitions of this module keep them in step (Night turns the option on, Immediate turns it off).
 */
export type ScheduleForm = {
  playlistName: string;
  scheduleName: string;
  timing: DeliveryTiming;
  downloadAllowHour: boolean;
  /** 'No expiration' checked: no end date is sent and both dates are disabled. */
  noEndPeriod: boolean;
  allDay: boolean;
  dateFrom: LocalDate;
  dateTo: LocalDate;
  timeFrom: string;
  timeTo: string;
  /** The first selected content is a live stream: Immediate is forced, end date and time hidden. */
  firstContentLive: boolean;
  dest: string[];
  contents: string[];
};

/** What resolution needs of a schedule; the API's schedule rows fit it. */
export type ResolvableSchedule = {
  schedule_id: string;
  /** When the schedule was created; the latest-created schedule wins among those in range. */
  created_at: Instant | string | Date;
  available_date_from: LocalDate | '' | null;
  available_date_to: LocalDate | '' | null;
  available_time_from: LocalTime | '' | null;
  available_time_to: LocalTime | '' | null;
};

/** One stretch during which a schedule plays; null bounds are open (no start or no end date). */
export type ScheduleWindow = { start: Instant | null; end: Instant | null };

/** A rule the form or the values break: the field to mark and the catalogue text to show. */
export type ScheduleIssue = {
  field:
    | 'playlist_name'
    | 'schedule_name'
    | 'dest'
    | 'contents'
    | 'available_date_from'
    | 'available_date_to'
    | 'available_time_from'
    | 'available_time_to';
  message: string;
};
