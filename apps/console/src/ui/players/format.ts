/** 'YYYY-MM-DD HH:mm' in GMT (SPEC.md section 9: timestamps are shown in GMT). */
export function formatGmt(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** 'HH:mm' when on the same GMT day as now, else 'YYYY-MM-DD HH:mm' (both GMT). */
export function gmtShort(iso: string, now: Date): string {
  const text = new Date(iso).toISOString();
  const sameDay = text.slice(0, 10) === now.toISOString().slice(0, 10);
  return sameDay ? text.slice(11, 16) : `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

/** Bytes for people: 980 B, 12.3 MB, 2.0 GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
