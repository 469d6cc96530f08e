import { AUDIT_CSV_MAX_ROWS, type TAuditEntry } from '@signage/domain';

/**
 * A CSV field: quoted when it holds a separator, quote or line break; a text a spreadsheet would read as a
 * formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;
/** UTF-8 with a byte order mark, so spreadsheets read Japanese, Chinese and Korean names right. */
const BOM = '\uFEFF';

export const AUDIT_CSV_HEADER = ['id', 'at', 'user', 'action', 'object', 'region', 'changes', 'detail'] as const;

const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

/** One line per entry, newest first; `changes` as `field: before -> after` lines, `detail` as JSON. */
export function csvText(entries: readonly TAuditEntry[], truncated: boolean): string {
  let text = BOM + csvLine(AUDIT_CSV_HEADER);
  for (const entry of entries) {
    const changes = entry.changes.map((c) => `${c.field}: ${json(c.before)} -> ${json(c.after)}`).join('\n');
    text += csvLine([
      entry.id,
      entry.at,
      entry.actor,
      entry.action,
      entry.object,
      entry.region,
      changes,
      json(entry.detail),
    ]);
  }
  if (truncated) text += csvLine([`Only the newest ${AUDIT_CSV_MAX_ROWS} entries are included; narrow the filters`]);
  return text;
}
