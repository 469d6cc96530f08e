import { Temporal } from 'temporal-polyfill';

/**
 * The time model (ARCHITECTURE.md section 3, Time). Three kinds of value that must never be mixed up:
 * - LocalDate 'YYYY-MM-DD' and LocalTime 'HH:mm:ss' are wall-clock values at a store: a schedule's
 *   dates and times, a content's licence dates. They mean different instants in different zones.
 * - Instant is a moment on the UTC line (ISO 8601 with 'Z'), what the database stores.
 * The zone rules come from the Temporal polyfill: it follows the TC39 Temporal standard (so it can give
 * way to the engine's own Temporal later without changing a caller), reads the zone database of the
 * runtime's Intl, and its 'compatible' disambiguation is exactly the DST policy stated at instantOf.
 * Only the functions a caller imports end up in the console's bundle (the package is side-effect free).
 */
declare const brand: unique symbol;
type Branded<T, B extends string> = T & { readonly [brand]: B };

export type LocalDate = Branded<string, 'LocalDate'>;
export type LocalTime = Branded<string, 'LocalTime'>;
export type Instant = Branded<string, 'Instant'>;
/** An IANA zone id as the zone database spells it ('Asia/Tokyo', 'UTC'). */
export type TimeZone = Branded<string, 'TimeZone'>;
export type ZonedNow = { date: LocalDate; time: LocalTime };

export const UTC = 'UTC' as TimeZone;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
// Zone ids are names ('Area/City', 'UTC'); offsets like '+09:00' are refused because they know no DST.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * Zone names the runtime knew, by spelling, with their canonical id: every heartbeat carries its player's
 * zone, and asking the runtime costs about as much as the rest of the beat's validation. Only names that
 * are zones are kept, so the map is bounded by the zone database (and the spellings of its names).
 */
const knownZones = new Map<string, TimeZone>();
const KNOWN_ZONES_MAX = 4096;

/** The zone id in its canonical spelling, or null when it is not a zone name the runtime knows. */
export function parseZone(value: string): TimeZone | null {
  if (typeof value !== 'string') return null;
  const known = knownZones.get(value);
  if (known !== undefined) return known;
  if (value.length > 64 || !ZONE_NAME.test(value)) return null;
  try {
    const zone = new Temporal.ZonedDateTime(0n, value).timeZoneId as TimeZone;
    if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(value, zone);
    return zone;
  } catch {
    return null;
  }
}

export function isValidZone(value: string): value is TimeZone {
  return parseZone(value) === value;
}

/** 'YYYY-MM-DD' that names a real calendar day, or null. */
export function parseLocalDate(value: string): LocalDate | null {
  if (typeof value !== 'string' || !LOCAL_DATE.test(value)) return null;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' }).toString() as LocalDate;
  } catch {
    return null;
  }
}

/** 'HH:mm:ss' or 'HH:mm' (seconds 00) of a real clock time, as 'HH:mm:ss'; null otherwise. */
export function parseLocalTime(value: string): LocalTime | null {
  const match = typeof value === 'string' ? LOCAL_TIME.exec(value) : null;
  if (!match) return null;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}` as LocalTime;
}

export function instantFromDate(date: Date): Instant {
  return Temporal.Instant.fromEpochMilliseconds(date.getTime()).toString() as Instant;
}

export function dateOfInstant(instant: Instant): Date {
  return new Date(Temporal.Instant.from(instant).epochMilliseconds);
}

const toTemporalInstant = (at: Instant | Date) =>
  at instanceof Date ? Temporal.Instant.fromEpochMilliseconds(at.getTime()) : Temporal.Instant.from(at);

function zoned(zone: TimeZone, at: Instant | Date): Temporal.ZonedDateTime {
  return toTemporalInstant(at).toZonedDateTimeISO(zone);
}

/** The store's wall clock at a moment (now by default), to the second. */
export function zonedNow(zone: TimeZone, at: Instant | Date = new Date()): ZonedNow {
  const here = zoned(zone, at);
  return {
    date: here.toPlainDate().toString() as LocalDate,
    time: here.toPlainTime().toString({ smallestUnit: 'second' }) as LocalTime,
  };
}

/**
 * The day a content's licence is judged by, the one rule for it: the store's calendar day, in the player's
 * configured zone (the manifest, the schedule checks and the content forms all ask this). A licence ending
 * on a date plays to the end of that date at the store, wherever the console's user sits.
 */
export function licenceDayIn(storeZone: TimeZone, at: Instant | Date = new Date()): LocalDate {
  return todayIn(storeZone, at);
}

/** The store's calendar day at a moment (now by default). */
export function todayIn(zone: TimeZone, at: Instant | Date = new Date()): LocalDate {
  return zoned(zone, at).toPlainDate().toString() as LocalDate;
}

/**
 * The instant a store-local date and time name in a zone. DST policy (Temporal's 'compatible'):
 * a time skipped by a spring-forward gap is shifted forward by the gap's length (02:30 in a one-hour gap
 * is 03:30 after it), so a schedule starting in the gap starts as soon as the clock allows; a time that
 * occurs twice in an autumn overlap is the earlier one, so a start is never late by an hour.
 */
export function instantOf(date: LocalDate, time: LocalTime, zone: TimeZone): Instant {
  const local = Temporal.PlainDateTime.from(`${date}T${time}`);
  return local.toZonedDateTime(zone, { disambiguation: 'compatible' }).toInstant().toString() as Instant;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return Temporal.PlainDate.from(date).add({ days }).toString() as LocalDate;
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;
}

/** The zone's offset from UTC at a moment, in minutes (east positive: Tokyo +540, New York -300 or -240). */
export function offsetMinutes(zone: TimeZone, at: Instant | Date = new Date()): number {
  return Math.round(zoned(zone, at).offsetNanoseconds / 60_000_000_000);
}

/** 'UTC+09:00', 'UTC-03:30', 'UTC+00:00': the offset as people read it. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The zone this browser or process runs in; UTC when the runtime does not say or names none we know. */
export function runtimeZone(): TimeZone {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (zone && parseZone(zone)) || UTC;
}

/**
 * The zone whose 'today' is the last to begin on Earth (UTC-12, no DST). A date that is not before today
 * there is today or later for every store in the world.
 */
export const LATEST_ZONE = 'Etc/GMT+12' as TimeZone;

/**
 * The zone's offsets over [from, to): the one in effect at `from` (from the transition that began it, null when
 * the zone never changed before), then one entry per transition before `to`. What a manifest carries so that a
 * player reads the store's wall clock from instants alone (rules/instants.ts, offsetAt).
 */
export function zoneOffsetsBetween(zone: TimeZone, from: Date, to: Date): { at: Instant | null; minutes: number }[] {
  const out: { at: Instant | null; minutes: number }[] = [];
  let here = zoned(zone, from);
  const previous = here.getTimeZoneTransition('previous');
  out.push({
    at: previous ? (previous.toInstant().toString() as Instant) : null,
    minutes: Math.round(here.offsetNanoseconds / 60_000_000_000),
  });
  for (let i = 0; i < 64; i += 1) {
    const next = here.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds >= to.getTime()) break;
    out.push({
      at: next.toInstant().toString() as Instant,
      minutes: Math.round(next.offsetNanoseconds / 60_000_000_000),
    });
    here = next;
  }
  return out;
}

/** The first transition of a zone strictly after a moment, or null when it has none. */
export function nextZoneTransition(zone: TimeZone, after: Date): Date | null {
  const next = zoned(zone, after).getTimeZoneTransition('next');
  return next ? new Date(next.epochMilliseconds) : null;
}
