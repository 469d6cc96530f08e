/** 'YYYY-MM-DD HH:mm' in GMT (SPEC.md section 9: timestamps are shown in GMT). */
export function formatGmt(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toISOString().slice(0, 16).replace('T', ' ');
}
