/**
 * Every timestamp the console shows is in GMT (SPEC.md section 9). One reading of the server's instants
 * (ISO 8601 text) for all of them: day 'YYYY-MM-DD', minute 'HH:mm', second 'HH:mm:ss', or null when the
 * text is no instant.
 */
function gmtParts(iso: string): { day: string; minute: string; second: string } | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const text = instant.toISOString();
  return { day: text.slice(0, 10), minute: text.slice(11, 16), second: text.slice(11, 19) };
}

/** 'YYYY-MM-DD HH:mm' in GMT; '-' for none. */
export function formatGmt(iso: string | null | undefined): string {
  const parts = iso ? gmtParts(iso) : null;
  return parts ? `${parts.day} ${parts.minute}` : '-';
}

/** 'YYYY-MM-DD HH:mm:ss GMT' (the zone named); text that is no instant is shown as it came. */
export function formatGmtSeconds(iso: string): string {
  const parts = gmtParts(iso);
  return parts ? `${parts.day} ${parts.second} GMT` : iso;
}

/** 'HH:mm' when on the same GMT day as `now`, else 'YYYY-MM-DD HH:mm' (both GMT; the texts around say so). */
export function gmtShort(iso: string, now: Date): string {
  const parts = gmtParts(iso);
  if (!parts) return iso;
  return parts.day === now.toISOString().slice(0, 10) ? parts.minute : `${parts.day} ${parts.minute}`;
}
