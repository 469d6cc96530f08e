/**
 * The player's clock texts in SPEC.md section 9's formats, 'YYYY-MM-DD', 'HH:mm' and 'HH:mm:ss', in the
 * store's zone (the manifest's `time_zone`; the device's own before the first manifest), whatever the
 * browser's locale would write (no '12:08 AM', no '11/28/2026').
 */
export type ClockText = { date: string; minute: string; second: string };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...(zone ? { timeZone: zone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

/** `at` on the clock of `zone` ('' for the device's zone). */
export function clockText(at: Date, zone: string): ClockText {
  const part: Record<string, string> = {};
  for (const { type, value } of formatIn(zone).formatToParts(at)) part[type] = value;
  const minute = `${part.hour}:${part.minute}`;
  return { date: `${part.year}-${part.month}-${part.day}`, minute, second: `${minute}:${part.second}` };
}
